#include "engine/uuid.h"

#include <random>

namespace ddb::engine {

std::string random_uuid() {
  thread_local std::mt19937_64 random{std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::string uuid = "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx";
  for (char& c : uuid) {
    if (c == 'x') c = kHex[random() & 15];
    if (c == 'y') c = kHex[8 + (random() & 3)];
  }
  return uuid;
}

}  // namespace ddb::engine
