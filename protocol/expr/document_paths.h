#pragma once

#include <string>
#include <vector>

#include "engine/expression.h"
#include "protocol/expr/ast.h"

namespace ddb::protocol::expr {

// DynamoDB's rendering of a resolved path in messages: `a.b[0]` is "[a, b, [0]]".
std::string describe_path(const engine::DocumentPath& path);

// Rejects two paths of one UpdateExpression or ProjectionExpression that reach the same value:
//   "Invalid <kind>: Two document paths overlap with each other; must remove or rewrite one of
//   these paths; path one: [a], path two: [a, b]" (one is a prefix of the other, or they are
//   equal),
// and, when no pair overlaps, two paths that use one step both as a map key and as a list index:
//   "... Two document paths conflict with each other; must remove or rewrite one of these paths;
//   path one: [a, b], path two: [a, [0]]".
// Pairs are compared in source order, each path with the ones before it (architect/dynalite's
// update and projection grammars; the overlap text is AWS's, quoted in aiodynamo#2 and
// paritysuite).
void check_disjoint(const std::vector<engine::DocumentPath>& paths, ExpressionKind kind);

// The top-level attribute names a condition reads, in source order, with repeats.
std::vector<std::string> top_level_names(const engine::Condition& condition);

}  // namespace ddb::protocol::expr
