#pragma once

#include <string>

#include "server/router.h"

namespace ddb::server {

// Appends `response`'s status line and header fields, with the blank line that ends them, to
// `out`: the bytes Beast's serializer writes before the body. The session sends them and the body
// in one gathered write, which costs a fraction of Beast's buffer-sequence serializer per request.
// The response must not be chunked (its body goes out as it is, after these bytes).
void append_response_head(const HttpResponse& response, std::string& out);

}  // namespace ddb::server
