#include "engine/durable/records.h"

#include <optional>
#include <utility>

#include "engine/durable/codec.h"
#include "engine/durable/definition_codec.h"
#include "engine/table.h"

namespace ddb::engine::durable {

std::string encode_create_record(std::string_view region, const TableDefinition& definition) {
  std::string out;
  Encoder encoder(out);
  encoder.u8(static_cast<uint8_t>(RecordType::CreateTable));
  encoder.bytes(region);
  encoder.bytes(encode_definition(definition));
  return out;
}

std::string encode_definition_record(const TableDefinition& definition) {
  std::string out;
  Encoder encoder(out);
  encoder.u8(static_cast<uint8_t>(RecordType::DefinitionChanged));
  encoder.bytes(encode_definition(definition));
  return out;
}

std::string encode_delete_record(std::string_view table_id) {
  std::string out;
  Encoder encoder(out);
  encoder.u8(static_cast<uint8_t>(RecordType::DeleteTable));
  encoder.bytes(table_id);
  return out;
}

void encode_changes_record(std::span<const ItemChange> changes, std::string& out) {
  out.clear();
  Encoder encoder(out);
  encoder.u8(static_cast<uint8_t>(RecordType::ItemChanges));
  encoder.varint(changes.size());
  for (const ItemChange& change : changes) {
    encoder.bytes(change.table.table_id());
    encoder.key(change.key);
    encoder.u8(change.new_item ? 1 : 0);
    if (change.new_item) encoder.item(*change.new_item);
  }
}

namespace {

// The changes that store `items` in table `table_id`, without their count.
void encode_stored_items(std::string_view table_id, std::span<const Item> items,
                         const KeySchema& schema, Encoder& encoder) {
  for (const Item& item : items) {
    encoder.bytes(table_id);
    encoder.key(key_of(item, schema));
    encoder.u8(1);
    encoder.item(item);
  }
}

}  // namespace

void encode_items_record(std::string_view table_id, std::span<const Item> items,
                         const KeySchema& schema, std::string& out) {
  out.clear();
  Encoder encoder(out);
  encoder.u8(static_cast<uint8_t>(RecordType::ItemChanges));
  encoder.varint(items.size());
  encode_stored_items(table_id, items, schema, encoder);
}

namespace {

// Every item `table` holds, as changes that store them.
void encode_items_of(const Table& table, Encoder& encoder) {
  std::optional<Key> start_after;
  do {
    Page page = table.scan(ScanSegment{}, PageLimits{}, start_after);
    encode_stored_items(table.table_id(), page.items, table.key_schema(), encoder);
    start_after = std::move(page.last_evaluated_key);
  } while (start_after);
}

// A table's item count, then its items. Nothing writes to the table (a backup's copy, or a
// restored table no client sees yet), so the count holds.
void encode_table_items(const Table& table, Encoder& encoder) {
  encoder.varint(table.item_count());
  encode_items_of(table, encoder);
}

}  // namespace

void encode_backup_record(const Backup& backup, std::string& out) {
  out.clear();
  Encoder encoder(out);
  encoder.u8(static_cast<uint8_t>(RecordType::BackupCreated));
  encoder.bytes(backup.region);
  encoder.bytes(backup.arn);
  encoder.bytes(backup.name);
  encoder.varint(static_cast<uint64_t>(backup.created_ms));
  encoder.bytes(encode_definition(backup.table->definition()));
  encode_table_items(*backup.table, encoder);
}

std::string encode_backup_deleted_record(std::string_view region, std::string_view arn) {
  std::string out;
  Encoder encoder(out);
  encoder.u8(static_cast<uint8_t>(RecordType::BackupDeleted));
  encoder.bytes(region);
  encoder.bytes(arn);
  return out;
}

void encode_restored_table_record(std::string_view region, const Table& table, std::string& out) {
  out.clear();
  Encoder encoder(out);
  encoder.u8(static_cast<uint8_t>(RecordType::TableRestored));
  encoder.bytes(region);
  encoder.bytes(encode_definition(table.definition()));
  encode_table_items(table, encoder);
}

void encode_replace_record(const NamespaceScope& scope, std::span<const RegionTable> tables,
                           std::string& out) {
  out.clear();
  Encoder encoder(out);
  encoder.u8(static_cast<uint8_t>(RecordType::ReplaceNamespaces));
  encoder.u8(scope.name ? 1 : 0);
  if (scope.name) encoder.bytes(*scope.name);
  encoder.varint(tables.size());
  uint64_t items = 0;
  for (const RegionTable& entry : tables) {
    encoder.bytes(entry.region);
    encoder.bytes(encode_definition(entry.table->definition()));
    items += entry.table->item_count();
  }
  // Nothing writes to the tables yet (no client can see them), so the count holds.
  encoder.varint(items);
  for (const RegionTable& entry : tables) encode_items_of(*entry.table, encoder);
}

namespace {

// The changes of an ItemChanges or ReplaceNamespaces record, after its count.
void decode_changes(Decoder& in, uint64_t count, std::size_t payload_size,
                    std::vector<RecordedChange>& changes) {
  if (count > payload_size) throw CorruptData("change count larger than the record");
  changes.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    RecordedChange change;
    change.table_id = std::string(in.bytes());
    change.key = in.key();
    if (in.u8() != 0) change.item = in.item();
    changes.push_back(std::move(change));
  }
}

}  // namespace

