#pragma once

#include <string_view>

#include "engine/error.h"
#include "protocol/call.h"

namespace ddb::protocol {

// The HTTP status and JSON body DynamoDB sends for `error`:
// {"__type":"<namespace>#<Name>","message":"..."}. The only place that knows each error's
// namespace.
Response error_response(const engine::Error& error);

// The short name of an error type, as the part of `__type` after '#': "ValidationException".
std::string_view error_type_name(engine::ErrorType type);

}  // namespace ddb::protocol
