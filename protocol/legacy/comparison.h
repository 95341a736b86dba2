#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expression.h"
#include "engine/value.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol::legacy {

// The legacy API's ComparisonOperator (the Condition and ExpectedAttributeValue structures).
enum class ComparisonOperator : uint8_t {
  Eq,
  Ne,
  Le,
  Lt,
  Ge,
  Gt,
  NotNull,
  Null,
  Contains,
  NotContains,
  BeginsWith,
  In,
  Between,
};

// The enum's names in the order DynamoDB lists them in "Member must satisfy enum value set: [...]"
// (its own order, not the model's; dynalite test/query.js, captured from AWS).
const std::vector<std::string_view>& comparison_operator_names();
std::optional<ComparisonOperator> comparison_operator_from_name(std::string_view name);
std::string_view comparison_operator_name(ComparisonOperator op);

// One legacy condition on one top-level attribute: `attribute <op> values...`.
struct AttributeCondition {
  std::string attribute;
  ComparisonOperator op = ComparisonOperator::Eq;
  std::vector<engine::AttributeValue> values;  // the AttributeValueList, decoded
  friend bool operator==(const AttributeCondition&, const AttributeCondition&) = default;
};

// Checks `condition.values` against the operator, in DynamoDB's order, with its messages:
//  1. the number of values: none for NULL/NOT_NULL, one or more for IN, two for BETWEEN, one
//     otherwise ("One or more parameter values were invalid: Invalid number of argument(s) for
//     the EQ ComparisonOperator");
//  2. all values of one type ("...: AttributeValues inside AttributeValueList must be of same
//     type");
//  3. the operator's types: S, N or B for LT/LE/GT/GE/IN/BETWEEN/CONTAINS/NOT_CONTAINS, S or B for
//     BEGINS_WITH, any for EQ/NE ("...: ComparisonOperator BEGINS_WITH is not valid for N
//     AttributeValue type");
//  4. BETWEEN bounds in order ("The BETWEEN condition was provided a range where the lower bound
//     is greater than the upper bound", no prefix).
// Throws Error::validation (bare; callers that envelope wrap it).
void validate_condition(const AttributeCondition& condition);

// The engine tree that evaluates `condition` with the legacy semantics, which differ from the
// expression language's where the attribute is missing or of another type:
//   EQ, LE, LT, GE, GT, BEGINS_WITH, IN, BETWEEN, CONTAINS: false when missing or of another type;
//   NE: true when missing (or of another type) -> attribute_not_exists(a) OR a <> v;
//   NOT_CONTAINS: false when missing, true for another type
//     -> attribute_exists(a) AND NOT contains(a, v);
//   NOT_NULL / NULL: whether the attribute exists (a NULL-typed value exists).
// (scylladb test/alternator/test_expected.py, run against AWS.)
// Requires: validate_condition(condition) passed.
engine::Condition to_engine_condition(const AttributeCondition& condition);

// A path naming one top-level attribute.
engine::DocumentPath attribute_path(const std::string& name);

// An operand holding the constant `value`.
engine::Operand value_operand(engine::AttributeValue value);

// Reads one Condition structure ({"ComparisonOperator": ..., "AttributeValueList": [...]}) of a
// KeyConditions / QueryFilter / ScanFilter map, decodes its values (AttributeValue messages) and
// validates it with validate_condition. `member_path` is the map's camelCase name ("queryFilter")
// for the constraint message of a missing or unknown operator, which the op normally reports
// earlier through add_legacy_constraints.
AttributeCondition read_condition(const std::string& attribute, const Json& condition,
                                  std::string_view member_path);

// Decodes an AttributeValueList member of a Condition or ExpectedAttributeValue (absent: empty).
std::vector<engine::AttributeValue> read_value_list(const Json& structure);

}  // namespace ddb::protocol::legacy
