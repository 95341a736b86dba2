#pragma once

#include <string_view>

#include "protocol/expr/ast.h"

namespace ddb::protocol::expr {

// Parsers for DynamoDB's expressions. Each one throws engine::Error::validation with DynamoDB's
// message, prefixed "Invalid <kind name>: ", for the first problem it finds, in DynamoDB's order:
//   1. empty text:        "The expression can not be empty;"
//   2. over 4096 bytes:   "Expression size has exceeded the maximum allowed size; expression size:
//   N"
//   3. syntax, in source order: `Syntax error; token: "<token>", near: "<near>"`, where <near> is
//   the
//      source from the token before the offending one through the token after it ("<EOF>" is the
//      token at the end of input); and "The expression has redundant parentheses;" for `((x))`.
//   4. a list index above 4294967294: "List index is not within the allowable range; index: [N]"
//   5. check_parsed() (checks.h): operator count, function names and placement, reserved words,
//      repeated update clauses.
// Placeholders stay unresolved. Checks that need ExpressionAttributeNames/Values come after these:
// resolve the placeholders, then call check_operand_counts() (checks.h).

// A ConditionExpression, FilterExpression or KeyConditionExpression (`kind` says which, for
// messages). Precedence, tightest first: comparisons, IN, BETWEEN, functions, parentheses, NOT,
// AND, OR. Keywords are case-insensitive; function names are not. Requires: kind is Condition,
// KeyCondition or Filter.
Condition parse_condition(std::string_view text, ExpressionKind kind);

// An UpdateExpression: SET, REMOVE, ADD and DELETE clauses, in any order, each at most once.
UpdateExpression parse_update(std::string_view text);

// A ProjectionExpression: document paths separated by commas.
Projection parse_projection(std::string_view text);

}  // namespace ddb::protocol::expr
