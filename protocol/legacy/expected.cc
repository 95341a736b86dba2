#include "protocol/legacy/expected.h"

#include <string>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "protocol/json/value_json.h"
#include "protocol/legacy/comparison.h"
#include "protocol/legacy/conditional_operator.h"
#include "protocol/messages.h"
#include "protocol/requests/request_expressions.h"

namespace ddb::protocol::legacy {

using engine::AttributeValue;
using engine::Error;

namespace {

[[noreturn]] void invalid(const std::string& why, const std::string& attribute) {
  throw Error::validation(std::string(kInvalidParameterValues) + why +
                          " for Attribute: " + attribute);
}

std::optional<AttributeValue> read_value(const Json& expected) {
  const Json* value = get_structure(expected, "Value", "AttributeValue");
  if (!value) return std::nullopt;
  return value_from_json(*value);
}

engine::Condition entry_condition(const std::string& attribute, const Json& expected) {
  expect_structure_element(expected, "ExpectedAttributeValue");
  auto op_name = get_string(expected, "ComparisonOperator");
  auto exists = get_bool(expected, "Exists");
  bool has_list = find_member(expected, "AttributeValueList") != nullptr;
  bool has_value = find_member(expected, "Value") != nullptr;

  if (has_list && has_value)
    invalid("Value and AttributeValueList cannot be used together", attribute);
  if (op_name) {
    if (exists) invalid("Exists and ComparisonOperator cannot be used together", attribute);
    auto op = comparison_operator_from_name(*op_name);
    if (!op) op = ComparisonOperator::Eq;  // add_legacy_constraints has reported it
    if (*op != ComparisonOperator::Null && *op != ComparisonOperator::NotNull && !has_list &&
        !has_value) {
      invalid("Value or AttributeValueList must be used with ComparisonOperator: " + *op_name,
              attribute);
    }
    AttributeCondition condition{attribute, *op, read_value_list(expected)};
    if (auto value = read_value(expected)) condition.values.push_back(std::move(*value));
    validate_condition(condition);
    return to_engine_condition(condition);
  }
  if (has_list) invalid("AttributeValueList can only be used with a ComparisonOperator", attribute);
  std::optional<AttributeValue> value = read_value(expected);
  if (exists.value_or(true)) {
    if (!value) {
      invalid(std::string("Value must be provided when Exists is ") + (exists ? "true" : "null"),
              attribute);
    }
    return to_engine_condition({attribute, ComparisonOperator::Eq, {std::move(*value)}});
  }
  if (value) invalid("Value cannot be used when Exists is false", attribute);
  return to_engine_condition({attribute, ComparisonOperator::Null, {}});
}

}  // namespace

std::optional<engine::Condition> expected_condition(const Json& request, bool enveloped) {
  return in_envelope(enveloped, [&]() -> std::optional<engine::Condition> {
    const Json* expected = find_member(request, "Expected");
    std::optional<LogicalOperator> op = read_conditional_operator(request);
    check_conditional_operator_use(op, expected);
    if (!expected) return std::nullopt;
    expect_map(*expected, "com.amazonaws.dynamodb.v20120810.ExpectedAttributeValue");
    std::vector<engine::Condition> conditions;
    for (const auto& [attribute, entry] : expected->items()) {
      conditions.push_back(entry_condition(attribute, entry));
      check_attribute_name(attribute);
    }
    if (conditions.empty()) return std::nullopt;
    return join_conditions(std::move(conditions), op.value_or(LogicalOperator::And));
  });
}

}  // namespace ddb::protocol::legacy
