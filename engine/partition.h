#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string_view>

#include "engine/entry_tree.h"
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

// Entries that share one partition key, each a StoredItem ordered by its key parts (key bytes),
// in an EntryTree. For a table the one key part is the sort key (empty when the table has none);
// for an index it is the index sort key followed by the table's key. `EntryKey` is what the entry
// is looked up by and `Probe` turns one into key bytes (constructible from the EntryKey); a
// SortKeyRange bound applies to the first key part. Copyable (each item's bytes are copied). Not
// thread-safe: the owning shard's lock guards it.
template <typename EntryKey, typename Probe>
class BasicPartition {
 public:
  const StoredItem* find(const EntryKey& key) const {
    const Probe probe(key);
    return entries_.find(EntryTree::KeyParts(probe.parts()));
  }
  // Stores `item` under `key`; returns the stored item it replaced.
  std::optional<StoredItem> put(const EntryKey& key, const Item& item) {
    const Probe probe(key);
    return entries_.put(StoredItem::encode(item, probe.parts()));
  }
  std::optional<StoredItem> remove(const EntryKey& key) {
    const Probe probe(key);
    return entries_.remove(EntryTree::KeyParts(probe.parts()));
  }
  bool empty() const { return entries_.empty(); }

  // Calls visit(stored_item) for the entries whose first key part lies in `range`, in
  // `direction`, starting strictly after `start_after` in that direction when given, until visit
  // returns false. O(log n + k).
  template <typename Visit>
  void walk(const SortKeyRange& range, Direction direction, const EntryKey* start_after,
            Visit&& visit) const;

 private:
  EntryTree entries_;
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
  const auto below_upper = [&](const StoredItem& item) {
    if (!upper) return true;
    int c = item.key_part(0).compare((*upper)[0]);
    return c < 0 || (c == 0 && range.upper->inclusive);
  };
  const auto above_lower = [&](const StoredItem& item) {
    if (!lower) return true;
    int c = item.key_part(0).compare((*lower)[0]);
    return c > 0 || (c == 0 && range.lower->inclusive);
  };
  const auto parts = [](const KeyProbe& probe) { return EntryTree::KeyParts(probe.parts()); };
  // The next entry's bytes load while this one is visited; items of one partition tend to have
  // similar sizes, so as many bytes as this one has (within bounds) are asked for.
  const auto prefetch = [](const StoredItem& next, const StoredItem& current) {
    next.prefetch(std::clamp<std::size_t>(current.encoded_bytes(), 256, 4096));
  };
  std::optional<Probe> start;
  if (start_after) start.emplace(*start_after);

  if (direction == Direction::Forward) {
    auto it = entries_.begin();
    if (lower) {
      it = range.lower->inclusive ? entries_.lower_bound(parts(*lower))
                                  : entries_.upper_bound(parts(*lower));
    }
    // Only move forward: when the range has nothing left (it == end), start_after must not pull
    // the walk back below the range's lower bound.
    if (start && it != entries_.end() && EntryTree::compare(*it, parts(*start)) <= 0) {
      it = entries_.upper_bound(parts(*start));
    }
    for (const auto end = entries_.end(); it != end && below_upper(*it); ++it) {
      if (auto next = it; ++next != end) prefetch(*next, *it);
      if (!visit(*it)) return;
    }
    return;
  }
  auto it = entries_.end();  // one past the next item to visit
  if (upper) {
    it = range.upper->inclusive ? entries_.upper_bound(parts(*upper))
                                : entries_.lower_bound(parts(*upper));
  }
  const auto begin = entries_.begin();
  if (start && it != begin) {
    auto last = it;
    if (EntryTree::compare(*--last, parts(*start)) >= 0) it = entries_.lower_bound(parts(*start));
  }
  while (it != begin) {
    --it;
    if (auto next = it; next != begin) prefetch(*--next, *it);
    if (!above_lower(*it) || !visit(*it)) return;
  }
}

}  // namespace ddb::engine
