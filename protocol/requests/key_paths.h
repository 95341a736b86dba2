#pragma once

#include <optional>
#include <vector>

#include "engine/expression.h"
#include "engine/table.h"

namespace ddb::protocol {

// Key attributes are scalars: a document path that goes on past a key attribute (`pk.a`, `pk[0]`)
// is refused wherever an expression names it (issue 20): "Key attributes must be scalars; list
// random access '[]' and map lookup '.' are not allowed: Key: pk", or "IndexKey: gsi_pk" for a key
// attribute of one of the table's indexes. Top-level paths, key attributes among them, pass.
void check_key_path(const engine::DocumentPath& path, const engine::Table& table);
// Every path of a ProjectionExpression.
void check_key_paths(const std::vector<engine::DocumentPath>& paths, const engine::Table& table);
// Every path a ConditionExpression or FilterExpression reads, in source order.
void check_key_paths(const std::optional<engine::Condition>& condition, const engine::Table& table);

}  // namespace ddb::protocol
