#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/capacity/capacity_meter.h"
#include "engine/capacity/contributors.h"
#include "engine/index.h"
#include "engine/item.h"
#include "engine/item_change.h"
#include "engine/page.h"
#include "engine/partition.h"
#include "engine/sharded_store.h"
#include "engine/sort_key_range.h"
#include "engine/table_definition.h"

namespace ddb::engine {

using Page = BasicPage<Key>;

// DynamoDB's limit on an item collection (a partition key's items and their LSI entries) in a
// table with local secondary indexes: 10 GB.
inline constexpr uint64_t kMaxItemCollectionBytes = uint64_t{10} * 1024 * 1024 * 1024;

// Decides a write under the item's lock: gets the current item (or nullptr) and returns the item to
// store, or std::nullopt to leave the key without an item. May throw engine::Error to abort the
// write with no change.
using WriteDecision = std::function<std::optional<Item>(const Item* current)>;

// One table's items in a sharded store, and its secondary indexes, which every write keeps in
// step. Thread-safe: reads share a shard's lock, writes take it exclusively, one shard at a time,
// and update the index entries while they hold it.
class Table {
 public:
  explicit Table(TableDefinition definition);

  // The key schema never changes after creation, so it is readable without a lock.
  const KeySchema& key_schema() const { return key_schema_; }
  // The table's id (TableDefinition::table_id), which never changes either.
  const std::string& table_id() const { return table_id_; }
  TableDefinition definition() const;
  void update_definition(const std::function<void(TableDefinition&)>& change);
  // Called with the new definition after every change to it (update_definition, add_index,
  // remove_index, a backfill's status changes), under the definition's lock so that the calls come
  // in the order of the changes. For the durable log; must not throw.
  using DefinitionListener = std::function<void(const TableDefinition&)>;
  void set_definition_listener(DefinitionListener listener);

  // A table with this one's definition (under `table_id`), indexes and items, and no listeners:
  // what a snapshot keeps and a restore installs. O(shards): the two tables share each shard's
  // items and index entries until either writes to that shard, which then copies that shard's
  // part (ShardedStore::Shard; a copy of stored bytes, nothing decoded). Every shard is locked
  // (shared) while the shares are taken, so the copy is the table as it stood at one moment;
  // `while_locked`, when given, runs at that moment (no write of this table is half-way), to read
  // what must match the copy (a point-in-time history's position).
  std::shared_ptr<Table> copy(std::string table_id,
                              const std::function<void()>& while_locked = {}) const;

  std::optional<Item> get(const Key& key) const;
  // Stores `item` (which holds the key attributes); returns the item it replaced.
  std::optional<Item> put(Item item);
  std::optional<Item> remove(const Key& key);
  // The general atomic write: applies `decide` to the current item; returns the previous item.
  // Rejects (Error, no change) an item an index cannot hold, and a write that would take an item
  // collection past the limit in a table with LSIs (ItemCollectionSizeLimitExceededException).
  std::optional<Item> write(const Key& key, const WriteDecision& decide,
                            ChangeOrigin origin = ChangeOrigin::Client);
  // Throws what write() would for storing `item` in an index (see Index::check_item).
  void check_index_keys(const Item& item) const;

  // Reads the items of one partition whose sort key lies in `range`, in `direction`, resuming
  // strictly after `start_after` (a key of this partition) when given. O(log n + page).
  Page query(const AttributeValue& partition, const SortKeyRange& range, Direction direction,
             const PageLimits& limits, const std::optional<Key>& start_after) const;
  // Reads one segment of the table in scan order, resuming strictly after `start_after`. O(log n +
  // page).
  Page scan(const ScanSegment& segment, const PageLimits& limits,
            const std::optional<Key>& start_after) const;

  // The items are kept in shards, each under its own lock; background work (the TTL expirer)
  // visits them one shard at a time, so that it holds no lock for long.
  static std::size_t shard_count();
  // The keys of the items in shard `shard` (< shard_count()) whose top-level attribute `attribute`
  // `match` accepts, read under the shard's shared lock. `match` must be quick and must not call
  // into the table.
  std::vector<Key> find_in_shard(std::size_t shard, std::string_view attribute,
                                 const std::function<bool(const AttributeValue&)>& match) const;

  // The shard order of partition keys: the segment that holds `partition`.
  static uint32_t segment_of(const AttributeValue& partition, uint32_t total_segments);

