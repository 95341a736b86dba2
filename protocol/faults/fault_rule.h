#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/error.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// What a fault rule does to a request it fires on.
enum class FaultAction {
  Delay,              // only latencyMs: the request runs, its answer comes later
  Fail,               // an error instead of the request (nothing runs)
  CancelTransaction,  // TransactionCanceledException with a TransactionConflict reason
  LeaveUnprocessed,   // BatchWriteItem / BatchGetItem: a share of the batch is not run
};

// One fault rule, parsed and checked (docs/ADMIN.md, "Fault injection"). The JSON shape is a public
// contract: {"operation": "PutItem" or a list, "table": a name or a list, "reads": true,
// "writes": true, "error": ..., "message": ..., "probability": 0-1, "every": N, "count": N,
// "latencyMs": N, "share": 0-1, "transactionItem": i}.
struct FaultRule {
  // The operations it applies to; empty: every operation. "reads" and "writes" are expanded into
  // their operations here, and a rule whose action fits some operations only (a batch share, a
  // cancelled transaction) lists those.
  std::vector<std::string> operations;
  // The tables it applies to (names; an ARN is reduced to its name); empty: any request, with a
  // table or none.
  std::vector<std::string> tables;
  FaultAction action = FaultAction::Delay;
  // For Fail: the error and its message.
  engine::ErrorType error = engine::ErrorType::InternalServer;
  std::string message;
  double probability = 1;
  // Fires on every `every`-th request it applies to (1: each one).
  std::uint64_t every = 1;
  // Retires after this many hits; empty: never.
  std::optional<std::uint64_t> count;
  std::chrono::milliseconds latency{0};
  // For LeaveUnprocessed: the part of the batch's requests (on the rule's tables) left unprocessed.
  double share = 0.5;
  // For CancelTransaction: the action that gets the TransactionConflict reason; empty: the first
  // on one of the rule's tables (the first of all without tables).
  std::optional<std::size_t> transaction_item;
  // The rule as it was given, which GET /ddblocal/faults echoes.
  Json source;
};

// A rule list and the seed of its random choices (empty: a random seed).
struct FaultRuleSet {
  std::vector<FaultRule> rules;
  std::optional<std::uint64_t> seed;
};

// A rule list that cannot be used; the message names the rule ("rule 2: probability must be a
// number from 0 to 1").
class BadFaultRules : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The most latencyMs a rule may add: ten minutes, longer than any SDK waits for an answer.
inline constexpr std::int64_t kMaxFaultLatencyMs = 600'000;

// Reads {"rules": [...], "seed": N} (the --faults file, the body of PUT /ddblocal/faults).
// Throws BadFaultRules for anything it cannot use: an unknown member, an operation DynamoDB does
// not have, an unknown error, a value out of range. Pure function.
FaultRuleSet parse_fault_rules(const Json& document);

}  // namespace ddb::protocol
