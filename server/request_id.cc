#include "server/request_id.h"

#include <cstdint>
#include <random>

namespace ddb::server {

std::string new_request_id() {
  static constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  static constexpr std::uint64_t kBase = sizeof(kAlphabet) - 1;
  // 36^12 < 2^64, so one 64-bit draw yields 12 characters; the modulo bias is far below anything a
  // client could notice.
  static constexpr int kCharsPerDraw = 12;
  thread_local std::mt19937_64 generator{[] {
    std::random_device device;
    return (std::uint64_t{device()} << 32) | device();
  }()};

  std::string id(kRequestIdLength, '0');
  std::uint64_t bits = 0;
  int left = 0;
  for (char& c : id) {
    if (left == 0) {
      bits = generator();
      left = kCharsPerDraw;
    }
    c = kAlphabet[bits % kBase];
    bits /= kBase;
    --left;
  }
  return id;
}

}  // namespace ddb::server
