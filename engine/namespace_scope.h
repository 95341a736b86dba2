#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace ddb::engine {

// Which namespaces (Database regions) a reset, a snapshot or a restore covers: one, by name, or
// every one.
struct NamespaceScope {
  std::optional<std::string> name;  // nullopt: every namespace

  static NamespaceScope all() { return {}; }
  static NamespaceScope only(std::string name) { return {std::move(name)}; }
  bool covers(std::string_view region) const { return !name || *name == region; }
  friend bool operator==(const NamespaceScope&, const NamespaceScope&) = default;
};

}  // namespace ddb::engine
