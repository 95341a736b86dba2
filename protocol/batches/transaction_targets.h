#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/item.h"
#include "engine/table.h"
#include "protocol/context.h"

namespace ddb::protocol {

// The item one action of TransactWriteItems or TransactGetItems names: its table and its key,
// checked against the table's key schema as DynamoDB does for transactions (paritysuite captures
// and scylladb's test_transact.py, run against AWS): an empty or oversized key value rejects the
// whole request (ValidationException), while a key of the wrong shape or type is that action's
// ValidationError, which cancels the transaction.
struct TransactionTarget {
  std::shared_ptr<engine::Table> table;
  std::optional<engine::Key> key;        // set when the key has the schema's shape and types
  std::optional<engine::Error> invalid;  // the action's ValidationError, if it has one
};

// Each action's table, in request order; ResourceNotFoundException "Requested resource not found"
// for the first that does not exist (a missing table is not a cancellation).
std::vector<std::shared_ptr<engine::Table>> require_tables(const RequestContext& ctx,
                                                           const std::vector<std::string>& names);

// The target of a Put: the key attributes of the item it stores. The reason for a key of the wrong
// type is PutItem's ("One or more parameter values were invalid: Type mismatch for key pk
// expected: S actual: N").
TransactionTarget item_target(std::shared_ptr<engine::Table> table, const engine::Item& item);

// The target of a Key member (Update, Delete, ConditionCheck, Get): the reason for a key of the
// wrong shape or type is "The provided key element does not match the schema".
TransactionTarget key_target(std::shared_ptr<engine::Table> table, const engine::Item& key);

// Throws, in this order: ValidationException "Transaction request cannot include multiple
// operations on one item" when two targets name the same item of the same table; then
// TransactionCanceledException with the first invalid target's ValidationError and "None" for
// every other action (DynamoDB validates every action before it runs any, and stops at the first
// validation error: scylladb test_transact.py, run against AWS).
void check_targets(const std::vector<TransactionTarget>& targets);

}  // namespace ddb::protocol
