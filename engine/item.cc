#include "engine/item.h"

#include <algorithm>

namespace ddb::engine {

std::size_t value_size(const AttributeValue& value) {
  switch (value.type()) {
    case Type::S:
      return value.as_string().size();
    case Type::B:
      return value.as_binary().size();
    case Type::N:
      return (value.as_number().digits().size() + 1) / 2 + 1;
    case Type::BOOL:
    case Type::NUL:
      return 1;
    case Type::M: {
      std::size_t size = 3;
      for (const auto& [name, member] : value.as_map())
        size += 1 + name.size() + value_size(member);
      return size;
    }
    case Type::L: {
      std::size_t size = 3;
      for (const auto& member : value.as_list()) size += 1 + value_size(member);
      return size;
    }
    case Type::SS: {
      std::size_t size = 0;
      for (const auto& member : value.as_string_set()) size += member.size();
      return size;
    }
    case Type::BS: {
      std::size_t size = 0;
      for (const auto& member : value.as_binary_set()) size += member.size();
      return size;
    }
    case Type::NS: {
      std::size_t size = 0;
      for (const auto& member : value.as_number_set()) size += (member.digits().size() + 1) / 2 + 1;
      return size;
    }
  }
  return 0;
}

std::size_t item_size(const Item& item) {
  std::size_t size = 0;
  for (const auto& [name, value] : item) size += name.size() + value_size(value);
  return size;
}

namespace {

int value_depth(const AttributeValue& value) {
  int deepest = 0;
  if (value.type() == Type::M) {
    for (const auto& [name, member] : value.as_map())
      deepest = std::max(deepest, value_depth(member));
  } else if (value.type() == Type::L) {
    for (const auto& member : value.as_list()) deepest = std::max(deepest, value_depth(member));
  }
  return deepest + 1;
}

}  // namespace

int nesting_depth(const Item& item) {
  int deepest = 0;
  for (const auto& [name, value] : item) deepest = std::max(deepest, value_depth(value));
  return deepest;
}

Key key_of(const Item& item, const KeySchema& schema) {
  Key key{item.find(schema.partition.name)->second, std::nullopt};
  if (schema.sort) key.sort = item.find(schema.sort->name)->second;
  return key;
}

Item key_to_item(const Key& key, const KeySchema& schema) {
  Item item;
  item.emplace(schema.partition.name, key.partition);
  if (schema.sort && key.sort) item.emplace(schema.sort->name, *key.sort);
  return item;
}

}  // namespace ddb::engine
