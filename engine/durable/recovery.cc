#include "engine/durable/recovery.h"

#include <algorithm>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "engine/durable/codec.h"
#include "engine/durable/records.h"

namespace ddb::engine::durable {

namespace {

bool has_index(const TableDefinition& definition, const std::string& name) {
  return std::any_of(definition.indexes.begin(), definition.indexes.end(),
                     [&name](const IndexDefinition& index) { return index.name == name; });
}

// Replays records into tables found by id.
class Replayer {
 public:
  explicit Replayer(Database& database) : database_(database) {}

  void apply(Record record) {
    switch (record.type) {
      case RecordType::CreateTable:
        create(std::move(record.region), std::move(record.definition));
        break;
      case RecordType::DefinitionChanged:
        // A definition change (a backfill finishing, say) can commit after its table's deletion;
        // it is recorded after the deletion and concerns no live table.
        if (auto* entry = find(record.definition.table_id)) change_definition(entry->table, record);
        break;
      case RecordType::DeleteTable:
        if (auto* entry = find(record.table_id)) {
          database_.delete_table(entry->region, entry->table->definition().name);
          tables_.erase(record.table_id);
        }
        break;
      case RecordType::ItemChanges:
        apply_changes(record.changes);
        break;
      case RecordType::BackupCreated:
        add_backup(record);
        break;
      case RecordType::BackupDeleted:
        database_.backups().remove(record.region, record.backup_arn);
        break;
      case RecordType::TableRestored:
        create(std::move(record.region), std::move(record.definition));
        apply_changes(record.changes);
        break;
      case RecordType::ReplaceNamespaces:
        database_.reset(record.scope);
        std::erase_if(tables_, [&record](const auto& entry) {
          return record.scope.covers(entry.second.region);
        });
        for (RecordedTable& table : record.tables) {
          create(std::move(table.region), std::move(table.definition));
        }
        apply_changes(record.changes);
        break;
    }
  }

  // Every index ACTIVE: a creation the crash interrupted has been backfilled by now. A stream
  // enabled at the end of the log is listed again, with its ARN and no records.
  void finish() {
    for (auto& [id, entry] : tables_) {
      entry.table->update_definition([](TableDefinition& definition) {
        for (IndexDefinition& index : definition.indexes) {
          index.status = IndexStatus::Active;
          index.backfilling.reset();
        }
      });
      restore_stream(entry);
      // Point-in-time recovery keeps its history in memory: it starts again from now.
      const PointInTimeRecovery& pitr = entry.table->definition().features.point_in_time_recovery;
      if (pitr.enabled) database_.enable_point_in_time(entry.table, pitr.recovery_period_days);
    }
  }

  uint64_t item_changes() const { return item_changes_; }

 private:
  struct Entry {
    std::string region;
    std::shared_ptr<Table> table;
  };

  void create(std::string region, TableDefinition definition) {
    std::string id = definition.table_id;
    std::string name = definition.name;
    if (tables_.contains(id)) throw CorruptData("table id " + id + " created twice");
    auto table = database_.create_table(region, std::move(definition));
    if (!table) throw CorruptData("table " + name + " created twice");
    tables_.emplace(std::move(id), Entry{std::move(region), std::move(table)});
  }

  void apply_changes(std::vector<RecordedChange>& changes) {
    for (RecordedChange& change : changes) {
      // As for definitions: a write in flight when its table was deleted (or dropped by a reset).
      auto* entry = find(change.table_id);
      if (!entry) continue;
      std::optional<Item> item = std::move(change.item);
      entry->table->write(change.key, [&item](const Item*) { return std::move(item); });
      ++item_changes_;
    }
  }

  // A backup's table stands apart from the database's: its items go straight into it.
  void add_backup(Record& record) {
    auto table = std::make_shared<Table>(std::move(record.definition));
    for (RecordedChange& change : record.changes) {
      if (change.table_id != table->table_id()) throw CorruptData("backup item of another table");
      std::optional<Item> item = std::move(change.item);
      table->write(change.key, [&item](const Item*) { return std::move(item); });
    }
    auto backup = std::make_shared<Backup>();
    backup->region = std::move(record.region);
    backup->arn = std::move(record.backup_arn);
    backup->name = std::move(record.backup_name);
    backup->created_ms = record.created_ms;
    backup->table = std::move(table);
    database_.backups().put(std::move(backup));
  }

  Entry* find(const std::string& id) {
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : &it->second;
  }

  void restore_stream(const Entry& entry) {
    TableDefinition definition = entry.table->definition();
    if (!definition.stream_view_type || definition.latest_stream_arn.empty()) return;
    StreamIdentity identity;
    identity.arn = definition.latest_stream_arn;
    identity.label = definition.latest_stream_label;
    identity.table_name = definition.name;
    identity.region = entry.region;
    identity.key_schema = definition.key_schema;
    identity.view_type = *definition.stream_view_type;
    database_.streams().restore(*entry.table, std::move(identity));
  }

  // Brings the table's indexes in line with the recorded definition, then takes the definition.
  static void change_definition(const std::shared_ptr<Table>& table, Record& record) {
    TableDefinition current = table->definition();
    for (const IndexDefinition& index : current.indexes) {
      if (!has_index(record.definition, index.name)) table->remove_index(index.name);
    }
    for (const IndexDefinition& index : record.definition.indexes) {
      if (!has_index(current, index.name)) table->backfill(*table->add_index(index));
    }
    table->update_definition(
        [&record](TableDefinition& definition) { definition = std::move(record.definition); });
  }

  Database& database_;
  std::map<std::string, Entry> tables_;
  uint64_t item_changes_ = 0;
};

}  // namespace

ReplayResult replay_log(const std::string& path, Database& database) {
  Replayer replayer(database);
  ReplayResult result;
  result.log = LogFile::read(
      path, [&replayer](std::string_view payload) { replayer.apply(decode_record(payload)); });
  replayer.finish();
  result.item_changes = replayer.item_changes();
  return result;
}

}  // namespace ddb::engine::durable
