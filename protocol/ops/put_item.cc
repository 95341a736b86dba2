#include "engine/error.h"
#include "protocol/conditional_write.h"
#include "protocol/item_request.h"
#include "protocol/key_validation.h"
#include "protocol/legacy/constraints.h"
#include "protocol/legacy/expected.h"
#include "protocol/operations.h"
#include "protocol/request_expressions.h"
#include "protocol/value_json.h"

namespace ddb::protocol {

Json put_item(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_name = get_string(request, "TableName");
  constraints.name(table_name, "tableName");
  const Json* item_json = get_map(request, "Item", kAttributeValueType);
  constraints.not_null(item_json != nullptr, "item");
  CapacityDetail capacity = parse_return_consumed_capacity(request, constraints);
  bool collection_metrics = parse_return_item_collection_metrics(request, constraints);
  WriteCondition condition;
  condition.return_item_on_failure = parse_return_on_condition_failure(request, constraints);
  legacy::add_legacy_constraints(request, constraints, legacy::ConditionalOperatorWording::Older);
  bool all_old = wants_all_old(get_string(request, "ReturnValues"), constraints, false);
  check_expression_members(request, {{"ConditionExpression"}, {"Expected", "ConditionalOperator"}},
                           true);
  engine::Item item = decode_attribute_map(*item_json, true);
  ExpressionAttributes attributes = ExpressionAttributes::from_request(request, true);
  condition.condition = in_envelope(true, [&] {
    auto resolved = condition_member(request, expr::ExpressionKind::Condition, attributes);
    attributes.check_all_used();
    return resolved;
  });
  // Expected and ConditionExpression exclude each other (check_expression_members).
  if (auto expected = legacy::expected_condition(request, true)) condition.condition = expected;

  auto table = require_table(ctx, *table_name);
  validate_item_key(item, table->key_schema());
  std::size_t new_size = validate_item_size(item);
  // The item's index keys are validated with the rest of the request, before the condition is
  // evaluated: a wrong-typed index key is a ValidationException even where the condition fails.
  table->check_index_keys(item);
  engine::AttributeValue partition = item.at(table->key_schema().partition.name);
  std::optional<engine::Item> old;
  if (condition.condition) {
    engine::Key key = engine::key_of(item, table->key_schema());
    old = table->write(key, [&](const engine::Item* current) -> std::optional<engine::Item> {
      condition.check(current);
      return std::move(item);  // the decision runs once
    });
  } else {
    old = table->put(std::move(item));
  }

  Json response = Json::object();
  if (all_old && old) response["Attributes"] = item_to_json(*old);
  add_item_collection_metrics(response, collection_metrics, *table, partition);
  add_consumed_capacity(response, capacity, *table_name,
                        write_units(std::max(new_size, old ? engine::item_size(*old) : 0)));
  return response;
}

}  // namespace ddb::protocol
