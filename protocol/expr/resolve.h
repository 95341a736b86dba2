#pragma once

#include <string>
#include <vector>

#include "engine/expression.h"
#include "protocol/expr/ast.h"
#include "protocol/requests/expression_attributes.h"

namespace ddb::protocol::expr {

// Turns parsed expressions into the engine's resolved trees (engine/expression.h). Each one
// resolves #names and :values through `attributes` (marking them used), checks operand counts
// (check_operand_counts, checks.h), and checks whatever else DynamoDB can tell before it reads the
// item. It throws engine::Error::validation("Invalid <kind name>: ...") for the first problem, in
// DynamoDB's order (architect/dynalite's condition and update grammars, recorded against DynamoDB):
//   Condition/Filter: one comparison or function at a time, in source order: an undefined #name or
//     :value, the operand count, two identical paths ("The first operand must be distinct from the
//     remaining operands for this operator or function; operator: contains, first operand: [a]"),
//     then operand types known from :values (begins_with, attribute_type, size, <, BETWEEN bounds).
//   Update: every undefined #name, then every undefined :value, overlapping and conflicting paths,
//     the ADD/DELETE value types, operand counts, then function operands (if_not_exists needs a
//     path, list_append lists, + and - numbers).
//   Projection: undefined #names, then overlapping and conflicting paths.
// Key attributes are not checked here: that needs the table (see check_no_key_attributes).

// A ConditionExpression or FilterExpression. Requires: kind is Condition or Filter.
engine::Condition resolve_condition(const Condition& parsed, ExpressionKind kind,
                                    ExpressionAttributes& attributes);

// An UpdateExpression's actions, in source order.
std::vector<engine::UpdateAction> resolve_update(const UpdateExpression& parsed,
                                                 ExpressionAttributes& attributes);

// A ProjectionExpression's paths, in source order.
std::vector<engine::DocumentPath> resolve_projection(const Projection& parsed,
                                                     ExpressionAttributes& attributes);

}  // namespace ddb::protocol::expr
