#pragma once

#include <cstddef>
#include <iterator>
#include <map>
#include <optional>

#include "engine/item.h"
#include "engine/sort_key_range.h"

namespace ddb::engine {

enum class Direction { Forward, Backward };

// The items that share one partition key, ordered by sort key in DynamoDB's order. Tables without a
// sort key store their single item under a NULL placeholder. Not thread-safe: its Shard's lock
// guards it.
class Partition {
 public:
  const Item* find(const AttributeValue& sort_key) const;
  // Stores `item` under `sort_key`; returns the item it replaced.
  std::optional<Item> put(const AttributeValue& sort_key, Item item);
  std::optional<Item> remove(const AttributeValue& sort_key);
  bool empty() const { return items_.empty(); }

  // Calls visit(sort_key, item) for the items in `range` in `direction`, starting strictly after
  // `start_after` in that direction when given, until visit returns false. O(log n + k).
  template <typename Visit>
  void walk(const SortKeyRange& range, Direction direction, const AttributeValue* start_after,
            Visit&& visit) const;

 private:
  std::map<AttributeValue, Item, KeyLess> items_;
};

template <typename Visit>
void Partition::walk(const SortKeyRange& range, Direction direction,
                     const AttributeValue* start_after, Visit&& visit) const {
  if (direction == Direction::Forward) {
    auto it = items_.begin();
    if (range.lower) {
      it = range.lower->inclusive ? items_.lower_bound(range.lower->value)
                                  : items_.upper_bound(range.lower->value);
    }
    // Only move forward: when the range has nothing left (it == end), start_after must not pull
    // the walk back below the range's lower bound.
    if (start_after && it != items_.end() && !KeyLess{}(*start_after, it->first)) {
      it = items_.upper_bound(*start_after);
    }
    for (; it != items_.end() && range.below_upper(it->first); ++it) {
      if (!visit(it->first, it->second)) return;
    }
    return;
  }
  auto it = items_.end();  // one past the next item to visit
  if (range.upper) {
    it = range.upper->inclusive ? items_.upper_bound(range.upper->value)
                                : items_.lower_bound(range.upper->value);
  }
  if (start_after && it != items_.begin() && !KeyLess{}(std::prev(it)->first, *start_after)) {
    it = items_.lower_bound(*start_after);
  }
  while (it != items_.begin()) {
    --it;
    if (!range.above_lower(it->first) || !visit(it->first, it->second)) return;
  }
}

}  // namespace ddb::engine
