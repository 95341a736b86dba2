#pragma once

#include <cstddef>

#include "protocol/expr/ast.h"

namespace ddb::protocol::expr {

// DynamoDB's limit on operators and functions in one expression.
inline constexpr std::size_t kMaxOperators = 300;
// DynamoDB's limit on the elements of a ProjectionExpression's document path.
inline constexpr std::size_t kMaxPathDepth = 32;

// DynamoDB's checks on a parsed expression that do not depend on table metadata. They throw
// engine::Error::validation("Invalid <kind name>: ...") for the first problem found.
//
// DynamoDB runs them in two groups around placeholder resolution; its messages show the order. For
// `SET #c = if_not_exists(:c)` with #c undefined it reports the undefined name, not the one-operand
// if_not_exists, while an unknown function or a reserved word wins over undefined names
// (architect/dynalite's tests, recorded against DynamoDB).

// The checks made right after parsing, before resolution; parse_*() call these. In order:
//   - more than 300 operators and functions: "The expression contains too many operators; operator
//     count: N" (AND, OR, NOT, comparators, BETWEEN, IN, + and -, and each function call)
//   - unknown function: "Invalid function name; function: f"
//   - function in the wrong place: "The function is not allowed in a condition expression;
//   function:
//     if_not_exists", "... in an update expression; function: size", and "The function is not
//     allowed to be used this way in an expression; function: size" (size as a condition, or a
//     condition function as an operand)
//   - bare attribute name that is a reserved word: "Attribute name is a reserved keyword; reserved
//     keyword: Name" (as written)
//   - update clause repeated: "The \"SET\" section can only be used once in an update expression;"
//   - list_append nested in list_append: "The function is not allowed to be used this way in an
//     expression; function: list_append"
//   - a projected path of more than kMaxPathDepth elements: "The document path has too many
//     nesting levels; nesting levels: 33"
// Requires for a Condition: kind is Condition, KeyCondition or Filter.
void check_parsed(const Condition& condition, ExpressionKind kind);
void check_parsed(const UpdateExpression& update);
void check_parsed(const Projection& projection);

// The operand counts, checked after #names and :values resolve (an undefined placeholder is
// reported first). Walks in source order:
//   - "Incorrect number of operands for operator or function; operator or function: begins_with,
//     number of operands: 1"
//   - more than 100 IN candidates: "Too many operands for the operator or function; operator or
//     function: IN, number of operands: 101"
// Works on the parsed tree or on a resolved copy of it (only names and arity matter).
void check_operand_counts(const Condition& condition, ExpressionKind kind);
void check_operand_counts(const UpdateExpression& update);

}  // namespace ddb::protocol::expr
