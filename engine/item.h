#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/value.h"

namespace ddb::engine {

// An item: attribute name -> value, including the key attributes.
using Item = Map;

// One key attribute of a table or index: its name and scalar type (S, N or B).
struct KeyAttribute {
  std::string name;
  Type type = Type::S;
  friend bool operator==(const KeyAttribute&, const KeyAttribute&) = default;
};

// A table's (or index's) primary key: a partition key and an optional sort key.
struct KeySchema {
  KeyAttribute partition;
  std::optional<KeyAttribute> sort;
  friend bool operator==(const KeySchema&, const KeySchema&) = default;
};

// The key of one item. `sort` is set exactly when the schema has a sort key.
struct Key {
  AttributeValue partition;
  std::optional<AttributeValue> sort;
  friend bool operator==(const Key&, const Key&) = default;
};

// DynamoDB's limits on items and keys (1 KB = 1024 bytes).
inline constexpr std::size_t kMaxItemBytes = 400 * 1024;
inline constexpr std::size_t kMaxPartitionKeyBytes = 2048;
inline constexpr std::size_t kMaxSortKeyBytes = 1024;

// The size DynamoDB charges for a value (Developer Guide, "Item sizes and formats"): strings and
// binaries by their bytes, numbers ~1 byte per two significant digits + 1, BOOL/NULL 1 byte, maps
// and lists 3 bytes + 1 byte per element + the elements (map keys count their names), sets the sum
// of their members.
std::size_t value_size(const AttributeValue& value);

// The size of an item: every attribute name's UTF-8 bytes plus its value's size.
std::size_t item_size(const Item& item);

// DynamoDB's nesting limit: a scalar may sit inside at most 31 maps or lists.
inline constexpr int kMaxNestingDepth = 32;

// The deepest nesting in `item`: 1 for a scalar attribute, 1 + the deepest member for a map or
// list.
int nesting_depth(const Item& item);

// The key of `item` under `schema`. Requires: the item holds the schema's key attributes.
Key key_of(const Item& item, const KeySchema& schema);

// The key attributes of `key` as a map, as DynamoDB returns keys (LastEvaluatedKey).
Item key_to_item(const Key& key, const KeySchema& schema);

}  // namespace ddb::engine
