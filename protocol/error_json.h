#pragma once

#include "engine/error.h"
#include "protocol/call.h"

namespace ddb::protocol {

// The HTTP status and JSON body DynamoDB sends for `error`:
// {"__type":"<namespace>#<Name>","message":"..."}. The only place that knows each error's
// namespace.
Response error_response(const engine::Error& error);

}  // namespace ddb::protocol
