#include "engine/error.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/legacy/constraints.h"
#include "protocol/legacy/expected.h"
#include "protocol/operations.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/key_validation.h"
#include "protocol/requests/request_expressions.h"
#include "protocol/writes/index_capacity.h"
#include "protocol/writes/write_plan.h"

namespace ddb::protocol {

ResponseBody put_item(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_name = get_string(request, "TableName");
  constraints.name(table_name, "tableName");
  const Json* item_json = get_map(request, "Item", kAttributeValueType);
  constraints.not_null(item_json != nullptr, "item");
  CapacityDetail capacity = parse_return_consumed_capacity(request, constraints);
  bool collection_metrics = parse_return_item_collection_metrics(request, constraints);
  WritePlan plan;
  plan.kind = WritePlan::Kind::Put;
  plan.condition.return_item_on_failure = parse_return_on_condition_failure(request, constraints);
  legacy::add_legacy_constraints(request, constraints, legacy::ConditionalOperatorWording::Older);
  bool all_old = wants_all_old(get_string(request, "ReturnValues"), constraints, false);
  check_expression_members(request, {{"ConditionExpression"}, {"Expected", "ConditionalOperator"}},
                           true);
  plan.item = decode_attribute_map(*item_json, true);
  plan.parse_expressions(request, true);
  // Expected and ConditionExpression exclude each other (check_expression_members).
  if (auto expected = legacy::expected_condition(request, true)) {
    plan.condition.condition = expected;
  }

  auto table = require_table(ctx, *table_name);
  const engine::KeySchema& schema = table->key_schema();
  validate_item_key(plan.item, schema);
  std::size_t new_size = validate_item_size(plan.item);
  // The item's index keys are validated with the rest of the request, before the condition is
  // evaluated: a wrong-typed index key is a ValidationException even where the condition fails.
  table->check_index_keys(plan.item);
  engine::Key key = engine::key_of(plan.item, schema);
  // Kept only to count the index writes a capacity report lists.
  std::optional<engine::Item> written;
  if (capacity != CapacityDetail::None) written = plan.item;
  std::optional<engine::Item> old;
  if (plan.condition.condition) {
    WriteOutcome outcome;
    old = table->write(key, plan.decision(key, schema, outcome));
  } else {
    old = table->put(std::move(plan.item));
  }

  ResponseBody body;
  Json& response = body.members();
  if (all_old && old) body.set_written("Attributes", item_text(*old));
  add_item_collection_metrics(response, collection_metrics, *table, key.partition);
  if (written) {
    add_consumed_capacity(response, capacity, *table_name,
                          write_units(std::max(new_size, old ? engine::item_size(*old) : 0)),
                          index_write_units(*table, old ? &*old : nullptr, &*written));
  }
  return body;
}

}  // namespace ddb::protocol
