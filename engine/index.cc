#include "engine/index.h"

#include <algorithm>
#include <utility>

#include "engine/error.h"
#include "engine/key_tuple.h"

namespace ddb::engine {

namespace {

const AttributeValue kNone = AttributeValue::null();

const AttributeValue* find_value(const Item& item, const std::string& name) {
  auto it = item.find(name);
  return it == item.end() ? nullptr : &it->second;
}

// The value of a key attribute when `item` holds it with the attribute's type.
const AttributeValue* typed_value(const Item& item, const KeyAttribute& attribute) {
  const AttributeValue* value = find_value(item, attribute.name);
  return value && value->type() == attribute.type ? value : nullptr;
}

bool is_key_of(const KeySchema& schema, std::string_view name) {
  return schema.partition.name == name || (schema.sort && schema.sort->name == name);
}

// The values of `attributes` in `item`, when it holds each with its type.
std::optional<std::vector<const AttributeValue*>> typed_values(
    const Item& item, const std::vector<KeyAttribute>& attributes) {
  std::vector<const AttributeValue*> values;
  values.reserve(attributes.size());
  for (const KeyAttribute& attribute : attributes) {
    const AttributeValue* value = typed_value(item, attribute);
    if (!value) return std::nullopt;
    values.push_back(value);
  }
  return values;
}

// The index partition or sort key of `item` over `attributes`: the one value, or the key tuple of
// several; nullopt when one is missing or has another type.
std::optional<AttributeValue> key_value(const Item& item,
                                        const std::vector<KeyAttribute>& attributes) {
  if (attributes.size() == 1) {
    const AttributeValue* value = typed_value(item, attributes[0]);
    return value ? std::optional<AttributeValue>(*value) : std::nullopt;
  }
  auto values = typed_values(item, attributes);
  if (!values) return std::nullopt;
  return key_tuple(*values);
}

}  // namespace

Index::Index(const IndexDefinition& definition, KeySchema table_schema)
    : name_(definition.name),
      kind_(definition.kind),
      key_schema_(definition.key_schema),
      table_schema_(std::move(table_schema)),
      projection_(definition.projection) {}

std::shared_ptr<Index> Index::copy() const {
  IndexDefinition definition;
  definition.name = name_;
  definition.kind = kind_;
  definition.key_schema = key_schema_;
  definition.projection = projection_;
  auto copy = std::make_shared<Index>(definition, table_schema_);
  copy->store_.share(store_);
  copy->readable_.store(readable(), std::memory_order_relaxed);
  copy->item_count_.store(item_count(), std::memory_order_relaxed);
  copy->size_bytes_.store(size_bytes(), std::memory_order_relaxed);
  return copy;
}

bool Index::projects(std::string_view attribute) const {
  if (projection_.type == ProjectionType::All) return true;
  if (key_schema_.contains(attribute) || is_key_of(table_schema_, attribute)) return true;
  const auto& names = projection_.non_key_attributes;
  return std::find(names.begin(), names.end(), attribute) != names.end();
}

std::optional<std::string> Index::key_violation(const Item& item) const {
  const auto violation = [&](const KeyAttribute& attribute,
                             std::size_t max_bytes) -> std::optional<std::string> {
    const AttributeValue* value = find_value(item, attribute.name);
    if (!value) return std::nullopt;
    if (value->type() != attribute.type) {
      return "One or more parameter values were invalid: Type mismatch for Index Key " +
             attribute.name + " Expected: " + type_name(attribute.type) +
             " Actual: " + type_name(value->type()) + " IndexName: " + name_;
    }
    bool empty = (value->type() == Type::S && value->as_string().empty()) ||
                 (value->type() == Type::B && value->as_binary().empty());
    if (empty) {
      return std::string(
                 "One or more parameter values are not valid. A value specified for a secondary "
                 "index key is not supported. The AttributeValue for a key attribute cannot "
                 "contain an empty ") +
             (value->type() == Type::S ? "string" : "binary") + " value. IndexName: " + name_ +
             ", IndexKey: " + attribute.name;
    }
    std::size_t size = value_size(*value);
    if (size > max_bytes) {
      return "One or more parameter values were invalid: Size limit exceeded for Index Key " +
             attribute.name + " Actual Size: " + std::to_string(size) +
             " bytes Max Size: " + std::to_string(max_bytes) + " bytes IndexName: " + name_;
    }
    return std::nullopt;
  };
  for (const KeyAttribute& attribute : key_schema_.partition) {
    if (auto found = violation(attribute, kMaxPartitionKeyBytes)) return found;
  }
  for (const KeyAttribute& attribute : key_schema_.sort) {
    if (auto found = violation(attribute, kMaxSortKeyBytes)) return found;
  }
  return std::nullopt;
}

void Index::check_item(const Item& item) const {
  if (auto violation = key_violation(item)) throw Error::validation(std::move(*violation));
}

std::optional<IndexPosition> Index::position_of(const Item& item) const {
  std::optional<AttributeValue> partition = key_value(item, key_schema_.partition);
  if (!partition) return std::nullopt;
  std::optional<AttributeValue> sort = kNone;
  if (!key_schema_.sort.empty()) {
    sort = key_value(item, key_schema_.sort);
    if (!sort) return std::nullopt;
  }
  const AttributeValue* table_partition = find_value(item, table_schema_.partition.name);
  const AttributeValue* table_sort =
      table_schema_.sort ? find_value(item, table_schema_.sort->name) : &kNone;
  return IndexPosition{std::move(*partition), {std::move(*sort), *table_partition, *table_sort}};
}

Item Index::project(const Item& item) const {
  if (projection_.type == ProjectionType::All) return item;
  Item entry;
  for (const auto& [name, value] : item) {
    if (projects(name)) entry.emplace(name, value);
  }
  return entry;
}

std::size_t Index::entry_size(const Item& item) const {
  if (projection_.type == ProjectionType::All) return item_size(item) + kIndexEntryOverhead;
  std::size_t size = kIndexEntryOverhead;
  for (const auto& [name, value] : item) {
    if (projects(name)) size += name.size() + value_size(value);
  }
  return size;
}

void Index::store(const IndexPosition& position, Item entry) {
  uint64_t hash = partition_hash(position.partition);
  auto& shard = store_.shard_for(hash);
  std::unique_lock lock(shard.mutex);
  auto it = shard.writable_partitions().try_emplace({hash, position.partition}).first;
  std::size_t added = item_size(entry) + kIndexEntryOverhead;
  std::optional<StoredItem> old = it->second.put(position.entry, entry);
  account(old, added);
}

void Index::erase(const IndexPosition& position) {
  uint64_t hash = partition_hash(position.partition);
  auto& shard = store_.shard_for(hash);
  std::unique_lock lock(shard.mutex);
  auto& partitions = shard.writable_partitions();
  auto it = partitions.find({hash, position.partition});
  if (it == partitions.end()) return;
  std::optional<StoredItem> old = it->second.remove(position.entry);
  if (it->second.empty()) partitions.erase(it);
  account(old, 0);
}

void Index::account(const std::optional<StoredItem>& before, std::size_t added_bytes) {
  if (before) {
    item_count_.fetch_sub(1, std::memory_order_relaxed);
    size_bytes_.fetch_sub(before->item_size() + kIndexEntryOverhead, std::memory_order_relaxed);
  }
  if (added_bytes > 0) {
    item_count_.fetch_add(1, std::memory_order_relaxed);
    size_bytes_.fetch_add(added_bytes, std::memory_order_relaxed);
  }
}

IndexPage Index::query(const AttributeValue& partition, const SortKeyRange& range,
                       Direction direction, const PageLimits& limits,
                       const std::optional<IndexPosition>& start_after) const {
  PageBuilder<IndexPosition> page(limits);
  store_.walk_partition(partition, range, direction, start_after ? &start_after->entry : nullptr,
                        [&page](const StoredItem& entry) { return page.add(entry.decode()); });
  return std::move(page).finish([this](const Item& item) { return *position_of(item); });
}

IndexPage Index::scan(const ScanSegment& segment, const PageLimits& limits,
                      const std::optional<IndexPosition>& start_after) const {
  PageBuilder<IndexPosition> page(limits);
  store_.walk_segment(segment, start_after ? &start_after->partition : nullptr,
                      start_after ? &start_after->entry : nullptr,
                      [&page](const StoredItem& entry) { return page.add(entry.decode()); });
  return std::move(page).finish([this](const Item& item) { return *position_of(item); });
}

}  // namespace ddb::engine
