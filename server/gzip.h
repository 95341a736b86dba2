#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ddb::server {

// The content codings DynamoDB reads in requests and writes in responses.
enum class Coding { Identity, Gzip, Deflate };

// Responses shorter than this go out uncompressed whatever the client accepts: DynamoDB sends a
// 2 KB body plain and compresses bodies over about 4 KB (issue 20).
inline constexpr std::size_t kMinCompressedResponseBytes = 4096;

// `data` encoded as gzip (RFC 1952) or deflate (a zlib stream, RFC 1950). Requires: not Identity.
std::string compress(std::string_view data, Coding coding);
inline std::string gzip_compress(std::string_view data) { return compress(data, Coding::Gzip); }

// What decompress found.
struct Inflated {
  enum class Status { Ok, Invalid, TooLarge };
  Status status = Status::Ok;
  std::string data;  // the decoded bytes when Ok
};

// Decodes `data`, which must be one or more gzip members back to back (gzip) or one zlib stream
// (deflate), filling it exactly. TooLarge as soon as the output would pass `max_bytes` (a small
// body can expand enormously), Invalid for anything else, the empty body included. Requires: not
// Identity.
Inflated decompress(std::string_view data, Coding coding, std::size_t max_bytes);
inline Inflated gzip_decompress(std::string_view data, std::size_t max_bytes) {
  return decompress(data, Coding::Gzip, max_bytes);
}

// The coding a request's Content-Encoding names: Identity when it is empty, nullopt for anything
// but gzip and deflate (case-insensitive, trimmed).
std::optional<Coding> request_coding(std::string_view content_encoding);

// The coding a response gets under `accept_encoding` (the first Accept-Encoding field's value), by
// DynamoDB's rules (issue 20): names are case-insensitive and trimmed and only gzip and deflate
// count; the highest q wins and a tie goes to the first listed; "*" stands for gzip then deflate
// where they are not named; q=0 and a negative q exclude, q over 1 or unparsable counts as 1; of a
// coding named twice, a positive q wins. Identity when none is acceptable.
Coding response_coding(std::string_view accept_encoding);

}  // namespace ddb::server
