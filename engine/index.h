#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/item.h"
#include "engine/page.h"
#include "engine/partition.h"
#include "engine/sharded_store.h"
#include "engine/table_definition.h"

namespace ddb::engine {

// Where an entry sits inside one index partition: its index sort key (NULL when the index has
// none; a key tuple, key_tuple.h, when it has several attributes), then the table's key, which
// makes entries with equal index keys distinct and gives them a fixed order to resume paging from.
struct IndexEntryKey {
  AttributeValue sort;
  AttributeValue table_partition;
  AttributeValue table_sort;  // NULL when the table has no sort key
  friend bool operator==(const IndexEntryKey&, const IndexEntryKey&) = default;
};

// The key bytes of an entry's IndexEntryKey, in its order: (index sort key, table partition key,
// table sort key) in DynamoDB's key order. A Query's sort-key range applies to the first.
struct IndexEntryProbe : KeyProbe {
  explicit IndexEntryProbe(const IndexEntryKey& key)
      : KeyProbe(key.sort, key.table_partition, key.table_sort) {}
};

// One index entry's place: its index partition key (a key tuple when it has several attributes) and
// its key inside that partition. Also what an index Query or Scan resumes after.
struct IndexPosition {
  AttributeValue partition;
  IndexEntryKey entry;
  friend bool operator==(const IndexPosition&, const IndexPosition&) = default;
};

using IndexPage = BasicPage<IndexPosition>;

// DynamoDB adds 100 bytes of overhead to each index entry in IndexSizeBytes and in the size of an
// item collection (Developer Guide, "Storage considerations" for GSIs and LSIs).
inline constexpr std::size_t kIndexEntryOverhead = 100;

// A secondary index (GSI or LSI): for each table item that holds the index's key attributes with
// their defined types, an entry with the table's key attributes, the index's key attributes and
// the projected attributes. Items without them are not in the index (a sparse index).
// Thread-safe; the table keeps entries in step with its items (see Table::write).
class Index {
 public:
  Index(const IndexDefinition& definition, KeySchema table_schema);

  const std::string& name() const { return name_; }
  IndexKind kind() const { return kind_; }
  const IndexKeySchema& key_schema() const { return key_schema_; }
  const KeySchema& table_key_schema() const { return table_schema_; }
  const IndexProjection& projection() const { return projection_; }
  // Whether an entry holds `attribute` (a top-level attribute name) when its item does.
  bool projects(std::string_view attribute) const;

  // Rejects, with DynamoDB's ValidationException, an item whose index key attribute has a type
  // other than the one defined, is empty, or is larger than a key may be.
  void check_item(const Item& item) const;
  // Whether check_item(item) passes.
  bool accepts(const Item& item) const { return !key_violation(item); }
  // The entry's place for `item`, or nullopt when the item is not in this index: it lacks one of
  // the index's key attributes, or holds one with another type.
  std::optional<IndexPosition> position_of(const Item& item) const;
  // The entry for `item`: its key attributes and the projected ones.
  Item project(const Item& item) const;
  // The bytes the entry for `item` takes: item_size(project(item)) + kIndexEntryOverhead, without
  // building the entry.
  std::size_t entry_size(const Item& item) const;

  // A copy of this index and its entries, for a copy of its table (Table::copy). Requires: no
  // write changes the entries meanwhile (Table::copy holds its table's shard locks).
  std::shared_ptr<Index> copy() const;

  // Adds or replaces the entry at `position`. Takes the index shard's lock.
  void store(const IndexPosition& position, Item entry);
  void erase(const IndexPosition& position);

  // The entries of one index partition whose index sort key is in `range`, as Table::query.
  IndexPage query(const AttributeValue& partition, const SortKeyRange& range, Direction direction,
                  const PageLimits& limits, const std::optional<IndexPosition>& start_after) const;
  // One segment of the index in scan order, as Table::scan.
  IndexPage scan(const ScanSegment& segment, const PageLimits& limits,
                 const std::optional<IndexPosition>& start_after) const;

  // False while a GSI added to an existing table is being backfilled: DynamoDB refuses to read it.
  bool readable() const { return readable_.load(std::memory_order_acquire); }
  void mark_unreadable() { readable_.store(false, std::memory_order_release); }
  void mark_readable() { readable_.store(true, std::memory_order_release); }

  uint64_t item_count() const { return item_count_.load(std::memory_order_relaxed); }
  uint64_t size_bytes() const { return size_bytes_.load(std::memory_order_relaxed); }

 private:
  using Entries = BasicPartition<IndexEntryKey, IndexEntryProbe>;

  // What check_item() rejects `item` for, in DynamoDB's words.
  std::optional<std::string> key_violation(const Item& item) const;
  // Updates the counters for an entry that replaced `before` and, when `added_bytes` > 0, holds
  // that many bytes.
  void account(const std::optional<StoredItem>& before, std::size_t added_bytes);

  const std::string name_;
  const IndexKind kind_;
  const IndexKeySchema key_schema_;
  const KeySchema table_schema_;
  const IndexProjection projection_;
  ShardedStore<Entries> store_;
  std::atomic<bool> readable_{true};
  std::atomic<uint64_t> item_count_{0};
  std::atomic<uint64_t> size_bytes_{0};
};

}  // namespace ddb::engine
