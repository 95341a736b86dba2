#pragma once

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "engine/expression.h"
#include "protocol/expr/ast.h"
#include "protocol/json/json_fields.h"
#include "protocol/messages.h"
#include "protocol/requests/expression_attributes.h"

namespace ddb::protocol {

// The expression members of one operation and the legacy members they replace, each in the order
// DynamoDB lists them in messages (architect/dynalite's validations, recorded against DynamoDB).
struct ExpressionMembers {
  std::vector<std::string_view> expressions;  // e.g. {"UpdateExpression", "ConditionExpression"}
  std::vector<std::string_view> legacy;       // e.g. {"AttributeUpdates", "Expected"}
};

// DynamoDB's rules on which of those members a request may combine, checked after the model
// constraints and before the members themselves, in its order:
//   "Can not use both expression and non-expression parameters in the same request:
//    Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"
//    (the members present, a JSON null counting as absent, in the operation's fixed order;
//    dynalite test/query.js and updateItem.js, from AWS);
//   "ExpressionAttributeNames can only be specified when using expressions" (no expression);
//   "ExpressionAttributeValues can only be specified when using expressions" (no expression but
//    ProjectionExpression, which takes no values).
// KeyConditions without KeyConditionExpression does not count as legacy (Query needs one of them).
// `enveloped`: PutItem/UpdateItem/DeleteItem put these in "1 validation error detected: " and,
// on DynamoDB's newer validator, end the ExpressionAttributeValues message there (paritysuite
// putItem.test.ts, 2026-10); the older operations add ": FilterExpression and
// KeyConditionExpression are null" (the value-taking expressions, "is null" for one; dynalite
// test/query.js, scan.js).
void check_expression_members(const Json& request, const ExpressionMembers& members,
                              bool enveloped);

// Runs `resolve` (parsing and resolving a request's expressions); when `enveloped`, a
// ValidationException it throws gets the "1 validation error detected: " envelope, as PutItem,
// UpdateItem and DeleteItem report expression errors today (test_conditional_writes.py and
// test_updates.py pin the texts end to end).
template <typename F>
auto in_envelope(bool enveloped, F&& resolve) -> decltype(resolve()) {
  if (!enveloped) return resolve();
  try {
    return resolve();
  } catch (const engine::Error& error) {
    if (error.type() != engine::ErrorType::Validation) throw;
    throw engine::Error::validation(std::string(kOneValidationError) + error.message());
  }
}

// The request's ConditionExpression or FilterExpression (`kind` says which), parsed and resolved;
// nothing when the member is absent.
std::optional<engine::Condition> condition_member(const Json& request, expr::ExpressionKind kind,
                                                  ExpressionAttributes& attributes);

// The request's ProjectionExpression, parsed and resolved; nothing when absent.
std::optional<std::vector<engine::DocumentPath>> projection_member(
    const Json& request, ExpressionAttributes& attributes);

}  // namespace ddb::protocol
