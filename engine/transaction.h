#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "engine/item.h"
#include "engine/table.h"

namespace ddb::engine {

// One action of a write transaction on one item. `decide` gets the item (or nullptr) under the
// locks of every item in the transaction and returns the item to store, or nullopt to leave the
// key without an item; it throws Error to fail the action. A ConditionCheck only decides
// (`writes` false).
struct TransactionAction {
  std::shared_ptr<Table> table;
  Key key;
  WriteDecision decide;
  bool writes = true;
};

// One read of a read transaction.
struct TransactionRead {
  std::shared_ptr<const Table> table;
  Key key;
};

// All-or-nothing operations over items of one or more tables. Each locks every shard its items
// live in, in one global order (table, then shard), so two transactions never deadlock, and a
// single-item write, which holds one shard lock at a time, never sees half of one.
class Transaction {
 public:
  // Decides every action; when all succeed, applies every write and returns each writing
  // action's previous item. Otherwise changes nothing and throws TransactionCanceled with one
  // reason per action, in order: every failed condition, or only the first validation error.
  // Requires: no two actions on the same item.
  static std::vector<std::optional<Item>> write(std::vector<TransactionAction>& actions);

  // Reads the items as one snapshot: no write lands between two of the reads.
  static std::vector<std::optional<Item>> read(const std::vector<TransactionRead>& reads);
};

}  // namespace ddb::engine
