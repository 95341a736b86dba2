#pragma once

#include <string>

#include "server/http_message.h"

namespace ddb::server {

// Appends `response`'s status line and header fields, with the blank line that ends them, to
// `out`. After the response's own fields come Date (now), "Server: Server", Connection (when the
// version's default does not hold: "close" for HTTP/1.1, "keep-alive" for 1.0) and Content-Length,
// or "Transfer-Encoding: chunked" for a chunked response, whose body is then written as the empty
// chunked body. The bytes are those Beast's serializer writes for the same message (unit tests
// compare them).
void append_response_head(const HttpResponse& response, std::string& out);

// The bytes of an empty chunked body: the last chunk and the end of the message.
inline constexpr std::string_view kEmptyChunkedBody = "0\r\n\r\n";

}  // namespace ddb::server
