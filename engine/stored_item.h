#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "engine/item.h"

namespace ddb::engine {

// An item as a partition stores it: one immutable allocation holding its key bytes (see
// key_bytes.h), which order it, and its attributes in a tight binary encoding. A 1 KB item takes
// little more than its own bytes, where an Item (a std::map of variants) takes about twice that.
// Decoded into an Item for conditions, updates and responses. Move-only; never empty once made.
class StoredItem {
 public:
  // Encodes `item` behind `key_parts` (the key bytes an entry is ordered by).
  static StoredItem encode(const Item& item, std::span<const std::string_view> key_parts);

  Item decode() const;
  // item_size() of the encoded item, without decoding it.
  std::size_t item_size() const;
  std::size_t key_part_count() const;
  // Requires: i < key_part_count().
  std::string_view key_part(std::size_t i) const;
  // The value of the top-level attribute `name`, decoded, or nullopt.
  std::optional<AttributeValue> attribute(std::string_view name) const;
  // The bytes of the encoding (the allocation's size).
  std::size_t encoded_bytes() const;
  // Asks the processor to start loading the item's first `bytes` bytes (beyond its end is
  // harmless): a walk asks for the next item while it visits this one, so that in a table larger
  // than the caches the next item's memory arrives meanwhile instead of stalling its visit.
  void prefetch(std::size_t bytes) const {
    for (std::size_t line = 0; line < bytes; line += 64) __builtin_prefetch(bytes_.get() + line);
  }
  // An equal item in an allocation of its own (one copy of the bytes, no re-encoding): what a
  // snapshot of a table is made of.
  StoredItem copy() const;

 private:
  explicit StoredItem(std::unique_ptr<char[]> bytes) : bytes_(std::move(bytes)) {}
  // Where the attributes start.
  const char* attributes_begin() const;

  std::unique_ptr<char[]> bytes_;
};

}  // namespace ddb::engine
