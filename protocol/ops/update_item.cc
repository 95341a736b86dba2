#include <algorithm>

#include "engine/error.h"
#include "engine/expression.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/legacy/attribute_updates.h"
#include "protocol/legacy/constraints.h"
#include "protocol/legacy/expected.h"
#include "protocol/operations.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/key_validation.h"
#include "protocol/requests/request_expressions.h"
#include "protocol/writes/index_capacity.h"
#include "protocol/writes/write_plan.h"

namespace ddb::protocol {

namespace {

// The "Attributes" member ReturnValues asks for: the whole item before or after, or only what the
// actions touched (their paths, projected from the item before or after).
std::optional<engine::Item> returned_attributes(const std::string& return_values,
                                                const std::vector<engine::UpdateAction>& actions,
                                                const std::optional<engine::Item>& old,
                                                const std::optional<engine::Item>& updated) {
  if (return_values == "ALL_OLD") return old;
  if (return_values == "ALL_NEW") return updated;
  if (return_values != "UPDATED_OLD" && return_values != "UPDATED_NEW") return std::nullopt;
  std::vector<engine::DocumentPath> paths;
  for (const engine::UpdateAction& action : actions) paths.push_back(action.path);
  const std::optional<engine::Item>& source = return_values == "UPDATED_OLD" ? old : updated;
  if (!source || paths.empty()) return std::nullopt;
  engine::Item projected = engine::project(*source, paths);
  if (projected.empty()) return std::nullopt;
  return projected;
}

}  // namespace

ResponseBody update_item(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_name = get_string(request, "TableName");
  constraints.name(table_name, "tableName");
  const Json* key_json = get_map(request, "Key", kAttributeValueType);
  constraints.not_null(key_json != nullptr, "key");
  CapacityDetail capacity = parse_return_consumed_capacity(request, constraints);
  bool collection_metrics = parse_return_item_collection_metrics(request, constraints);
  WritePlan plan;
  plan.kind = WritePlan::Kind::Update;
  plan.condition.return_item_on_failure = parse_return_on_condition_failure(request, constraints);
  auto return_values = get_string(request, "ReturnValues");
  constraints.one_of(return_values, {"ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"},
                     "returnValues");
  legacy::add_legacy_constraints(request, constraints, legacy::ConditionalOperatorWording::Older);
  constraints.check();
  check_expression_members(request,
                           {{"UpdateExpression", "ConditionExpression"},
                            {"AttributeUpdates", "Expected", "ConditionalOperator"}},
                           true);
  plan.item = decode_attribute_map(*key_json, true);
  plan.parse_expressions(request, true);
  // The legacy members exclude the expressions they replace (check_expression_members).
  plan.legacy_updates = find_member(request, "AttributeUpdates") != nullptr;
  if (plan.legacy_updates) plan.actions = legacy::attribute_updates(request, true);
  if (auto expected = legacy::expected_condition(request, true)) {
    plan.condition.condition = expected;
  }

  auto table = require_table(ctx, *table_name);
  const engine::KeySchema& schema = table->key_schema();
  engine::Key key = key_from_request(plan.item, schema);
  check_key_untouched(plan.actions, schema);
  WriteOutcome outcome;
  std::optional<engine::Item> old = table->write(key, plan.decision(key, schema, outcome));
  const std::optional<engine::Item>& updated = outcome.updated;

  ResponseBody body;
  Json& response = body.members();
  if (auto returned =
          returned_attributes(return_values.value_or("NONE"), plan.actions, old, updated)) {
    body.set_written("Attributes", item_text(*returned));
  }
  add_item_collection_metrics(response, collection_metrics, *table, key.partition);
  add_consumed_capacity(
      response, capacity, *table_name,
      write_units(
          std::max(updated ? engine::item_size(*updated) : 0, old ? engine::item_size(*old) : 0)),
      index_write_units(*table, old ? &*old : nullptr, updated ? &*updated : nullptr));
  return body;
}

}  // namespace ddb::protocol
