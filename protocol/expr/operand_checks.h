#pragma once

#include "engine/expression.h"
#include "protocol/expr/ast.h"

namespace ddb::protocol::expr {

// DynamoDB's checks on resolved operands whose types are known before the item is read (from
// :values, and N for size() and arithmetic, L for list_append). Used by resolve.cc on trees where
// every function still holds all of its arguments in `operands` (a Size or IfNotExists operand has
// its path as operands[0]). Each throws engine::Error::validation("Invalid <kind>: ...").
// Messages: architect/dynalite's grammars (recorded against DynamoDB) and paritysuite captures.

// One comparison, BETWEEN, IN or condition function of a ConditionExpression or FilterExpression:
// identical paths as the two operands ("The first operand must be distinct ..."), then the operand
// types: begins_with S or B, attribute_type an S naming a type, size not of N/BOOL/NULL,
// attribute_exists and attribute_not_exists a path, ordering comparisons and BETWEEN bounds S, N or
// B, BETWEEN bounds of one type with lower <= upper.
void check_condition_operands(const engine::Condition& leaf, ExpressionKind kind);

// One action of an UpdateExpression: ADD needs an N or set value and DELETE a set value
// ("Incorrect operand type for operator or function; operator: ADD, operand type: STRING").
void check_update_value(const engine::UpdateAction& action);

// A SET value: if_not_exists needs a path first, list_append lists, + and - numbers.
void check_set_operand(const engine::Operand& operand);

}  // namespace ddb::protocol::expr
