#include "protocol/writes/conditional_write.h"

#include "engine/error.h"
#include "engine/error_details.h"

namespace ddb::protocol {

void WriteCondition::check(const engine::Item* current) const {
  if (!condition) return;
  static const engine::Item kNoItem;
  if (engine::evaluate(*condition, current ? *current : kNoItem)) return;
  std::optional<engine::Item> seen;
  // DynamoDB returns the item only when there is one (conformance suite, conditionalCheck.test.ts).
  if (return_item_on_failure && current) seen = *current;
  throw engine::conditional_check_failed(std::move(seen));
}

bool parse_return_on_condition_failure(const Json& request, Constraints& constraints) {
  auto value = get_string(request, "ReturnValuesOnConditionCheckFailure");
  constraints.one_of(value, {"ALL_OLD", "NONE"}, "returnValuesOnConditionCheckFailure");
  return value == "ALL_OLD";
}

}  // namespace ddb::protocol
