#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <vector>

#include "engine/item.h"
#include "engine/partition.h"
#include "engine/sort_key_range.h"
#include "engine/table_definition.h"

namespace ddb::engine {

// DynamoDB stops a Query or Scan page once it has read 1 MB.
inline constexpr std::size_t kMaxPageBytes = 1024 * 1024;

// When a page stops: after `limit` items (0 = no limit) or once `max_bytes` have been read.
struct PageLimits {
  std::size_t limit = 0;
  std::size_t max_bytes = kMaxPageBytes;
};

// One page of a Query or Scan: the items read, in order, and the key to resume after when the page
// stopped because of a limit.
struct Page {
  std::vector<Item> items;
  std::optional<Key> last_evaluated_key;
  std::size_t bytes_read = 0;  // item_size() summed over `items`, for read capacity
};

// A parallel-scan segment: segment `index` of `total` covers an equal slice of the partition-key
// hash space, so the segments together visit every item exactly once.
struct ScanSegment {
  uint32_t index = 0;
  uint32_t total = 1;
};

// Decides a write under the item's lock: gets the current item (or nullptr) and returns the item to
// store, or std::nullopt to leave the key without an item. May throw engine::Error to abort the
// write with no change.
using WriteDecision = std::function<std::optional<Item>(const Item* current)>;

// One table's items in a sharded store: partitions are spread over shards by a hash of the
// partition key; a shard's partitions are ordered by (hash, key), so scans have a fixed order that
// pages resume from. Thread-safe: reads share a shard's lock, writes take it exclusively, one shard
// at a time.
class Table {
 public:
  explicit Table(TableDefinition definition);

  // The key schema never changes after creation, so it is readable without a lock.
  const KeySchema& key_schema() const { return key_schema_; }
  TableDefinition definition() const;
  void update_definition(const std::function<void(TableDefinition&)>& change);

  std::optional<Item> get(const Key& key) const;
  // Stores `item` (which holds the key attributes); returns the item it replaced.
  std::optional<Item> put(Item item);
  std::optional<Item> remove(const Key& key);
  // The general atomic write: applies `decide` to the current item; returns the previous item.
  std::optional<Item> write(const Key& key, const WriteDecision& decide);

  // Reads the items of one partition whose sort key lies in `range`, in `direction`, resuming
  // strictly after `start_after` (a key of this partition) when given. O(log n + page).
  Page query(const AttributeValue& partition, const SortKeyRange& range, Direction direction,
             const PageLimits& limits, const std::optional<Key>& start_after) const;
  // Reads one segment of the table in scan order, resuming strictly after `start_after`. O(log n +
  // page).
  Page scan(const ScanSegment& segment, const PageLimits& limits,
            const std::optional<Key>& start_after) const;

  // The shard order of partition keys: the segment that holds `partition`.
  static uint32_t segment_of(const AttributeValue& partition, uint32_t total_segments);

  uint64_t item_count() const { return item_count_.load(std::memory_order_relaxed); }
  uint64_t size_bytes() const { return size_bytes_.load(std::memory_order_relaxed); }

 private:
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
  struct Shard {
    mutable std::shared_mutex mutex;
    std::map<Slot, Partition, SlotLess> partitions;
  };
  static constexpr std::size_t kShardBits = 4;
  static constexpr std::size_t kShardCount = std::size_t{1} << kShardBits;

  Shard& shard_for(uint64_t hash) { return shards_[hash >> (64 - kShardBits)]; }
  const Shard& shard_for(uint64_t hash) const { return shards_[hash >> (64 - kShardBits)]; }
  const AttributeValue& sort_slot(const Key& key) const;
  // Updates the counters for a write that replaced `before` and, when `stored`, stored an item of
  // `stored_size` bytes.
  void account(const std::optional<Item>& before, bool stored, std::size_t stored_size);

  const KeySchema key_schema_;
  mutable std::mutex definition_mutex_;
  TableDefinition definition_;
  std::array<Shard, kShardCount> shards_;
  std::atomic<uint64_t> item_count_{0};
  std::atomic<uint64_t> size_bytes_{0};
};

}  // namespace ddb::engine
