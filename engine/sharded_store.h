#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <utility>

#include "engine/key_hash.h"
#include "engine/page.h"
#include "engine/partition.h"

namespace ddb::engine {

// Partitions spread over shards by a stable hash of their partition key; a shard's partitions are
// ordered by (hash, key), so scans visit everything in a fixed order that pages resume from.
// `Entries` is a BasicPartition. Reads take a shard's lock shared; writers lock a shard
// themselves (exclusively) and change its partitions, so that they can keep the lock across
// related changes.
template <typename Entries>
class ShardedStore {
 public:
  struct Slot {
    uint64_t hash;
    AttributeValue key;
  };
  // Orders slots by (hash, key); also compares a slot with a bare hash, to find where a hash range
  // starts.
  struct SlotLess {
    using is_transparent = void;
    bool operator()(const Slot& a, const Slot& b) const {
      if (a.hash != b.hash) return a.hash < b.hash;
      return compare_keys(a.key, b.key) < 0;
    }
    bool operator()(const Slot& a, uint64_t hash) const { return a.hash < hash; }
    bool operator()(uint64_t hash, const Slot& b) const { return hash < b.hash; }
  };
  // A shard's partitions in (hash, key) order, plus an index from each hash to its first
  // partition: finding a partition is a hash-table probe instead of a walk down ~log2(n) tree
  // nodes, each a cache miss once the table outgrows the caches (issue 25: at 100,000 partitions
  // that walk took 12 % of a GetItem). Iterators are the tree's, stable across other inserts and
  // erases. Not thread-safe: the shard's lock guards it.
  class Map {
   public:
    using Tree = std::map<Slot, Entries, SlotLess>;
    using iterator = typename Tree::iterator;
    using const_iterator = typename Tree::const_iterator;

    Map() = default;
    // A copy indexes its own nodes.
    Map(const Map& other) : tree_(other.tree_) {
      for (auto it = tree_.begin(); it != tree_.end(); ++it) {
        first_of_hash_.try_emplace(it->first.hash, it);
      }
    }
    Map& operator=(const Map&) = delete;
    // A moved tree keeps its nodes, so the index's iterators stay good.
    Map(Map&&) noexcept = default;

    iterator begin() { return tree_.begin(); }
    iterator end() { return tree_.end(); }
    const_iterator begin() const { return tree_.begin(); }
    const_iterator end() const { return tree_.end(); }
    iterator find(const Slot& slot) { return find_in(*this, slot); }
    const_iterator find(const Slot& slot) const { return find_in(*this, slot); }
    // `bound` is a Slot or a bare hash (see SlotLess).
    template <typename Bound>
    const_iterator lower_bound(const Bound& bound) const {
      return tree_.lower_bound(bound);
    }
    template <typename Bound>
    const_iterator upper_bound(const Bound& bound) const {
      return tree_.upper_bound(bound);
    }

    // The partition of `slot`, made empty when there was none; returns it and whether it is new.
    std::pair<iterator, bool> try_emplace(const Slot& slot) {
      auto [it, inserted] = tree_.try_emplace(slot);
      if (inserted) {
        auto [first, fresh] = first_of_hash_.try_emplace(slot.hash, it);
        if (!fresh && SlotLess{}(slot, first->second->first)) first->second = it;
      }
      return {it, inserted};
    }
    void erase(iterator it) {
      auto first = first_of_hash_.find(it->first.hash);
      if (first->second == it) {
        auto next = std::next(it);
        if (next != tree_.end() && next->first.hash == it->first.hash) {
          first->second = next;
        } else {
          first_of_hash_.erase(first);
        }
      }
      tree_.erase(it);
    }

   private:
    // Partitions of one hash are adjacent in the tree, so the walk from the first is short (two
    // keys share a 64-bit hash only by accident).
    template <typename Self>
    static auto find_in(Self& self, const Slot& slot) -> decltype(self.tree_.end()) {
      auto first = self.first_of_hash_.find(slot.hash);
      if (first == self.first_of_hash_.end()) return self.tree_.end();
      for (decltype(self.tree_.end()) it = first->second;
           it != self.tree_.end() && it->first.hash == slot.hash; ++it) {
        if (compare_keys(it->first.key, slot.key) == 0) return it;
      }
      return self.tree_.end();
    }

    Tree tree_;
    std::unordered_map<uint64_t, iterator> first_of_hash_;
  };
  // A shard's partitions, shared with the copies of the store (a snapshot's table, a restored
  // one) until one of them writes: a writer takes them through writable_partitions(), which first
  // copies them when another store still holds them (copy-on-write, one shard at a time).
  class Shard {
   public:
    mutable std::shared_mutex mutex;

