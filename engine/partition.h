#pragma once

#include <cstddef>
#include <iterator>
#include <optional>
#include <set>
#include <string_view>

#include "engine/item.h"
#include "engine/key_bytes.h"
#include "engine/sort_key_range.h"
#include "engine/stored_item.h"

namespace ddb::engine {

enum class Direction { Forward, Backward };

// The key bytes of a table partition's entry: its sort key (the NULL placeholder, empty bytes,
// when the table has none).
struct SortKeyProbe : KeyProbe {
  explicit SortKeyProbe(const AttributeValue& sort_key) : KeyProbe(sort_key) {}
};

// Entries that share one partition key, each a StoredItem ordered by its key parts (key bytes).
// For a table the one key part is the sort key (empty when the table has none); for an index it
// is the index sort key followed by the table's key. `EntryKey` is what the entry is looked up by
// and `Probe` turns one into key bytes (constructible from the EntryKey); a SortKeyRange bound
// applies to the first key part. Copyable (each item's bytes are copied). Not thread-safe: the
// owning shard's lock guards it.
template <typename EntryKey, typename Probe>
class BasicPartition {
 public:
  const StoredItem* find(const EntryKey& key) const {
    const Probe probe(key);
    auto it = items_.find(probe);
    return it == items_.end() ? nullptr : &it->item;
  }
  // Stores `item` under `key`; returns the stored item it replaced.
  std::optional<StoredItem> put(const EntryKey& key, const Item& item) {
    const Probe probe(key);
    std::string_view parts[3];
    for (std::size_t i = 0; i < probe.size(); ++i) parts[i] = probe[i];
    StoredItem stored = StoredItem::encode(item, {parts, probe.size()});
    auto it = items_.lower_bound(probe);
    if (it == items_.end() || compare(it->item, probe) != 0) {
      items_.insert(it, Entry{std::move(stored)});
      return std::nullopt;
    }
    // The key parts are equal, so the entry keeps its place.
    std::optional<StoredItem> old = std::move(it->item);
    it->item = std::move(stored);
    return old;
  }
  std::optional<StoredItem> remove(const EntryKey& key) {
    const Probe probe(key);
    auto it = items_.find(probe);
    if (it == items_.end()) return std::nullopt;
    std::optional<StoredItem> old = std::move(it->item);
    items_.erase(it);
    return old;
  }
  bool empty() const { return items_.empty(); }

  // Calls visit(stored_item) for the entries whose first key part lies in `range`, in
  // `direction`, starting strictly after `start_after` in that direction when given, until visit
  // returns false. O(log n + k).
  template <typename Visit>
  void walk(const SortKeyRange& range, Direction direction, const EntryKey* start_after,
            Visit&& visit) const;

 private:
  struct Entry {
    explicit Entry(StoredItem stored) : item(std::move(stored)) {}
    // Copying a partition (a table's snapshot) copies each item's bytes.
    Entry(const Entry& other) : item(other.item.copy()) {}
    Entry(Entry&&) = default;
    mutable StoredItem item;
  };
  // Compares key parts one by one; a probe with fewer parts compares only those (a range bound).
  static int compare(const StoredItem& a, const KeyProbe& b) {
    for (std::size_t i = 0; i < b.size(); ++i) {
      if (int c = a.key_part(i).compare(b[i]); c != 0) return c;
    }
    return 0;
  }
  struct Less {
    using is_transparent = void;
    bool operator()(const Entry& a, const Entry& b) const {
      for (std::size_t i = 0; i < a.item.key_part_count(); ++i) {
        if (int c = a.item.key_part(i).compare(b.item.key_part(i)); c != 0) return c < 0;
      }
      return false;
    }
    bool operator()(const Entry& a, const KeyProbe& b) const { return compare(a.item, b) < 0; }
    bool operator()(const KeyProbe& a, const Entry& b) const { return compare(b.item, a) > 0; }
  };
  using Items = std::set<Entry, Less>;

  Items items_;
};

// A table's partition: items by sort key.
using Partition = BasicPartition<AttributeValue, SortKeyProbe>;

template <typename EntryKey, typename Probe>
template <typename Visit>
void BasicPartition<EntryKey, Probe>::walk(const SortKeyRange& range, Direction direction,
                                           const EntryKey* start_after, Visit&& visit) const {
  std::optional<KeyProbe> lower;
  std::optional<KeyProbe> upper;
  if (range.lower) lower.emplace(range.lower->value);
  if (range.upper) upper.emplace(range.upper->value);
  const auto below_upper = [&](const Entry& entry) {
    if (!upper) return true;
    int c = entry.item.key_part(0).compare((*upper)[0]);
    return c < 0 || (c == 0 && range.upper->inclusive);
  };
  const auto above_lower = [&](const Entry& entry) {
    if (!lower) return true;
    int c = entry.item.key_part(0).compare((*lower)[0]);
    return c > 0 || (c == 0 && range.lower->inclusive);
  };
  std::optional<Probe> start;
  if (start_after) start.emplace(*start_after);

  if (direction == Direction::Forward) {
    auto it = items_.begin();
    if (lower)
      it = range.lower->inclusive ? items_.lower_bound(*lower) : items_.upper_bound(*lower);
    // Only move forward: when the range has nothing left (it == end), start_after must not pull
    // the walk back below the range's lower bound.
    if (start && it != items_.end() && compare(it->item, *start) <= 0) {
      it = items_.upper_bound(*start);
    }
    for (; it != items_.end() && below_upper(*it); ++it) {
      if (!visit(it->item)) return;
    }
    return;
  }
  auto it = items_.end();  // one past the next item to visit
  if (upper) it = range.upper->inclusive ? items_.upper_bound(*upper) : items_.lower_bound(*upper);
  if (start && it != items_.begin() && compare(std::prev(it)->item, *start) >= 0) {
    it = items_.lower_bound(*start);
  }
  while (it != items_.begin()) {
    --it;
    if (!above_lower(*it) || !visit(it->item)) return;
  }
}

}  // namespace ddb::engine
