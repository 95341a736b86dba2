#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ddb::protocol {

// Parsed texts remembered by their text, up to `kMaxEntries` before it starts over: expressions
// (protocol/expr/parse_cache.h) and PartiQL statements (protocol/partiql/parse_cache.h), which
// applications send again and again with different values. Only what parses is kept: `parse`
// throws before anything is stored, so endless invalid texts grow nothing. Not thread-safe: keep
// one per thread.
template <typename Parsed, std::size_t kMaxEntries>
class TextCache {
 public:
  template <typename Parse>
  std::shared_ptr<const Parsed> get(std::string_view text, Parse parse) {
    if (auto it = entries_.find(text); it != entries_.end()) return it->second;
    auto parsed = std::make_shared<const Parsed>(parse(text));
    if (entries_.size() >= kMaxEntries) entries_.clear();
    entries_.emplace(std::string(text), parsed);
    return parsed;
  }

 private:
  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const {
      return std::hash<std::string_view>{}(text);
    }
  };
  std::unordered_map<std::string, std::shared_ptr<const Parsed>, TextHash, std::equal_to<>>
      entries_;
};

}  // namespace ddb::protocol
