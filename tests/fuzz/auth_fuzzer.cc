// libFuzzer target: the SigV4 Authorization header and presigned-query parser (server/auth).
// Input: the Authorization header, X-Amz-Date, Date and the query string, separated by newlines
// (missing parts are empty). engine::Error is the expected answer to bad credentials; anything else
// escaping is a bug.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/error.h"
#include "server/auth.h"

namespace {

std::string_view next_line(std::string_view& input) {
  std::size_t newline = input.find('\n');
  std::string_view line = input.substr(0, newline);
  input = newline == std::string_view::npos ? std::string_view{} : input.substr(newline + 1);
  return line;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  ddb::server::AuthRequest request;
  request.authorization = next_line(input);
  request.amz_date = next_line(input);
  request.date = next_line(input);
  request.query = next_line(input);
  try {
    ddb::protocol::Caller caller = ddb::server::authenticate(request);
    if (caller.region.empty()) __builtin_trap();  // a caller always has a region
  } catch (const ddb::engine::Error&) {
    // MissingAuthenticationToken, IncompleteSignature or InvalidSignature: expected.
  }
  return 0;
}
