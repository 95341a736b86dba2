#include "protocol/legacy/comparison.h"

#include <array>
#include <utility>

#include "engine/error.h"
#include "protocol/json/value_json.h"
#include "protocol/messages.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol::legacy {

using engine::AttributeValue;
using engine::Condition;
using engine::Error;
using engine::Operand;
using engine::Type;

namespace {

constexpr std::array<std::pair<ComparisonOperator, std::string_view>, 13> kNames = {{
    {ComparisonOperator::Eq, "EQ"},
    {ComparisonOperator::Ne, "NE"},
    {ComparisonOperator::Le, "LE"},
    {ComparisonOperator::Lt, "LT"},
    {ComparisonOperator::Ge, "GE"},
    {ComparisonOperator::Gt, "GT"},
    {ComparisonOperator::NotNull, "NOT_NULL"},
    {ComparisonOperator::Null, "NULL"},
    {ComparisonOperator::Contains, "CONTAINS"},
    {ComparisonOperator::NotContains, "NOT_CONTAINS"},
    {ComparisonOperator::BeginsWith, "BEGINS_WITH"},
    {ComparisonOperator::In, "IN"},
    {ComparisonOperator::Between, "BETWEEN"},
}};

bool count_ok(ComparisonOperator op, std::size_t count) {
  switch (op) {
    case ComparisonOperator::NotNull:
    case ComparisonOperator::Null:
      return count == 0;
    case ComparisonOperator::In:
      return count >= 1;
    case ComparisonOperator::Between:
      return count == 2;
    default:
      return count == 1;
  }
}

bool scalar_key_type(Type type) { return type == Type::S || type == Type::N || type == Type::B; }

bool type_ok(ComparisonOperator op, Type type) {
  switch (op) {
    case ComparisonOperator::Eq:
    case ComparisonOperator::Ne:
      return true;
    case ComparisonOperator::BeginsWith:
      return type == Type::S || type == Type::B;
    default:
      return scalar_key_type(type);
  }
}

Operand path_operand(const std::string& attribute) {
  Operand operand;
  operand.kind = Operand::Kind::Path;
  operand.path = attribute_path(attribute);
  return operand;
}

Condition compare(engine::Comparator comparator, const AttributeCondition& c) {
  Condition condition = Condition::of(Condition::Kind::Compare,
                                      {path_operand(c.attribute), value_operand(c.values[0])});
  condition.comparator = comparator;
  return condition;
}

Condition junction(Condition::Kind kind, Condition a, Condition b) {
  Condition condition;
  condition.kind = kind;
  condition.children.push_back(std::move(a));
  condition.children.push_back(std::move(b));
  return condition;
}

}  // namespace

const std::vector<std::string_view>& comparison_operator_names() {
  static const std::vector<std::string_view> names = {
      "IN",       "NULL", "BETWEEN", "LT",          "NOT_CONTAINS", "EQ",      "GT",
      "NOT_NULL", "NE",   "LE",      "BEGINS_WITH", "GE",           "CONTAINS"};
  return names;
}

std::optional<ComparisonOperator> comparison_operator_from_name(std::string_view name) {
  for (const auto& [op, text] : kNames) {
    if (text == name) return op;
  }
  return std::nullopt;
}

std::string_view comparison_operator_name(ComparisonOperator op) {
  for (const auto& [candidate, text] : kNames) {
    if (candidate == op) return text;
  }
  return "";
}

engine::DocumentPath attribute_path(const std::string& name) {
  engine::PathStep step;
  step.name = name;
  return {step};
}

Operand value_operand(AttributeValue value) {
  Operand operand;
  operand.kind = Operand::Kind::Value;
  operand.value = std::move(value);
  return operand;
}

