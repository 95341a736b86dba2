#pragma once

#include <optional>

#include "engine/expression.h"
#include "engine/item.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// What a PutItem, UpdateItem or DeleteItem checks under the item's lock before it writes. The
// condition comes from ConditionExpression (or, translated, from the legacy Expected): each
// operation sets it in one place.
struct WriteCondition {
  std::optional<engine::Condition> condition;
  // ReturnValuesOnConditionCheckFailure=ALL_OLD: the failure carries the item it saw.
  bool return_item_on_failure = false;

  // Throws ConditionalCheckFailedException ("The conditional request failed") when the condition is
  // false for `current` (nullptr when there is no item, which the condition sees as empty). Call it
  // inside the engine::WriteDecision, so the check and the write share the lock.
  void check(const engine::Item* current) const;
};

// Reads ReturnValuesOnConditionCheckFailure (ALL_OLD or NONE) into `constraints`; true for ALL_OLD.
bool parse_return_on_condition_failure(const Json& request, Constraints& constraints);

}  // namespace ddb::protocol
