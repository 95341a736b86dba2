#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "engine/expression.h"
#include "engine/item.h"
#include "engine/table.h"
#include "protocol/json/json_fields.h"
#include "protocol/writes/conditional_write.h"

namespace ddb::protocol {

// What a write's decision saw and stored, for ConsumedCapacity and ReturnValues.
struct WriteOutcome {
  std::size_t old_size = 0;             // the current item's size; 0 when there is none
  std::size_t new_size = 0;             // the stored item's size; 0 when none is stored
  std::optional<engine::Item> updated;  // an Update's stored item
};

// One item write, parsed and validated from its request members: a PutItem, UpdateItem or
// DeleteItem, or a Put, Update, Delete or ConditionCheck of TransactWriteItems. Each operation
// reads its own members (they differ in legacy members, paths and message envelopes) and shares
// the expression parsing and the decision.
struct WritePlan {
  enum class Kind { Put, Update, Delete, ConditionCheck };
  Kind kind = Kind::Put;
  // Put: the item to store. The others: the request's Key attributes.
  engine::Item item;
  WriteCondition condition;
  // Update: the actions of UpdateExpression, or of the legacy AttributeUpdates
  // (`legacy_updates`, which words an operand-type error differently).
  std::vector<engine::UpdateAction> actions;
  bool legacy_updates = false;

  // Reads ExpressionAttributeNames/Values, then ConditionExpression and, for an Update,
  // UpdateExpression, and rejects unused names and values. `enveloped`: PutItem, UpdateItem and
  // DeleteItem report these errors inside "1 validation error detected: " (request_expressions.h).
  void parse_expressions(const Json& request, bool enveloped);

  // The decision to run under the item's lock: checks the condition, then returns the item to
  // store (Put: `item`, moved out, so it runs once; Update: the updated item or upsert; Delete
  // and ConditionCheck: nothing). Records sizes and the updated item in `outcome`. The plan and
  // `outcome` must outlive the write.
  engine::WriteDecision decision(const engine::Key& key, const engine::KeySchema& schema,
                                 WriteOutcome& outcome);
};

// Rejects an update action on a key attribute: "One or more parameter values were invalid: Cannot
// update attribute pk. This attribute is part of the key", and one on a path into a key or index
// key attribute: "Key attributes must be scalars; list random access '[]' and map lookup '.' are
// not allowed: Key: pk" (or "IndexKey: gsi_pk").
void check_key_untouched(const std::vector<engine::UpdateAction>& actions,
                         const engine::Table& table);

// An update that gives an index key attribute another type, when the type is known from the
// expression alone (a constant, arithmetic, list_append): "One or more parameter values were
// invalid: Type mismatch for Index Key c Expected: S Actual: N IndexName: index3". Checked before
// the item is read.
void check_index_key_types(const std::vector<engine::UpdateAction>& actions,
                           const engine::Table& table);

// When the type is known only from the item (SET c = other_attribute), DynamoDB says this instead
// (issue 20); UpdateItem turns the write's type mismatch (is_index_key_type_mismatch) into it.
inline constexpr std::string_view kIndexKeyUpdatedToUnsupportedType =
    "The update expression attempted to update the secondary index key to unsupported type";
bool is_index_key_type_mismatch(const engine::Error& error);

}  // namespace ddb::protocol
