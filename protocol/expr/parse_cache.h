#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "protocol/expr/ast.h"

namespace ddb::protocol::expr {

// How many parsed expressions of each kind a thread remembers before it starts over.
inline constexpr std::size_t kMaxCachedExpressions = 256;

// parse_condition, parse_update and parse_projection (parser.h), remembered per thread by text.
// Applications send the same few expressions with every request, and parsing one (lexing, the
// syntax checks, check_parsed) costs more than the rest of a small Query's request handling. Only
// expressions that parse are kept, so a client sending endless invalid ones grows nothing; each
// error is the parser's, thrown again. The results are the parsers' own; placeholders stay
// unresolved, so one entry serves every request whatever its ExpressionAttributeNames/Values.
std::shared_ptr<const Condition> parse_condition_cached(std::string_view text, ExpressionKind kind);
std::shared_ptr<const UpdateExpression> parse_update_cached(std::string_view text);
std::shared_ptr<const Projection> parse_projection_cached(std::string_view text);

}  // namespace ddb::protocol::expr