  // Every index, in definition order.
  std::vector<std::shared_ptr<const Index>> indexes() const;
  // The index named `name`, or nullptr.
  std::shared_ptr<const Index> find_index(std::string_view name) const;
  // Adds a GSI (status CREATING) that every later write maintains; backfill() then indexes the
  // items already stored. Requires: no index of that name.
  std::shared_ptr<Index> add_index(IndexDefinition definition);
  // Indexes every stored item, then marks the index ACTIVE. Safe with concurrent writes: each
  // shard is read under its lock, and writes already maintain the index.
  void backfill(Index& index);
  // Drops the index and its definition; returns false when there is none.
  bool remove_index(std::string_view name);

  // Every later committed change is also given to `listener` (see ChangeListener); a write that
  // stores no item where there was none is not a change.
  void add_change_listener(std::shared_ptr<ChangeListener> listener);
  // Returns once every write that had started when it was called has committed (each shard's lock
  // is taken in turn): after add_change_listener, no change the listener missed is still to come.
  void wait_for_writes() const;
  void remove_change_listener(const ChangeListener& listener);

  bool has_local_indexes() const { return has_local_indexes_; }
  // The bytes of the item collection of `partition`: its items and their LSI entries.
  uint64_t item_collection_bytes(const AttributeValue& partition) const;
  // Lowers the item-collection limit, so that tests can reach it.
  void set_item_collection_limit(uint64_t bytes) { item_collection_limit_ = bytes; }

  // The table's capacity buckets, which the protocol consults under --capacity enforce. Follows
  // the definition's throughput settings.
  CapacityMeter& capacity() const { return capacity_; }
  // The table's Contributor Insights counts, which the protocol feeds while any are enabled.
  // Follows the definition's settings.
  Contributors& contributors() const { return contributors_; }

  uint64_t item_count() const { return item_count_.load(std::memory_order_relaxed); }
  uint64_t size_bytes() const { return size_bytes_.load(std::memory_order_relaxed); }

 private:
  // A partition and the size of its item collection.
  struct TablePartition : Partition {
    uint64_t collection_bytes = 0;
  };
  using Store = ShardedStore<TablePartition>;
  using Indexes = std::vector<std::shared_ptr<Index>>;

  friend class Transaction;

  using Partitions = Store::Map;

  const AttributeValue& sort_slot(const Key& key) const;
  // Makes the capacity meter, the contributor counts and the listener follow a changed
  // definition. Requires: definition_mutex_ held.
  void definition_changed_locked();
  // The steps of a write, for a caller holding the shard's lock (exclusively for the last two).
  // The partition of `key`, or end(), in the shard's partitions made writable (copied first when
  // a copy of the table still shares them). Requires: the shard locked exclusively.
  Partitions::iterator find_partition(Store::Shard& shard, uint64_t hash, const Key& key) const;
  // The item of `key` in `partition` (an iterator of `shard`), decoded.
  std::optional<Item> find_locked(const Store::Shard& shard, Partitions::const_iterator partition,
                                  const Key& key) const;
  std::optional<Item> find_locked(const Store::Shard& shard, uint64_t hash, const Key& key) const;
  // Throws what storing `next` (nullptr: removing the item) would violate, changing nothing.
  void check_write_locked(const Store::Shard& shard, Partitions::const_iterator partition,
                          const Indexes& indexes, const Item* current, const Item* next) const;
  // Stores `next` (or removes the item, nullptr) in place of `current` and keeps the indexes and
  // counters in step. `partition` is the key's partition in `shard` or end(). Requires:
  // check_write_locked passed.
  void commit_locked(Store::Shard& shard, Partitions::iterator partition, uint64_t hash,
                     const Key& key, const Indexes& indexes, const Item* current, const Item* next);
  // Updates the counters for a write that replaced `before` and, when `stored`, stored an item of
  // `stored_size` bytes.
  void account(const Item* before, bool stored, std::size_t stored_size);
  // The bytes `item` adds to its item collection: its size and its LSI entries' sizes.
  uint64_t collection_share(const Item* item, const Indexes& indexes) const;

  const KeySchema key_schema_;
  const std::string table_id_;
  mutable std::mutex definition_mutex_;
  TableDefinition definition_;
  DefinitionListener definition_listener_;  // guarded by definition_mutex_
  mutable CapacityMeter capacity_;
  mutable Contributors contributors_;
  // Replaced, never changed, so that a write reads a consistent set without a lock of its own.
  std::atomic<std::shared_ptr<const Indexes>> indexes_;
  std::atomic<std::shared_ptr<const ChangeListeners>> change_listeners_;
  bool has_local_indexes_ = false;
  uint64_t item_collection_limit_ = kMaxItemCollectionBytes;
  Store store_;
  std::atomic<uint64_t> item_count_{0};
  std::atomic<uint64_t> size_bytes_{0};
};

}  // namespace ddb::engine
