#pragma once

#include <string>

#include "protocol/json_fields.h"

namespace ddb::protocol {

// Writes a JSON document as a response body: exactly the bytes of
// `json.dump(-1, ' ', false, Json::error_handler_t::replace)` (compact, keys in the object's order,
// UTF-8 kept as is, invalid UTF-8 replaced with U+FFFD), in less time. A string with nothing to
// escape (the common case: names, keys, 1 KB payloads) is copied in one piece instead of being
// escaped byte by byte; any other string, number, boolean or null is written by nlohmann itself.
// Pure function; thread-safe.
std::string write_json(const Json& json);

}  // namespace ddb::protocol