    // Requires: mutex held, shared or exclusively.
    const Map& partitions() const { return *partitions_; }
    // Requires: mutex held exclusively; iterators taken before the call are not used after it.
    Map& writable_partitions() {
      // Shares are only taken from a holder, under its shard's lock, and this shard's own are
      // taken under this lock, so a count of 1 seen under the exclusive lock means no other store
      // holds the map or can get it. The count is read relaxed: the fence orders this shard's
      // writes after the last other holder's reads, which its release of the count published.
      if (partitions_.use_count() > 1) {
        partitions_ = std::make_shared<Map>(*partitions_);
      } else {
        std::atomic_thread_fence(std::memory_order_acquire);
      }
      return *partitions_;
    }

   private:
    friend class ShardedStore;
    std::shared_ptr<Map> partitions_ = std::make_shared<Map>();
  };

  Shard& shard_for(uint64_t hash) { return shards_[shard_index(hash)]; }
  const Shard& shard_for(uint64_t hash) const { return shards_[shard_index(hash)]; }
  static constexpr std::size_t shard_count() { return kShardCount; }
  Shard& shard(std::size_t index) { return shards_[index]; }
  const Shard& shard(std::size_t index) const { return shards_[index]; }

  // Makes this store hold `other`'s partitions, shared until either store writes to a shard (see
  // Shard): O(shards). Requires: the caller holds every shard of `other` locked, shared at least,
  // and nothing else uses this store yet.
  void share_locked(const ShardedStore& other) {
    for (std::size_t s = 0; s < kShardCount; ++s) {
      shards_[s].partitions_ = other.shards_[s].partitions_;
    }
  }
  // The same, locking each shard of `other` (shared) in turn.
  void share(const ShardedStore& other) {
    for (std::size_t s = 0; s < kShardCount; ++s) {
      std::shared_lock lock(other.shards_[s].mutex);
      shards_[s].partitions_ = other.shards_[s].partitions_;
    }
  }

  // The segment of `total` that holds the partitions of `hash`: floor(hash * total / 2^64).
  static uint32_t segment_of_hash(uint64_t hash, uint32_t total) {
    return static_cast<uint32_t>((Uint128{hash} * total) >> 64);
  }

  // Calls visit(stored_item) over one partition's entries in `range` (see
  // BasicPartition::walk), under the shard's shared lock.
  template <typename EntryKey, typename Visit>
  void walk_partition(const AttributeValue& partition, const SortKeyRange& range,
                      Direction direction, const EntryKey* start_after, Visit&& visit) const {
    uint64_t hash = partition_hash(partition);
    const Shard& shard = shard_for(hash);
    std::shared_lock lock(shard.mutex);
    auto it = shard.partitions().find(Slot{hash, partition});
    if (it != shard.partitions().end()) it->second.walk(range, direction, start_after, visit);
  }

  // Calls visit(stored_item) over one scan segment in scan order, resuming strictly after
  // (`start_partition`, `start_entry`) when given, until visit returns false. Each shard is read
  // under its shared lock.
  template <typename EntryKey, typename Visit>
  void walk_segment(const ScanSegment& segment, const AttributeValue* start_partition,
                    const EntryKey* start_entry, Visit&& visit) const {
    uint64_t from_hash = first_hash_of_segment(segment.index, segment.total);
    if (start_partition) from_hash = partition_hash(*start_partition);
    bool more = true;
    const auto walk_all = [&](const Entries& entries, const EntryKey* after) {
      entries.walk(SortKeyRange::all(), Direction::Forward, after,
                   [&](const StoredItem& item) { return more = visit(item); });
    };
    for (std::size_t s = shard_index(from_hash); s < kShardCount && more; ++s) {
      const Shard& shard = shards_[s];
      std::shared_lock lock(shard.mutex);
      auto it = shard.partitions().lower_bound(from_hash);
      if (start_partition && s == shard_index(from_hash)) {
        // Finish the partition the previous page stopped in, then continue with the next one.
        Slot resume{from_hash, *start_partition};
        auto found = shard.partitions().find(resume);
        if (found != shard.partitions().end()) walk_all(found->second, start_entry);
        it = shard.partitions().upper_bound(resume);
      }
      for (; it != shard.partitions().end() && more; ++it) {
        if (segment_of_hash(it->first.hash, segment.total) != segment.index) return;
        walk_all(it->second, nullptr);
      }
    }
  }

 private:
  __extension__ using Uint128 = unsigned __int128;
  static constexpr std::size_t kShardBits = 4;
  static constexpr std::size_t kShardCount = std::size_t{1} << kShardBits;

  static std::size_t shard_index(uint64_t hash) { return hash >> (64 - kShardBits); }
  static uint64_t first_hash_of_segment(uint32_t index, uint32_t total) {
    return static_cast<uint64_t>(((Uint128{index} << 64) + total - 1) / total);
  }

  std::array<Shard, kShardCount> shards_;
};

}  // namespace ddb::engine
