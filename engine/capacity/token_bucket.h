#pragma once

#include <algorithm>
#include <cstdint>

namespace ddb::engine {

// Capacity units that refill at `rate` per second, up to `burst_seconds` of unused capacity. A new
// bucket holds one second's worth: the current second's capacity, nothing banked (DynamoDB's
// burst capacity, Developer Guide "Burst capacity"). Spending may take the balance below zero, as
// a read's cost is known only once it has run; admission asks for at least `units` first.
// Times are microseconds of the server's clock, counted from the bucket's first use; a clock
// moved back refills nothing.
// Thread-compatible.
class TokenBucket {
 public:
  TokenBucket(double rate, double burst_seconds)
      : rate_(rate), most_(rate * burst_seconds), balance_(rate) {}

  double balance(int64_t now_us) {
    refill(now_us);
    return balance_;
  }
  bool holds(double units, int64_t now_us) { return balance(now_us) >= units; }
  void spend(double units, int64_t now_us) {
    refill(now_us);
    balance_ -= units;
  }
  // Whether the bucket holds all it can. A full bucket of one second's ceiling is what a new one
  // would be, so it can be dropped.
  bool full(int64_t now_us) { return balance(now_us) >= most_; }
  // A new rate (UpdateTable): the balance is kept, within the new ceiling.
  void set_rate(double rate, double burst_seconds) {
    rate_ = rate;
    most_ = rate * burst_seconds;
    balance_ = std::min(balance_, most_);
  }

 private:
  void refill(int64_t now_us) {
    if (last_us_ == kUnused) last_us_ = now_us;
    if (now_us <= last_us_) return;
    balance_ = std::min(most_, balance_ + rate_ * static_cast<double>(now_us - last_us_) / 1e6);
    last_us_ = now_us;
  }

  double rate_;
  double most_;
  double balance_;
  static constexpr int64_t kUnused = INT64_MIN;
  int64_t last_us_ = kUnused;
};

}  // namespace ddb::engine
