#include "engine/table.h"

#include <algorithm>
#include <shared_mutex>
#include <utility>

#include "engine/error.h"
#include "engine/key_hash.h"

namespace ddb::engine {

namespace {

const AttributeValue kNoSortKey = AttributeValue::null();

}  // namespace

Table::Table(TableDefinition definition)
    : key_schema_(definition.key_schema),
      table_id_(definition.table_id),
      definition_(std::move(definition)),
      capacity_(definition_),
      contributors_(definition_) {
  auto indexes = std::make_shared<Indexes>();
  for (const IndexDefinition& index : definition_.indexes) {
    indexes->push_back(std::make_shared<Index>(index, key_schema_));
    has_local_indexes_ = has_local_indexes_ || index.kind == IndexKind::Local;
  }
  indexes_.store(std::move(indexes));
  change_listeners_.store(std::make_shared<const ChangeListeners>());
}

std::shared_ptr<Table> Table::copy(std::string table_id,
                                   const std::function<void()>& while_locked) const {
  TableDefinition definition = this->definition();
  definition.table_id = std::move(table_id);
  auto copy = std::make_shared<Table>(std::move(definition));
  copy->item_collection_limit_ = item_collection_limit_;
  // In the order writers lock them (Transaction's lock order: one table's shards ascending), so
  // that no write is half-way while the copy is made.
  std::vector<std::shared_lock<std::shared_mutex>> locks;
  locks.reserve(Store::shard_count());
  for (std::size_t s = 0; s < Store::shard_count(); ++s) locks.emplace_back(store_.shard(s).mutex);
  copy->store_.share_locked(store_);
  if (while_locked) while_locked();
  auto indexes = std::make_shared<Indexes>();
  for (const std::shared_ptr<Index>& index : *indexes_.load()) indexes->push_back(index->copy());
  copy->indexes_.store(std::move(indexes));
  copy->item_count_.store(item_count(), std::memory_order_relaxed);
  copy->size_bytes_.store(size_bytes(), std::memory_order_relaxed);
  return copy;
}

TableDefinition Table::definition() const {
  std::lock_guard lock(definition_mutex_);
  return definition_;
}

void Table::update_definition(const std::function<void(TableDefinition&)>& change) {
  std::lock_guard lock(definition_mutex_);
  change(definition_);
  definition_changed_locked();
}

void Table::definition_changed_locked() {
  capacity_.configure(definition_);
  contributors_.configure(definition_);
  if (definition_listener_) definition_listener_(definition_);
}

void Table::set_definition_listener(DefinitionListener listener) {
  std::lock_guard lock(definition_mutex_);
  definition_listener_ = std::move(listener);
}

const AttributeValue& Table::sort_slot(const Key& key) const {
  return key.sort ? *key.sort : kNoSortKey;
}

uint32_t Table::segment_of(const AttributeValue& partition, uint32_t total_segments) {
  return Store::segment_of_hash(partition_hash(partition), total_segments);
}

std::size_t Table::shard_count() { return Store::shard_count(); }

std::vector<Key> Table::find_in_shard(
    std::size_t shard_index, std::string_view attribute,
    const std::function<bool(const AttributeValue&)>& match) const {
  std::vector<Key> keys;
  const Store::Shard& shard = store_.shard(shard_index);
  std::shared_lock lock(shard.mutex);
  // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
  for (const auto& entry : shard.partitions()) {
    const AttributeValue& partition_key = entry.first.key;
    entry.second.walk(SortKeyRange::all(), Direction::Forward, nullptr,
                      [&](const StoredItem& item) {
                        std::optional<AttributeValue> value = item.attribute(attribute);
                        if (value && match(*value)) {
                          std::optional<AttributeValue> sort;
                          if (key_schema_.sort) sort = item.attribute(key_schema_.sort->name);
                          keys.push_back(Key{partition_key, std::move(sort)});
                        }
                        return true;
                      });
  }
  return keys;
}

std::optional<Item> Table::get(const Key& key) const {
  uint64_t hash = partition_hash(key.partition);
  const auto& shard = store_.shard_for(hash);
  std::shared_lock lock(shard.mutex);
  auto it = shard.partitions().find(Store::Slot{hash, key.partition});
  if (it == shard.partitions().end()) return std::nullopt;
  const StoredItem* item = it->second.find(sort_slot(key));
  if (!item) return std::nullopt;
  // Finding it read the item's first bytes; its other cache lines are asked for at once, so
  // that their misses overlap instead of coming one by one as the decode reaches them.
  item->prefetch(item->encoded_bytes());
  return item->decode();
}

std::optional<Item> Table::put(Item item) {
  Key key = key_of(item, key_schema_);
  return write(key, [&item](const Item*) { return std::optional<Item>(std::move(item)); });
}

std::optional<Item> Table::remove(const Key& key) {
  return write(key, [](const Item*) { return std::optional<Item>(); });
}

void Table::check_index_keys(const Item& item) const {
  for (const auto& index : *indexes_.load()) index->check_item(item);
}

uint64_t Table::collection_share(const Item* item, const Indexes& indexes) const {
  if (!item) return 0;
  uint64_t bytes = item_size(*item);
  for (const auto& index : indexes) {
    if (index->kind() == IndexKind::Local && index->position_of(*item)) {
      bytes += index->entry_size(*item);
    }
  }
  return bytes;
}

std::optional<Item> Table::write(const Key& key, const WriteDecision& decide, ChangeOrigin origin) {
  uint64_t hash = partition_hash(key.partition);
  Store::Shard& shard = store_.shard_for(hash);
  std::unique_lock lock(shard.mutex);
  // Loaded under the shard's lock, so that a backfill that has not reached this shard yet either
  // sees this write's item or is in the set this write maintains (see backfill()).
  std::shared_ptr<const Indexes> indexes = indexes_.load();
  // One lookup of the partition serves the read, the checks and the commit.
  auto partition = find_partition(shard, hash, key);
  std::optional<Item> current = find_locked(shard, partition, key);
  std::optional<Item> next = decide(current ? &*current : nullptr);
  if (!next && !current) return std::nullopt;
  const Item* before = current ? &*current : nullptr;
  const Item* after = next ? &*next : nullptr;
  check_write_locked(shard, partition, *indexes, before, after);
  // Loaded under the shard's lock too, so that a listener added later misses no change after it.
  std::shared_ptr<const ChangeListeners> listeners = change_listeners_.load();
  commit_locked(shard, partition, hash, key, *indexes, before, after);
  if (!listeners->empty()) {
    const ItemChange change{*this, key, before, after, origin};
    for (const auto& listener : *listeners) listener->on_changes({&change, 1});
  }
  return current;
}

void Table::add_change_listener(std::shared_ptr<ChangeListener> listener) {
  std::lock_guard lock(definition_mutex_);
  auto listeners = std::make_shared<ChangeListeners>(*change_listeners_.load());
  listeners->push_back(std::move(listener));
  change_listeners_.store(std::move(listeners));
}

void Table::wait_for_writes() const {
  for (std::size_t s = 0; s < Store::shard_count(); ++s) {
    std::shared_lock lock(store_.shard(s).mutex);
  }
}

void Table::remove_change_listener(const ChangeListener& listener) {
  std::lock_guard lock(definition_mutex_);
  auto listeners = std::make_shared<ChangeListeners>(*change_listeners_.load());
  std::erase_if(*listeners, [&listener](const auto& entry) { return entry.get() == &listener; });
  change_listeners_.store(std::move(listeners));
}

Table::Partitions::iterator Table::find_partition(Store::Shard& shard, uint64_t hash,
                                                  const Key& key) const {
  return shard.writable_partitions().find(Store::Slot{hash, key.partition});
}

std::optional<Item> Table::find_locked(const Store::Shard& shard,
                                       Partitions::const_iterator partition, const Key& key) const {
  if (partition == shard.partitions().end()) return std::nullopt;
  const StoredItem* item = partition->second.find(sort_slot(key));
  return item ? std::optional<Item>(item->decode()) : std::nullopt;
}

std::optional<Item> Table::find_locked(const Store::Shard& shard, uint64_t hash,
                                       const Key& key) const {
  return find_locked(shard, shard.partitions().find(Store::Slot{hash, key.partition}), key);
}

void Table::check_write_locked(const Store::Shard& shard, Partitions::const_iterator partition,
                               const Indexes& indexes, const Item* current,
                               const Item* next) const {
  if (next) {
    for (const auto& index : indexes) index->check_item(*next);
  }
  if (!has_local_indexes_) return;
  uint64_t before = collection_share(current, indexes);
  uint64_t after = collection_share(next, indexes);
  // A write that shrinks a collection is allowed even over the limit.
  uint64_t collection_bytes =
      partition == shard.partitions().end() ? 0 : partition->second.collection_bytes;
  if (after > before && collection_bytes - before + after > item_collection_limit_) {
    throw Error(ErrorType::ItemCollectionSizeLimitExceeded, "Collection size exceeded.");
  }
}

void Table::commit_locked(Store::Shard& shard, Partitions::iterator partition, uint64_t hash,
                          const Key& key, const Indexes& indexes, const Item* current,
                          const Item* next) {
  uint64_t collection_bytes =
      partition == shard.partitions().end() ? 0 : partition->second.collection_bytes;
  if (has_local_indexes_) {
    collection_bytes =
        collection_bytes - collection_share(current, indexes) + collection_share(next, indexes);
  }

  // Index entries that go away are erased while their item still exists, and new ones are stored
  // once it does, so that no reader finds an entry whose item is missing.
  std::vector<std::optional<IndexPosition>> positions(indexes.size());
  std::vector<Item> entries(indexes.size());
  for (std::size_t i = 0; i < indexes.size() && next; ++i) {
    positions[i] = indexes[i]->position_of(*next);
    if (positions[i]) entries[i] = indexes[i]->project(*next);
  }
  for (std::size_t i = 0; i < indexes.size() && current; ++i) {
    auto old_position = indexes[i]->position_of(*current);
    if (old_position && old_position != positions[i]) indexes[i]->erase(*old_position);
  }

  std::size_t stored_size = 0;
  if (next) {
    stored_size = item_size(*next);
    if (partition == shard.partitions().end()) {
      partition = shard.writable_partitions().try_emplace(Store::Slot{hash, key.partition}).first;
    }
    partition->second.put(sort_slot(key), *next);
    partition->second.collection_bytes = collection_bytes;
  } else if (partition != shard.partitions().end()) {
    partition->second.remove(sort_slot(key));
    partition->second.collection_bytes = collection_bytes;
    if (partition->second.empty()) shard.writable_partitions().erase(partition);
  }
  account(current, next != nullptr, stored_size);

  for (std::size_t i = 0; i < indexes.size(); ++i) {
    if (positions[i]) indexes[i]->store(*positions[i], std::move(entries[i]));
  }
}

void Table::account(const Item* before, bool stored, std::size_t stored_size) {
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
  PageBuilder<Key> page(limits);
  store_.walk_partition(partition, range, direction,
                        start_after ? &sort_slot(*start_after) : nullptr,
                        [&page](const StoredItem& item) { return page.add(item.decode()); });
  return std::move(page).finish([this](const Item& item) { return key_of(item, key_schema_); });
}

Page Table::scan(const ScanSegment& segment, const PageLimits& limits,
                 const std::optional<Key>& start_after) const {
  PageBuilder<Key> page(limits);
  store_.walk_segment(segment, start_after ? &start_after->partition : nullptr,
                      start_after ? &sort_slot(*start_after) : nullptr,
                      [&page](const StoredItem& item) { return page.add(item.decode()); });
  return std::move(page).finish([this](const Item& item) { return key_of(item, key_schema_); });
}

std::vector<std::shared_ptr<const Index>> Table::indexes() const {
  auto snapshot = indexes_.load();
  return {snapshot->begin(), snapshot->end()};
}

std::shared_ptr<const Index> Table::find_index(std::string_view name) const {
  for (const auto& index : *indexes_.load()) {
    if (index->name() == name) return index;
  }
  return nullptr;
}

std::shared_ptr<Index> Table::add_index(IndexDefinition definition) {
  definition.status = IndexStatus::Creating;
  definition.backfilling = false;
  auto index = std::make_shared<Index>(definition, key_schema_);
  index->mark_unreadable();
  std::lock_guard lock(definition_mutex_);
  definition_.indexes.push_back(std::move(definition));
  auto indexes = std::make_shared<Indexes>(*indexes_.load());
  indexes->push_back(index);
  indexes_.store(std::move(indexes));
  definition_changed_locked();
  return index;
}

void Table::backfill(Index& index) {
  const auto set_state = [this, &index](IndexStatus status, std::optional<bool> backfilling) {
    update_definition([&](TableDefinition& definition) {
      // The index may have been deleted, and another of its name created, since the backfill was
      // queued: only this index's own definition is changed.
      if (find_index(index.name()).get() != &index) return;
      for (IndexDefinition& entry : definition.indexes) {
        if (entry.name == index.name()) {
          entry.status = status;
          entry.backfilling = backfilling;
        }
      }
    });
  };
  set_state(IndexStatus::Creating, true);
  for (std::size_t s = 0; s < Store::shard_count(); ++s) {
    const auto& shard = store_.shard(s);
    std::shared_lock lock(shard.mutex);
    for (const auto& [slot, partition] : shard.partitions()) {
      partition.walk(SortKeyRange::all(), Direction::Forward, nullptr,
                     [&index](const StoredItem& stored) {
                       Item item = stored.decode();
                       // As DynamoDB's backfill does, an item the index cannot hold (a key too
                       // large, say) is left out rather than failing the index.
                       auto position = index.position_of(item);
                       if (position && index.accepts(item))
                         index.store(*position, index.project(item));
                       return true;
                     });
    }
  }
  index.mark_readable();
  set_state(IndexStatus::Active, std::nullopt);
}

bool Table::remove_index(std::string_view name) {
  std::lock_guard lock(definition_mutex_);
  auto& definitions = definition_.indexes;
  auto found = std::find_if(definitions.begin(), definitions.end(),
                            [name](const IndexDefinition& index) { return index.name == name; });
  if (found == definitions.end()) return false;
  definitions.erase(found);
  // The index's own settings go with it, so that a new index of that name starts without them.
  std::erase_if(definition_.features.contributor_insights,
                [name](const ContributorInsights& entry) { return entry.index_name == name; });
  auto indexes = std::make_shared<Indexes>(*indexes_.load());
  std::erase_if(*indexes, [name](const auto& index) { return index->name() == name; });
  indexes_.store(std::move(indexes));
  definition_changed_locked();
  return true;
}

uint64_t Table::item_collection_bytes(const AttributeValue& partition) const {
  uint64_t hash = partition_hash(partition);
  const auto& shard = store_.shard_for(hash);
  std::shared_lock lock(shard.mutex);
  auto it = shard.partitions().find(Store::Slot{hash, partition});
  return it == shard.partitions().end() ? 0 : it->second.collection_bytes;
}

}  // namespace ddb::engine
