#include "protocol/writes/single_item_write.h"

#include <optional>
#include <utility>

#include "engine/error.h"
#include "protocol/capacity/throughput.h"
#include "protocol/legacy/attribute_updates.h"
#include "protocol/legacy/constraints.h"
#include "protocol/legacy/expected.h"
#include "protocol/messages.h"
#include "protocol/requests/constraints.h"
#include "protocol/requests/key_validation.h"
#include "protocol/writes/conditional_write.h"

namespace ddb::protocol {

namespace {

std::optional<std::string> read_return_values(const Json& request, Constraints& constraints) {
  auto value = get_string(request, "ReturnValues");
  constraints.one_of(value, {"ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"},
                     "returnValues");
  return value;
}

void check_all_old_or_none(const std::optional<std::string>& return_values, bool enveloped) {
  if (!return_values || *return_values == "NONE" || *return_values == "ALL_OLD") return;
  throw engine::Error::validation(std::string(enveloped ? kOneValidationError : "") +
                                  "ReturnValues can only be ALL_OLD or NONE");
}

}  // namespace

SingleItemWrite read_single_item_write(const Json& request, const SingleItemWriteMembers& members) {
  Constraints constraints;
  ItemRequestHead head = read_item_request_head(request, members.map, constraints);
  SingleItemWrite write;
  write.item_collection_metrics = parse_return_item_collection_metrics(request, constraints);
  WritePlan& plan = write.plan;
  plan.kind = members.kind;
  plan.condition.return_item_on_failure = parse_return_on_condition_failure(request, constraints);
  // UpdateItem reads ReturnValues before the legacy members, PutItem and DeleteItem after them:
  // the order of their violations in one message, and which wrong JSON type is reported first.
  const bool any_of_model = members.return_values == ReturnValuesRule::AnyOfModel;
  std::optional<std::string> return_values;
  if (any_of_model) return_values = read_return_values(request, constraints);
  legacy::add_legacy_constraints(request, constraints, legacy::ConditionalOperatorWording::Older);
  if (!any_of_model) return_values = read_return_values(request, constraints);
  constraints.check();
  if (!any_of_model) {
    check_all_old_or_none(return_values,
                          members.return_values == ReturnValuesRule::AllOldOrNoneEnveloped);
  }
  check_expression_members(request, members.expressions, true);
  plan.item = decode_attribute_map(*head.map, true);
  plan.parse_expressions(request, true);
  // PutItem: the item's size comes before Expected, and before the table's existence (issue 20).
  if (plan.kind == WritePlan::Kind::Put) write.item_size = validate_item_size(plan.item);
  // The legacy members exclude the expressions they replace (check_expression_members).
  if (plan.kind == WritePlan::Kind::Update && find_member(request, "AttributeUpdates")) {
    plan.legacy_updates = true;
    plan.actions = legacy::attribute_updates(request, true);
  }
  if (auto expected = legacy::expected_condition(request, true)) {
    plan.condition.condition = expected;
  }

  write.table_name = std::move(head.table_name);
  write.capacity = head.capacity;
  write.return_values = return_values.value_or("NONE");
  return write;
}

std::optional<engine::Item> write_with_condition(const RequestContext& ctx, engine::Table& table,
                                                 const engine::Key& key,
                                                 engine::WriteDecision decision,
                                                 const WriteOutcome& outcome) {
  try {
    return table.write(key, std::move(decision));
  } catch (const engine::Error& error) {
    if (error.type() == engine::ErrorType::ConditionalCheckFailed) {
      charge_write(ctx, table, key, write_units(outcome.old_size), {});
    }
    throw;
  }
}

}  // namespace ddb::protocol