Record decode_record(std::string_view payload) {
  Decoder in(payload);
  Record record;
  uint8_t type = in.u8();
  switch (static_cast<RecordType>(type)) {
    case RecordType::CreateTable:
      record.type = RecordType::CreateTable;
      record.region = std::string(in.bytes());
      record.definition = decode_definition(in.bytes());
      break;
    case RecordType::DefinitionChanged:
      record.type = RecordType::DefinitionChanged;
      record.definition = decode_definition(in.bytes());
      break;
    case RecordType::DeleteTable:
      record.type = RecordType::DeleteTable;
      record.table_id = std::string(in.bytes());
      break;
    case RecordType::ItemChanges:
      record.type = RecordType::ItemChanges;
      decode_changes(in, in.varint(), payload.size(), record.changes);
      break;
    case RecordType::ReplaceNamespaces: {
      record.type = RecordType::ReplaceNamespaces;
      if (in.u8() != 0) record.scope.name = std::string(in.bytes());
      uint64_t tables = in.varint();
      if (tables > payload.size()) throw CorruptData("table count larger than the record");
      for (uint64_t i = 0; i < tables; ++i) {
        RecordedTable table;
        table.region = std::string(in.bytes());
        table.definition = decode_definition(in.bytes());
        record.tables.push_back(std::move(table));
      }
      decode_changes(in, in.varint(), payload.size(), record.changes);
      break;
    }
    case RecordType::BackupCreated:
      record.type = RecordType::BackupCreated;
      record.region = std::string(in.bytes());
      record.backup_arn = std::string(in.bytes());
      record.backup_name = std::string(in.bytes());
      record.created_ms = static_cast<int64_t>(in.varint());
      record.definition = decode_definition(in.bytes());
      decode_changes(in, in.varint(), payload.size(), record.changes);
      break;
    case RecordType::BackupDeleted:
      record.type = RecordType::BackupDeleted;
      record.region = std::string(in.bytes());
      record.backup_arn = std::string(in.bytes());
      break;
    case RecordType::TableRestored:
      record.type = RecordType::TableRestored;
      record.region = std::string(in.bytes());
      record.definition = decode_definition(in.bytes());
      decode_changes(in, in.varint(), payload.size(), record.changes);
      break;
    default:
      throw CorruptData("unknown record type " + std::to_string(type));
  }
  in.expect_done();
  return record;
}

}  // namespace ddb::engine::durable
