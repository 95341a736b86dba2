#include "engine/sort_key_range.h"

#include <string>

namespace ddb::engine {

SortKeyRange SortKeyRange::begins_with(const AttributeValue& prefix) {
  bool is_string = prefix.type() == Type::S;
  std::string next = is_string ? prefix.as_string() : prefix.as_binary();
  while (!next.empty() && static_cast<unsigned char>(next.back()) == 0xFF) next.pop_back();
  SortKeyRange range{{{prefix, true}}, std::nullopt};
  if (!next.empty()) {
    next.back() = static_cast<char>(static_cast<unsigned char>(next.back()) + 1);
    range.upper = SortKeyBound{is_string ? AttributeValue::string(std::move(next))
                                         : AttributeValue::binary(std::move(next)),
                               false};
  }
  return range;
}

bool SortKeyRange::above_lower(const AttributeValue& v) const {
  if (!lower) return true;
  auto c = compare_keys(v, lower->value);
  return c > 0 || (c == 0 && lower->inclusive);
}

bool SortKeyRange::below_upper(const AttributeValue& v) const {
  if (!upper) return true;
  auto c = compare_keys(v, upper->value);
  return c < 0 || (c == 0 && upper->inclusive);
}

}  // namespace ddb::engine
