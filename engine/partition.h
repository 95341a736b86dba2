#pragma once

#include <cstddef>
#include <iterator>
#include <map>
#include <optional>

#include "engine/item.h"
#include "engine/sort_key_range.h"

namespace ddb::engine {

enum class Direction { Forward, Backward };

// The value a Query's sort-key range applies to, for an entry key of a table partition (the sort
// key itself). Index entry keys overload it (engine/index_entry.h).
inline const AttributeValue& range_value(const AttributeValue& sort_key) { return sort_key; }

// Entries that share one partition key, ordered by `Less` over `EntryKey`. For a table the entry
// key is the sort key (a NULL placeholder when the table has none); for an index it is the index
// sort key followed by the table's key. `Less` must also compare an entry key with a bare
// AttributeValue by range_value(), so that a SortKeyRange bound finds where it starts. Not
// thread-safe: the owning shard's lock guards it.
template <typename EntryKey, typename Less>
class BasicPartition {
 public:
  const Item* find(const EntryKey& key) const {
    auto it = items_.find(key);
    return it == items_.end() ? nullptr : &it->second;
  }
  // Stores `item` under `key`; returns the item it replaced.
  std::optional<Item> put(const EntryKey& key, Item item) {
    auto [it, inserted] = items_.try_emplace(key);
    std::optional<Item> old;
    if (!inserted) old = std::move(it->second);
    it->second = std::move(item);
    return old;
  }
  std::optional<Item> remove(const EntryKey& key) {
    auto it = items_.find(key);
    if (it == items_.end()) return std::nullopt;
    std::optional<Item> old = std::move(it->second);
    items_.erase(it);
    return old;
  }
  bool empty() const { return items_.empty(); }

  // Calls visit(entry_key, item) for the entries whose range_value() lies in `range`, in
  // `direction`, starting strictly after `start_after` in that direction when given, until visit
  // returns false. O(log n + k).
  template <typename Visit>
  void walk(const SortKeyRange& range, Direction direction, const EntryKey* start_after,
            Visit&& visit) const;

 private:
  std::map<EntryKey, Item, Less> items_;
};

// A table's partition: items by sort key.
using Partition = BasicPartition<AttributeValue, KeyLess>;

template <typename EntryKey, typename Less>
template <typename Visit>
void BasicPartition<EntryKey, Less>::walk(const SortKeyRange& range, Direction direction,
                                          const EntryKey* start_after, Visit&& visit) const {
  const Less less;
  if (direction == Direction::Forward) {
    auto it = items_.begin();
    if (range.lower) {
      it = range.lower->inclusive ? items_.lower_bound(range.lower->value)
                                  : items_.upper_bound(range.lower->value);
    }
    // Only move forward: when the range has nothing left (it == end), start_after must not pull
    // the walk back below the range's lower bound.
    if (start_after && it != items_.end() && !less(*start_after, it->first)) {
      it = items_.upper_bound(*start_after);
    }
    for (; it != items_.end() && range.below_upper(range_value(it->first)); ++it) {
      if (!visit(it->first, it->second)) return;
    }
    return;
  }
  auto it = items_.end();  // one past the next item to visit
  if (range.upper) {
    it = range.upper->inclusive ? items_.upper_bound(range.upper->value)
                                : items_.lower_bound(range.upper->value);
  }
  if (start_after && it != items_.begin() && !less(std::prev(it)->first, *start_after)) {
    it = items_.lower_bound(*start_after);
  }
  while (it != items_.begin()) {
    --it;
    if (!range.above_lower(range_value(it->first)) || !visit(it->first, it->second)) return;
  }
}

}  // namespace ddb::engine
