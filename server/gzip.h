#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ddb::server {

// Responses at least this long are gzip-compressed for a client that sends Accept-Encoding: gzip.
// Below about one TCP segment (~1460 bytes) compression saves no round trip and costs CPU.
inline constexpr std::size_t kGzipMinResponseBytes = 1024;

// The gzip (RFC 1952) encoding of `data`.
std::string gzip_compress(std::string_view data);

// What gzip_decompress found.
struct Inflated {
  enum class Status { Ok, Invalid, TooLarge };
  Status status = Status::Ok;
  std::string data;  // the decoded bytes when Ok
};

// Decodes one gzip member that must fill `data` exactly. TooLarge as soon as the output would pass
// `max_bytes` (a small body can expand enormously), Invalid for anything that is not gzip.
Inflated gzip_decompress(std::string_view data, std::size_t max_bytes);

// Whether an Accept-Encoding header value allows gzip: "gzip" or "*" listed without q=0.
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace ddb::server
