#pragma once

#include <string>
#include <string_view>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// Writes a JSON document as a response body: exactly the bytes of
// `json.dump(-1, ' ', false, Json::error_handler_t::replace)` (compact, keys in the object's order,
// UTF-8 kept as is, invalid UTF-8 replaced with U+FFFD), in less time. A string with nothing to
// escape (the common case: names, keys, 1 KB payloads) is copied in one piece instead of being
// escaped byte by byte; numbers, booleans and null are written by nlohmann itself.
// Pure function; thread-safe.
std::string write_json(const Json& json);
// The same, appended to `out`.
void write_json(const Json& json, std::string& out);

// Appends `text` as a JSON string, quotes included, with nlohmann's escaping: `"`, `\` and the
// control characters escaped (\b \t \n \f \r, else \u00XX in lower-case hex), valid UTF-8 copied,
// and each invalid sequence replaced with U+FFFD exactly where nlohmann's decoder replaces it.
void write_json_string(std::string_view text, std::string& out);

}  // namespace ddb::protocol
