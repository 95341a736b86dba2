#include "engine/projection.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ddb::engine {

namespace {

// The part of one value that the paths select: all of it (`whole`), some of its map members, or
// some of its list elements by their index in the item. Children are held by pointer: a pair
// holding the incomplete Selection itself is rejected by clang with libstdc++.
struct Selection {
  const AttributeValue* whole = nullptr;
  std::vector<std::pair<std::string, std::unique_ptr<Selection>>> members;
  std::vector<std::pair<uint32_t, std::unique_ptr<Selection>>> elements;

  Selection& child(const PathStep& step) {
    if (step.is_index) {
      for (auto& [index, selection] : elements) {
        if (index == step.index) return *selection;
      }
      return *elements.emplace_back(step.index, std::make_unique<Selection>()).second;
    }
    for (auto& [name, selection] : members) {
      if (name == step.name) return *selection;
    }
    return *members.emplace_back(step.name, std::make_unique<Selection>()).second;
  }

  Map map() && {
    Map out;
    for (auto& [name, selection] : members) out.emplace(name, std::move(*selection).value());
    return out;
  }

  AttributeValue value() && {
    if (whole != nullptr) return *whole;
    if (!members.empty()) return AttributeValue::map(std::move(*this).map());
    // DynamoDB returns the selected elements of a list in list order, packed: `a[2], a[0]` of
    // [x, y, z] is [x, z] (scylladb test_projection_expression.py, test_projection_expression_
    // path, run against DynamoDB).
    std::sort(elements.begin(), elements.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    List list;
    list.reserve(elements.size());
    for (auto& [index, selection] : elements) list.push_back(std::move(*selection).value());
    return AttributeValue::list(std::move(list));
  }
};

}  // namespace

Item project(const Item& item, const std::vector<DocumentPath>& paths) {
  Selection root;
  for (const DocumentPath& path : paths) {
    const AttributeValue* value = find_value(item, path);
    if (value == nullptr) continue;
    Selection* selection = &root;
    for (const PathStep& step : path) selection = &selection->child(step);
    selection->whole = value;
  }
  return std::move(root).map();
}

}  // namespace ddb::engine
