#include <algorithm>

#include "engine/error.h"
#include "engine/expression.h"
#include "engine/update_messages.h"
#include "protocol/conditional_write.h"
#include "protocol/expr/parser.h"
#include "protocol/expr/resolve.h"
#include "protocol/item_request.h"
#include "protocol/key_validation.h"
#include "protocol/legacy/attribute_updates.h"
#include "protocol/legacy/constraints.h"
#include "protocol/legacy/expected.h"
#include "protocol/operations.h"
#include "protocol/request_expressions.h"
#include "protocol/value_json.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// The key attributes are the item's identity; no action may touch them, not even to the same value
// (paritysuite's updateItem captures, 2026: the message has no "Invalid UpdateExpression" prefix
// and no envelope).
void check_key_untouched(const std::vector<engine::UpdateAction>& actions,
                         const engine::KeySchema& schema) {
  for (const engine::UpdateAction& action : actions) {
    const std::string& name = action.path.front().name;
    if (name == schema.partition.name || (schema.sort && name == schema.sort->name)) {
      throw Error::validation(
          "One or more parameter values were invalid: Cannot update attribute " + name +
          ". This attribute is part of the key");
    }
  }
}

// An update that only removes attributes (REMOVE, DELETE) does not create a missing item, while
// one with no actions at all does (scylladb/scylladb#5862, checked against DynamoDB).
bool only_removes(const std::vector<engine::UpdateAction>& actions) {
  return !actions.empty() && std::all_of(actions.begin(), actions.end(), [](const auto& action) {
    return action.kind == engine::UpdateAction::Kind::Remove ||
           action.kind == engine::UpdateAction::Kind::Delete;
  });
}

// engine::apply_update, with the legacy wording of an operand-type error when the actions came from
// AttributeUpdates: ADD or DELETE against an attribute of another type, ADD of a list to a
// non-list (dynalite test/updateItem.js, from AWS).
engine::Item apply_actions(const engine::Item& item, bool item_exists,
                           const std::vector<engine::UpdateAction>& actions, bool legacy_updates) {
  try {
    return engine::apply_update(item, actions, item_exists);
  } catch (const Error& error) {
    if (!legacy_updates || error.message() != engine::kIncorrectDataTypeMessage) throw;
    throw Error::validation("Type mismatch for attribute to update");
  }
}

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

Json update_item(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_name = get_string(request, "TableName");
  constraints.name(table_name, "tableName");
  const Json* key_json = get_map(request, "Key", kAttributeValueType);
  constraints.not_null(key_json != nullptr, "key");
  CapacityDetail capacity = parse_return_consumed_capacity(request, constraints);
  bool collection_metrics = parse_return_item_collection_metrics(request, constraints);
  WriteCondition condition;
  condition.return_item_on_failure = parse_return_on_condition_failure(request, constraints);
  auto return_values = get_string(request, "ReturnValues");
  constraints.one_of(return_values, {"ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"},
                     "returnValues");
  legacy::add_legacy_constraints(request, constraints, legacy::ConditionalOperatorWording::Older);
  constraints.check();
  check_expression_members(request,
                           {{"UpdateExpression", "ConditionExpression"},
                            {"AttributeUpdates", "Expected", "ConditionalOperator"}},
                           true);
  engine::Item key_attributes = decode_attribute_map(*key_json, true);
  ExpressionAttributes attributes = ExpressionAttributes::from_request(request, true);
  std::vector<engine::UpdateAction> actions;
  in_envelope(true, [&] {
    if (auto text = get_string(request, "UpdateExpression")) {
      actions = expr::resolve_update(expr::parse_update(*text), attributes);
    }
    condition.condition = condition_member(request, expr::ExpressionKind::Condition, attributes);
    attributes.check_all_used();
  });
  // The legacy members exclude the expressions they replace (check_expression_members).
  const bool legacy_updates = find_member(request, "AttributeUpdates") != nullptr;
  if (legacy_updates) actions = legacy::attribute_updates(request, true);
  if (auto expected = legacy::expected_condition(request, true)) condition.condition = expected;

  auto table = require_table(ctx, *table_name);
  const engine::KeySchema& schema = table->key_schema();
  engine::Key key = key_from_request(key_attributes, schema);
  check_key_untouched(actions, schema);
  std::optional<engine::Item> updated;
  std::optional<engine::Item> old =
      table->write(key, [&](const engine::Item* current) -> std::optional<engine::Item> {
        condition.check(current);
        if (!current && only_removes(actions)) return std::nullopt;
        // A missing item is created from the request's key (an upsert).
        engine::Item next = apply_actions(current ? *current : engine::key_to_item(key, schema),
                                          current != nullptr, actions, legacy_updates);
        if (engine::item_size(next) > engine::kMaxItemBytes) {
          // paritysuite's item-size captures (us-east-1, 2026).
          throw Error::validation("Item size to update has exceeded the maximum allowed size");
        }
        // SET a.b.c = :deep can nest an item deeper than any request value may be.
        if (engine::nesting_depth(next) > engine::kMaxNestingDepth) {
          throw Error::validation(kNestingMessage);
        }
        updated = next;
        return next;
      });

  Json response = Json::object();
  if (auto returned = returned_attributes(return_values.value_or("NONE"), actions, old, updated)) {
    response["Attributes"] = item_to_json(*returned);
  }
  add_item_collection_metrics(response, collection_metrics, *table, key.partition);
  add_consumed_capacity(response, capacity, *table_name,
                        write_units(std::max(updated ? engine::item_size(*updated) : 0,
                                             old ? engine::item_size(*old) : 0)));
  return response;
}

}  // namespace ddb::protocol