void validate_condition(const AttributeCondition& condition) {
  const std::string op_name(comparison_operator_name(condition.op));
  if (!count_ok(condition.op, condition.values.size())) {
    throw Error::validation(std::string(kInvalidParameterValues) +
                            "Invalid number of argument(s) for the " + op_name +
                            " ComparisonOperator");
  }
  for (const AttributeValue& value : condition.values) {
    if (value.type() != condition.values[0].type()) {
      throw Error::validation(std::string(kInvalidParameterValues) +
                              "AttributeValues inside AttributeValueList must be of same type");
    }
  }
  for (const AttributeValue& value : condition.values) {
    if (!type_ok(condition.op, value.type())) {
      throw Error::validation(std::string(kInvalidParameterValues) + "ComparisonOperator " +
                              op_name + " is not valid for " + engine::type_name(value.type()) +
                              " AttributeValue type");
    }
  }
  if (condition.op == ComparisonOperator::Between &&
      engine::compare_keys(condition.values[0], condition.values[1]) > 0) {
    // No "One or more parameter values were invalid" prefix (dynalite test/query.js, from AWS).
    throw Error::validation(
        "The BETWEEN condition was provided a range where the lower bound is greater than the "
        "upper bound");
  }
}

Condition to_engine_condition(const AttributeCondition& c) {
  using Kind = Condition::Kind;
  switch (c.op) {
    case ComparisonOperator::Eq:
      return compare(engine::Comparator::Eq, c);
    case ComparisonOperator::Le:
      return compare(engine::Comparator::Le, c);
    case ComparisonOperator::Lt:
      return compare(engine::Comparator::Lt, c);
    case ComparisonOperator::Ge:
      return compare(engine::Comparator::Ge, c);
    case ComparisonOperator::Gt:
      return compare(engine::Comparator::Gt, c);
    case ComparisonOperator::Ne:
      // A missing attribute is "not equal" (test_update_expected_1_ne_true); the expression
      // comparison is false there, hence the explicit attribute_not_exists.
      return junction(Kind::Or,
                      Condition::of(Kind::AttributeNotExists, {path_operand(c.attribute)}),
                      compare(engine::Comparator::Ne, c));
    case ComparisonOperator::NotNull:
      return Condition::of(Kind::AttributeExists, {path_operand(c.attribute)});
    case ComparisonOperator::Null:
      return Condition::of(Kind::AttributeNotExists, {path_operand(c.attribute)});
    case ComparisonOperator::Contains:
      return Condition::of(Kind::Contains, {path_operand(c.attribute), value_operand(c.values[0])});
    case ComparisonOperator::NotContains: {
      // A missing attribute fails NOT_CONTAINS as it fails CONTAINS
      // (test_update_expected_1_not_contains); another type passes it.
      Condition negated;
      negated.kind = Kind::Not;
      negated.children.push_back(
          Condition::of(Kind::Contains, {path_operand(c.attribute), value_operand(c.values[0])}));
      return junction(Kind::And, Condition::of(Kind::AttributeExists, {path_operand(c.attribute)}),
                      std::move(negated));
    }
    case ComparisonOperator::BeginsWith:
      return Condition::of(Kind::BeginsWith,
                           {path_operand(c.attribute), value_operand(c.values[0])});
    case ComparisonOperator::In: {
      std::vector<Operand> operands{path_operand(c.attribute)};
      for (const AttributeValue& value : c.values) operands.push_back(value_operand(value));
      return Condition::of(Kind::In, std::move(operands));
    }
    case ComparisonOperator::Between:
      return Condition::of(Kind::Between, {path_operand(c.attribute), value_operand(c.values[0]),
                                           value_operand(c.values[1])});
  }
  return {};
}

std::vector<AttributeValue> read_value_list(const Json& structure) {
  std::vector<AttributeValue> values;
  if (const Json* list = get_list(structure, "AttributeValueList")) {
    for (const Json& element : *list) {
      expect_structure_element(element, "AttributeValue");
      values.push_back(value_from_json(element));
    }
  }
  return values;
}

AttributeCondition read_condition(const std::string& attribute, const Json& condition,
                                  std::string_view member_path) {
  expect_structure_element(condition, "Condition");
  auto op_name = get_string(condition, "ComparisonOperator");
  std::optional<ComparisonOperator> op;
  if (op_name) op = comparison_operator_from_name(*op_name);
  if (!op) {
    Constraints constraints;
    std::string path = std::string(member_path) + "." + attribute + ".member.comparisonOperator";
    constraints.not_null(op_name.has_value(), path);
    constraints.one_of(op_name, comparison_operator_names(), path);
    constraints.check();
  }
  AttributeCondition result{attribute, *op, read_value_list(condition)};
  validate_condition(result);
  check_attribute_name(attribute);
  return result;
}

}  // namespace ddb::protocol::legacy
