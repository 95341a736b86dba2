#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace ddb::engine {

// The server's clock: real time plus an offset that tests move through the admin API (POST
// /ddblocal/clock), so that TTL expiry, stream shard rollover, the timestamps in descriptions and
// idempotency windows can be reached without waiting. Signature checks keep the real time.
// Lock-free and thread-safe.
class Clock {
 public:
  using time_point = std::chrono::system_clock::time_point;

  time_point now() const { return std::chrono::system_clock::now() + offset(); }
  int64_t now_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(now().time_since_epoch()).count();
  }
  int64_t now_us() const {
    return std::chrono::duration_cast<std::chrono::microseconds>(now().time_since_epoch()).count();
  }
  // How far ahead of (or behind) real time the clock is.
  std::chrono::microseconds offset() const {
    return std::chrono::microseconds(offset_us_.load(std::memory_order_relaxed));
  }
  void advance(std::chrono::microseconds by) {
    offset_us_.fetch_add(by.count(), std::memory_order_relaxed);
  }
  // From now on the clock reads `at`, then runs on with real time.
  void set(time_point at) {
    offset_us_.store(
        std::chrono::duration_cast<std::chrono::microseconds>(at - std::chrono::system_clock::now())
            .count(),
        std::memory_order_relaxed);
  }

 private:
  std::atomic<int64_t> offset_us_{0};
};

}  // namespace ddb::engine
