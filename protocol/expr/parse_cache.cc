#include "protocol/expr/parse_cache.h"

#include <functional>
#include <string>
#include <unordered_map>
#include <utility>

#include "protocol/expr/parser.h"

namespace ddb::protocol::expr {

namespace {

struct TextHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const {
    return std::hash<std::string_view>{}(text);
  }
};

template <typename Parsed>
class ParseCache {
 public:
  template <typename Parse>
  std::shared_ptr<const Parsed> get(std::string_view text, Parse parse) {
    if (auto it = entries_.find(text); it != entries_.end()) return it->second;
    auto parsed = std::make_shared<const Parsed>(parse(text));  // throws before anything is kept
    if (entries_.size() >= kMaxCachedExpressions) entries_.clear();
    entries_.emplace(std::string(text), parsed);
    return parsed;
  }

 private:
  std::unordered_map<std::string, std::shared_ptr<const Parsed>, TextHash, std::equal_to<>>
      entries_;
};

}  // namespace

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
