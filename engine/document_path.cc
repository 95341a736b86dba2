#include "engine/document_path.h"

#include <algorithm>
#include <cstddef>
#include <type_traits>

namespace ddb::engine {

namespace {

// One step from `value`: a map key or a list index; nullptr when the step does not apply to it.
// Templated over constness so the read and write sides share one definition.
template <typename Value>
Value* step_into(Value& value, const PathStep& step) {
  if (step.is_index) {
    if (value.type() != Type::L) return nullptr;
    auto& list = value.as_list();
    return step.index < list.size() ? &list[step.index] : nullptr;
  }
  if (value.type() != Type::M) return nullptr;
  auto& map = value.as_map();
  auto it = map.find(step.name);
  return it == map.end() ? nullptr : &it->second;
}

// The value the first `steps` steps of `path` lead to (1 <= steps <= path.size()).
template <typename ItemT>
auto* find_in(ItemT& item, const DocumentPath& path, std::size_t steps) {
  using Value = std::conditional_t<std::is_const_v<ItemT>, const AttributeValue, AttributeValue>;
  if (path.empty() || path.front().is_index) return static_cast<Value*>(nullptr);
  auto it = item.find(path.front().name);
  if (it == item.end()) return static_cast<Value*>(nullptr);
  Value* value = &it->second;
  for (std::size_t i = 1; i < steps && value != nullptr; ++i) {
    value = step_into(*value, path[i]);
  }
  return value;
}

}  // namespace

const AttributeValue* find_value(const Item& item, const DocumentPath& path) {
  return find_in(item, path, path.size());
}

PathParent find_parent(Item& item, const DocumentPath& path) {
  if (path.empty() || path.front().is_index) return {};
  if (path.size() == 1) return {&item, nullptr};
  AttributeValue* parent = find_in(item, path, path.size() - 1);
  if (parent == nullptr) return {};
  if (path.back().is_index) {
    return parent->type() == Type::L ? PathParent{nullptr, &parent->as_list()} : PathParent{};
  }
  return parent->type() == Type::M ? PathParent{&parent->as_map(), nullptr} : PathParent{};
}

std::strong_ordering compare_paths(const DocumentPath& a, const DocumentPath& b) {
  const std::size_t common = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < common; ++i) {
    const PathStep& x = a[i];
    const PathStep& y = b[i];
    if (x.is_index != y.is_index) {
      return x.is_index ? std::strong_ordering::greater : std::strong_ordering::less;
    }
    if (x.is_index) {
      if (x.index != y.index) return x.index <=> y.index;
    } else if (int c = x.name.compare(y.name); c != 0) {
      return c < 0 ? std::strong_ordering::less : std::strong_ordering::greater;
    }
  }
  return a.size() <=> b.size();
}

}  // namespace ddb::engine
