#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "protocol/faults/fault_rule.h"
#include "protocol/faults/unprocessed_share.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// What the fault rules do to one request.
struct FaultOutcome {
  // How long the answer waits (the session waits; no thread is held).
  std::chrono::milliseconds latency{0};
  // The answer instead of running the request; empty: the request runs.
  std::optional<engine::Error> error;
  // For a batch that runs: the requests it leaves unprocessed.
  std::optional<UnprocessedShare> unprocessed;
};

// The fault rules in force (docs/ADMIN.md, "Fault injection"): set from --faults and by
// PUT/DELETE /ddblocal/faults, consulted by the Dispatcher for every request. Thread-safe.
//
// Rules are tried in order. A rule applies to a request by operation and table; it fires on every
// `every`-th request it applies to, then with its probability, and retires after `count` hits.
// A firing rule with only a latency adds it and the next rules are tried; the first that fires
// with an error (or a batch share) decides the answer and ends the search. One pseudo-random
// sequence, seeded by the rule set's seed, makes every choice: the same seed and the same
// sequence of requests give the same outcomes.
class FaultRules {
 public:
  // Whether any rule may still fire. One relaxed atomic load: with no rules it is all a request
  // pays. A request that runs while the rules change may see the old answer.
  bool armed() const noexcept { return armed_.load(std::memory_order_relaxed); }

  // Tries the rules on `request` (a parsed body of operation `operation`), counting hits.
  FaultOutcome decide(std::string_view operation, const Json& request);

  // Replaces the rules (their counts start again) and reseeds.
  void replace(FaultRuleSet set);
  void clear() { replace({}); }

  // {"rules": [each rule as given, with "matched", "hits" and, for a rule with a count,
  // "remaining"], "seed": N (when set)}.
  Json to_json() const;

 private:
  struct RuleState {
    FaultRule rule;
    std::uint64_t matched = 0;  // requests it applied to
    std::uint64_t hits = 0;     // of those, the ones it fired on
    bool retired() const { return rule.count && hits >= *rule.count; }
  };

  // Whether the next draw (uniform in [0, 1)) falls under `probability`.
  bool draw(double probability);

  mutable std::mutex mutex_;
  std::vector<RuleState> rules_;
  std::optional<std::uint64_t> seed_;
  std::mt19937_64 random_;
  std::atomic<bool> armed_{false};
};

}  // namespace ddb::protocol
