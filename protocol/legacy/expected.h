#pragma once

#include <optional>

#include "engine/expression.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol::legacy {

// The condition of PutItem / UpdateItem / DeleteItem's legacy Expected map (with
// ConditionalOperator), or std::nullopt when Expected is absent or empty (an empty map makes no
// condition: test_update_expected_empty). Call after add_legacy_constraints and
// check_expression_members; `enveloped` wraps the messages in "1 validation error detected: ", as
// these three operations do today.
//
// Each entry takes one of three forms:
//   {"Value": v} or {"Value": v, "Exists": true}  -> a = v
//   {"Exists": false}                              -> attribute_not_exists(a)
//   {"ComparisonOperator": op, "AttributeValueList": [...]} (or a single "Value" in place of the
//   list)                                          -> as legacy/comparison.h describes
// Checks, in this order, with DynamoDB's messages (prefix "One or more parameter values were
// invalid: "; paritysuite putItem.test.ts and dynalite test/updateItem.js, both from AWS):
//   ConditionalOperator without two or more entries (legacy/conditional_operator.h);
//   per entry, in attribute-name order:
//   "Value and AttributeValueList cannot be used together for Attribute: a"
//   "Exists and ComparisonOperator cannot be used together for Attribute: a"
//   "Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a"
//     (any operator but NULL / NOT_NULL without values)
//   the Condition checks of validate_condition ("Invalid number of argument(s) for the BETWEEN
//     ComparisonOperator", ...)
//   "AttributeValueList can only be used with a ComparisonOperator for Attribute: a"
//   "Value must be provided when Exists is true for Attribute: a" ("...is null..." when Exists is
//     absent)
//   "Value cannot be used when Exists is false for Attribute: a"
// plus the AttributeValue messages of the values.
std::optional<engine::Condition> expected_condition(const Json& request, bool enveloped);

}  // namespace ddb::protocol::legacy
