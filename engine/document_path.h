#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/item.h"
#include "engine/value.h"

namespace ddb::engine {

// One step of a document path: a map key (the first step is the top-level attribute name) or a list
// index.
struct PathStep {
  std::string name;  // when !is_index
  uint32_t index = 0;
  bool is_index = false;
  friend bool operator==(const PathStep&, const PathStep&) = default;
};

// A resolved document path: `a.b[2].c` is {a, b, [2], c}. Never empty; the first step is a name.
using DocumentPath = std::vector<PathStep>;

// The value `path` leads to in `item`, or nullptr when a step is missing or indexes into a value of
// the wrong type (a list index into a map, a key into a list, a step into a scalar).
const AttributeValue* find_value(const Item& item, const DocumentPath& path);

// The container that the last step of a path addresses: a map (the item itself for a one-step
// path) when the last step is a name, a list when it is an index. Both are null when a step before
// the last is missing or is not the container its next step needs.
struct PathParent {
  Map* map = nullptr;
  List* list = nullptr;
  bool found() const { return map != nullptr || list != nullptr; }
};

// The parent of `path`'s last step in `item`. Pointers stay valid until the item's structure above
// them changes (an insertion into or erasure from a list on the way invalidates them).
PathParent find_parent(Item& item, const DocumentPath& path);

// A total order on paths, step by step: names by bytes, indexes numerically, a name before an
// index, a path before the paths it is a prefix of. apply_update() uses it to apply list appends
// and removals in an order that keeps every index referring to the list as it was.
std::strong_ordering compare_paths(const DocumentPath& a, const DocumentPath& b);

}  // namespace ddb::engine
