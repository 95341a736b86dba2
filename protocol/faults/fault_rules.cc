#include "protocol/faults/fault_rules.h"

#include <algorithm>
#include <utility>

#include "engine/error_details.h"
#include "protocol/faults/fault_request.h"

namespace ddb::protocol {

namespace {

bool names_one_of(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The action of `request` a CancelTransaction rule gives its TransactionConflict reason: its
// transactionItem, else the first action on one of its tables, else the first action; empty when
// the request has no such action (the rule then does not apply).
std::optional<std::size_t> conflicting_item(const FaultRule& rule, const FaultRequest& request) {
  if (rule.transaction_item) {
    if (*rule.transaction_item < request.transaction_items) return rule.transaction_item;
    return std::nullopt;
  }
  if (rule.tables.empty()) {
    return request.transaction_items > 0 ? std::optional<std::size_t>(0) : std::nullopt;
  }
  for (std::size_t i = 0; i < request.tables.size(); ++i) {
    if (names_one_of(rule.tables, request.tables[i])) return i;
  }
  return std::nullopt;
}

bool applies(const FaultRule& rule, const FaultRequest& request) {
  if (!rule.operations.empty() && !names_one_of(rule.operations, request.operation)) return false;
  if (!rule.tables.empty() &&
      std::none_of(request.tables.begin(), request.tables.end(),
                   [&](std::string_view table) { return names_one_of(rule.tables, table); })) {
    return false;
  }
  return rule.action != FaultAction::CancelTransaction || conflicting_item(rule, request);
}

// DynamoDB's answer to a transaction that met another one on action `item`: TransactionConflict
// for it, None for the others (API reference, TransactionCanceledException).
engine::Error transaction_conflict(std::size_t item, std::size_t items) {
  std::vector<engine::CancellationReason> reasons(items, {"None", "", std::nullopt});
  reasons[item] = {"TransactionConflict", "Transaction is ongoing for the item", std::nullopt};
  return engine::transaction_canceled(std::move(reasons));
}

}  // namespace

FaultOutcome FaultRules::decide(std::string_view operation, const Json& request) {
  const FaultRequest target = fault_request(operation, request);
  FaultOutcome outcome;
  std::lock_guard lock(mutex_);
  for (RuleState& state : rules_) {
    const FaultRule& rule = state.rule;
    if (state.retired() || !applies(rule, target)) continue;
    ++state.matched;
    if (state.matched % rule.every != 0) continue;
    if (rule.probability < 1 && !draw(rule.probability)) continue;
    ++state.hits;
    outcome.latency += rule.latency;
    if (rule.action == FaultAction::Delay) continue;
    if (rule.action == FaultAction::Fail) {
      outcome.error = engine::Error(rule.error, rule.message);
    } else if (rule.action == FaultAction::CancelTransaction) {
      outcome.error =
          transaction_conflict(*conflicting_item(rule, target), target.transaction_items);
    } else {
      outcome.unprocessed = UnprocessedShare(rule.share, random_(), rule.tables);
    }
    break;
  }
  // Once every rule has retired, requests skip the rules again.
  if (std::all_of(rules_.begin(), rules_.end(), [](const RuleState& s) { return s.retired(); })) {
    armed_.store(false, std::memory_order_relaxed);
  }
  return outcome;
}

bool FaultRules::draw(double probability) {
  // 53 random bits as a double in [0, 1): the same on every platform, unlike the standard
  // distributions, whose algorithms are the library's choice.
  const double uniform = static_cast<double>(random_() >> 11) * 0x1.0p-53;
  return uniform < probability;
}

void FaultRules::replace(FaultRuleSet set) {
  std::lock_guard lock(mutex_);
  rules_.clear();
  for (FaultRule& rule : set.rules) rules_.push_back({std::move(rule)});
  seed_ = set.seed;
  random_.seed(seed_ ? *seed_ : std::random_device{}());
  armed_.store(!rules_.empty(), std::memory_order_relaxed);
}

Json FaultRules::to_json() const {
  std::lock_guard lock(mutex_);
  Json rules = Json::array();
  for (const RuleState& state : rules_) {
    Json entry = state.rule.source;
    entry["matched"] = state.matched;
    entry["hits"] = state.hits;
    if (state.rule.count) entry["remaining"] = *state.rule.count - state.hits;
    rules.push_back(std::move(entry));
  }
  Json answer = {{"rules", std::move(rules)}};
  if (seed_) answer["seed"] = *seed_;
  return answer;
}

}  // namespace ddb::protocol
