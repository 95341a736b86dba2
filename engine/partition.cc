#include "engine/partition.h"

namespace ddb::engine {

const Item* Partition::find(const AttributeValue& sort_key) const {
  auto it = items_.find(sort_key);
  return it == items_.end() ? nullptr : &it->second;
}

std::optional<Item> Partition::put(const AttributeValue& sort_key, Item item) {
  auto [it, inserted] = items_.try_emplace(sort_key);
  std::optional<Item> old;
  if (!inserted) old = std::move(it->second);
  it->second = std::move(item);
  return old;
}

std::optional<Item> Partition::remove(const AttributeValue& sort_key) {
  auto it = items_.find(sort_key);
  if (it == items_.end()) return std::nullopt;
  std::optional<Item> old = std::move(it->second);
  items_.erase(it);
  return old;
}

}  // namespace ddb::engine
