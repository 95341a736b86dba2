#include "engine/table.h"

#include "engine/key_hash.h"

namespace ddb::engine {

namespace {

__extension__ using Uint128 = unsigned __int128;

// Segment `index` of `total` covers the hashes h with floor(h * total / 2^64) == index.
uint32_t segment_of_hash(uint64_t hash, uint32_t total) {
  return static_cast<uint32_t>((Uint128{hash} * total) >> 64);
}

uint64_t first_hash_of_segment(uint32_t index, uint32_t total) {
  return static_cast<uint64_t>(((Uint128{index} << 64) + total - 1) / total);
}

const AttributeValue kNoSortKey = AttributeValue::null();

// Collects a page's items and decides when it is full.
class PageBuilder {
 public:
  explicit PageBuilder(const PageLimits& limits) : limits_(limits) {}

  // Adds an item; returns false once the page is full (the item is still added).
  bool add(const Item& item) {
    page_.items.push_back(item);
    page_.bytes_read += item_size(item);
    full_ = (limits_.limit != 0 && page_.items.size() >= limits_.limit) ||
            page_.bytes_read >= limits_.max_bytes;
    return !full_;
  }
  bool full() const { return full_; }
  Page finish(const KeySchema& schema) && {
    if (full_) page_.last_evaluated_key = key_of(page_.items.back(), schema);
    return std::move(page_);
  }

 private:
  const PageLimits& limits_;
  Page page_;
  bool full_ = false;
};

}  // namespace

Table::Table(TableDefinition definition)
    : key_schema_(definition.key_schema), definition_(std::move(definition)) {}

TableDefinition Table::definition() const {
  std::lock_guard lock(definition_mutex_);
  return definition_;
}

void Table::update_definition(const std::function<void(TableDefinition&)>& change) {
  std::lock_guard lock(definition_mutex_);
  change(definition_);
}

const AttributeValue& Table::sort_slot(const Key& key) const {
  return key.sort ? *key.sort : kNoSortKey;
}

uint32_t Table::segment_of(const AttributeValue& partition, uint32_t total_segments) {
  return segment_of_hash(partition_hash(partition), total_segments);
}

std::optional<Item> Table::get(const Key& key) const {
  uint64_t hash = partition_hash(key.partition);
  const Shard& shard = shard_for(hash);
  std::shared_lock lock(shard.mutex);
  auto it = shard.partitions.find(Slot{hash, key.partition});
  if (it == shard.partitions.end()) return std::nullopt;
  const Item* item = it->second.find(sort_slot(key));
  return item ? std::optional<Item>(*item) : std::nullopt;
}

std::optional<Item> Table::put(Item item) {
  Key key = key_of(item, key_schema_);
  return write(key, [&item](const Item*) { return std::optional<Item>(std::move(item)); });
}

std::optional<Item> Table::remove(const Key& key) {
  return write(key, [](const Item*) { return std::optional<Item>(); });
}

std::optional<Item> Table::write(const Key& key, const WriteDecision& decide) {
  uint64_t hash = partition_hash(key.partition);
  Shard& shard = shard_for(hash);
  std::unique_lock lock(shard.mutex);
  auto it = shard.partitions.find(Slot{hash, key.partition});
  const Item* current = it == shard.partitions.end() ? nullptr : it->second.find(sort_slot(key));
  std::optional<Item> next = decide(current);
  std::optional<Item> old;
  std::size_t stored_size = 0;
  if (next) {
    stored_size = item_size(*next);
    if (it == shard.partitions.end()) {
      it = shard.partitions.try_emplace(Slot{hash, key.partition}).first;
    }
    old = it->second.put(sort_slot(key), std::move(*next));
  } else if (current) {
    old = it->second.remove(sort_slot(key));
    if (it->second.empty()) shard.partitions.erase(it);
  }
  account(old, next.has_value(), stored_size);
  return old;
}

void Table::account(const std::optional<Item>& before, bool stored, std::size_t stored_size) {
  if (before) {
    item_count_.fetch_sub(1, std::memory_order_relaxed);
    size_bytes_.fetch_sub(item_size(*before), std::memory_order_relaxed);
  }
  if (stored) {
    item_count_.fetch_add(1, std::memory_order_relaxed);
    size_bytes_.fetch_add(stored_size, std::memory_order_relaxed);
  }
}

Page Table::query(const AttributeValue& partition, const SortKeyRange& range, Direction direction,
                  const PageLimits& limits, const std::optional<Key>& start_after) const {
  PageBuilder page(limits);
  uint64_t hash = partition_hash(partition);
  const Shard& shard = shard_for(hash);
  std::shared_lock lock(shard.mutex);
  auto it = shard.partitions.find(Slot{hash, partition});
  if (it != shard.partitions.end()) {
    const AttributeValue* resume = start_after ? &sort_slot(*start_after) : nullptr;
    it->second.walk(range, direction, resume,
                    [&page](const AttributeValue&, const Item& item) { return page.add(item); });
  }
  return std::move(page).finish(key_schema_);
}

Page Table::scan(const ScanSegment& segment, const PageLimits& limits,
                 const std::optional<Key>& start_after) const {
  PageBuilder page(limits);
  uint64_t from_hash = first_hash_of_segment(segment.index, segment.total);
  if (start_after) from_hash = partition_hash(start_after->partition);
  const auto in_segment = [&segment](uint64_t hash) {
    return segment_of_hash(hash, segment.total) == segment.index;
  };
  for (std::size_t s = from_hash >> (64 - kShardBits); s < kShardCount && !page.full(); ++s) {
    const Shard& shard = shards_[s];
    std::shared_lock lock(shard.mutex);
    auto it = shard.partitions.lower_bound(from_hash);
    if (start_after && s == (from_hash >> (64 - kShardBits))) {
      // Finish the partition the previous page stopped in, then continue with the next one.
      Slot resume{from_hash, start_after->partition};
      auto found = shard.partitions.find(resume);
      if (found != shard.partitions.end()) {
        found->second.walk(
            SortKeyRange::all(), Direction::Forward, &sort_slot(*start_after),
            [&page](const AttributeValue&, const Item& item) { return page.add(item); });
      }
      it = shard.partitions.upper_bound(resume);
    }
    for (; it != shard.partitions.end() && !page.full(); ++it) {
      if (!in_segment(it->first.hash)) return std::move(page).finish(key_schema_);
      it->second.walk(SortKeyRange::all(), Direction::Forward, nullptr,
                      [&page](const AttributeValue&, const Item& item) { return page.add(item); });
    }
  }
  return std::move(page).finish(key_schema_);
}

}  // namespace ddb::engine
