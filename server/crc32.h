#pragma once

#include <cstdint>
#include <string_view>

namespace ddb::server {

// CRC-32 (the zlib/IEEE 802.3 polynomial, as zlib's crc32) of `bytes`. DynamoDB sends it in decimal
// as `x-amz-crc32` over the response body bytes exactly as sent, and SDKs check it.
std::uint32_t crc32(std::string_view bytes);

}  // namespace ddb::server
