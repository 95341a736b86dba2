#include "protocol/legacy/constraints.h"

#include <string>
#include <string_view>

#include "engine/error.h"
#include "protocol/legacy/comparison.h"

namespace ddb::protocol::legacy {

namespace {

// The model types of the legacy maps' values, as the deserializer names them. Literals, so that
// no request pays for building them when the member is absent (the common case).
constexpr std::string_view kConditionType = "com.amazonaws.dynamodb.v20120810.Condition";
constexpr std::string_view kExpectedType =
    "com.amazonaws.dynamodb.v20120810.ExpectedAttributeValue";
constexpr std::string_view kAttributeUpdateType =
    "com.amazonaws.dynamodb.v20120810.AttributeValueUpdate";

std::string member_path(std::string_view map_path, const std::string& key, std::string_view field) {
  return std::string(map_path) + "." + key + ".member." + std::string(field);
}

void check_value_members(const Json& structure) {
  get_structure(structure, "Value", "AttributeValue");
  if (const Json* list = get_list(structure, "AttributeValueList")) {
    for (const Json& element : *list) expect_structure_element(element, "AttributeValue");
  }
}

// KeyConditions, QueryFilter, ScanFilter: Map<String, Condition>.
void check_condition_map(const Json& request, std::string_view member, std::string_view path,
                         Constraints& constraints) {
  const Json* map = get_map(request, member, kConditionType);
  if (!map) return;
  for (const auto& [key, condition] : map->items()) {
    expect_structure_element(condition, "Condition");
    auto op = get_string(condition, "ComparisonOperator");
    std::string op_path = member_path(path, key, "comparisonOperator");
    constraints.not_null(op.has_value(), op_path);
    constraints.one_of(op, comparison_operator_names(), op_path);
    if (const Json* list = get_list(condition, "AttributeValueList")) {
      for (const Json& element : *list) expect_structure_element(element, "AttributeValue");
    }
  }
}

void check_expected(const Json& request, Constraints& constraints) {
  const Json* map = get_map(request, "Expected", kExpectedType);
  if (!map) return;
  for (const auto& [key, expected] : map->items()) {
    expect_structure_element(expected, "ExpectedAttributeValue");
    constraints.one_of(get_string(expected, "ComparisonOperator"), comparison_operator_names(),
                       member_path("expected", key, "comparisonOperator"));
    get_bool(expected, "Exists");
    check_value_members(expected);
  }
}

void check_attribute_updates(const Json& request, Constraints& constraints) {
  const Json* map = get_map(request, "AttributeUpdates", kAttributeUpdateType);
  if (!map) return;
  for (const auto& [key, update] : map->items()) {
    expect_structure_element(update, "AttributeValueUpdate");
    constraints.one_of(get_string(update, "Action"), {"ADD", "PUT", "DELETE"},
                       member_path("attributeUpdates", key, "action"));
    get_structure(update, "Value", "AttributeValue");
  }
}

void check_conditional_operator(const Json& request, Constraints& constraints,
                                ConditionalOperatorWording wording) {
  auto value = get_string(request, "ConditionalOperator");
  if (!value || *value == "AND" || *value == "OR") return;
  if (wording == ConditionalOperatorWording::Newer) {
    throw engine::Error::validation(
        "Failed to satisfy constraint: Member must satisfy enum value set: [ALL, OR]");
  }
  constraints.one_of(value, {"OR", "AND"}, "conditionalOperator");
}

}  // namespace

void add_legacy_constraints(const Json& request, Constraints& constraints,
                            ConditionalOperatorWording wording) {
  check_expected(request, constraints);
  check_condition_map(request, "KeyConditions", "keyConditions", constraints);
  check_condition_map(request, "QueryFilter", "queryFilter", constraints);
  check_condition_map(request, "ScanFilter", "scanFilter", constraints);
  check_attribute_updates(request, constraints);
  check_conditional_operator(request, constraints, wording);
}

}  // namespace ddb::protocol::legacy
