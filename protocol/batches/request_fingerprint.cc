#include "protocol/batches/request_fingerprint.h"

#include <cstdint>
#include <functional>

namespace ddb::protocol {

std::string request_fingerprint(const Json& request) {
  std::string text = request.dump(-1, ' ', false, Json::error_handler_t::replace);
  uint64_t fnv = 14695981039346656037ull;
  for (unsigned char c : text) fnv = (fnv ^ c) * 1099511628211ull;
  return std::to_string(fnv) + ":" + std::to_string(std::hash<std::string>{}(text));
}

}  // namespace ddb::protocol
