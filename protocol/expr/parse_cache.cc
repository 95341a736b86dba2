#include "protocol/expr/parse_cache.h"

#include "protocol/expr/parser.h"
#include "protocol/expr/text_cache.h"

namespace ddb::protocol::expr {

template <typename Parsed>
using ParseCache = TextCache<Parsed, kMaxCachedExpressions>;

std::shared_ptr<const Condition> parse_condition_cached(std::string_view text,
                                                        ExpressionKind kind) {
  // One cache per kind: the kind names the expression in every error message.
  thread_local ParseCache<Condition> conditions, key_conditions, filters;
  ParseCache<Condition>& cache = kind == ExpressionKind::KeyCondition ? key_conditions
                                 : kind == ExpressionKind::Filter     ? filters
                                                                      : conditions;
  return cache.get(text, [kind](std::string_view t) { return parse_condition(t, kind); });
}

std::shared_ptr<const UpdateExpression> parse_update_cached(std::string_view text) {
  thread_local ParseCache<UpdateExpression> cache;
  return cache.get(text, [](std::string_view t) { return parse_update(t); });
}

std::shared_ptr<const Projection> parse_projection_cached(std::string_view text) {
  thread_local ParseCache<Projection> cache;
  return cache.get(text, [](std::string_view t) { return parse_projection(t); });
}

}  // namespace ddb::protocol::expr
