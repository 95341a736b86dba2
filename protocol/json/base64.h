#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ddb::protocol {

// Standard base64 (RFC 4648, with padding), as DynamoDB sends binary values.
std::string base64_encode(std::string_view bytes);
// Decodes standard padded base64; std::nullopt for anything else.
std::optional<std::string> base64_decode(std::string_view text);
// Whether base64_decode(text) would decode it, without decoding.
bool base64_valid(std::string_view text);

}  // namespace ddb::protocol
