#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/backup.h"
#include "engine/database_journal.h"
#include "engine/item.h"
#include "engine/item_change.h"
#include "engine/namespace_scope.h"
#include "engine/table_definition.h"

namespace ddb::engine::durable {

// The kinds of record in the log. Never renumber: files on disk carry them.
enum class RecordType : uint8_t {
  CreateTable = 1,        // the new table's region (namespace), then its definition
  DefinitionChanged = 2,  // the whole definition after the change
  DeleteTable = 3,        // the table id
  ItemChanges = 4,        // one write, or one transaction's writes
  // A reset or a restore: the scope whose tables are all dropped, then the tables put in their
  // place (region and definition each), then those tables' items as in ItemChanges.
  ReplaceNamespaces = 5,
  // An on-demand backup: its region, ARN, name and creation time (epoch ms), the backed-up table's
  // definition, then its items as in ItemChanges (under the backup's own table id).
  BackupCreated = 6,
  BackupDeleted = 7,  // the backup's region and ARN
  // A table made by a restore, with its items: the region and definition, then the items as in
  // ItemChanges.
  TableRestored = 8,
};

// One item's state after a change: `item` empty for a deletion. Tables are named by their id (a
// UUID), never by name, so a change that commits on a table after its deletion (a write in flight
// at the time) can never land in a new table of the same name.
struct RecordedChange {
  std::string table_id;
  Key key;
  std::optional<Item> item;
};

// A table that a ReplaceNamespaces record creates.
struct RecordedTable {
  std::string region;
  TableDefinition definition;
};

struct Record {
  RecordType type = RecordType::ItemChanges;
  std::string region;                   // CreateTable, the backup records, TableRestored
  std::string backup_arn;               // the backup records
  std::string backup_name;              // BackupCreated
  int64_t created_ms = 0;               // BackupCreated
  TableDefinition definition;           // CreateTable, DefinitionChanged, BackupCreated,
                                        // TableRestored
  std::string table_id;                 // DeleteTable
  NamespaceScope scope;                 // ReplaceNamespaces
  std::vector<RecordedTable> tables;    // ReplaceNamespaces
  std::vector<RecordedChange> changes;  // ItemChanges, ReplaceNamespaces, BackupCreated,
                                        // TableRestored
};

std::string encode_create_record(std::string_view region, const TableDefinition& definition);
// A DefinitionChanged record.
std::string encode_definition_record(const TableDefinition& definition);
std::string encode_delete_record(std::string_view table_id);
// Writes to `out` (cleared first) the record of `changes`.
void encode_changes_record(std::span<const ItemChange> changes, std::string& out);
// A record of items as they stand (for compaction): every item stored in table `table_id`.
void encode_items_record(std::string_view table_id, std::span<const Item> items,
                         const KeySchema& schema, std::string& out);

// Writes to `out` the record of a reset (no `tables`) or a restore: every table of `scope` dropped,
// `tables` created with every item they hold.
void encode_replace_record(const NamespaceScope& scope, std::span<const RegionTable> tables,
                           std::string& out);

// Writes to `out` the record of a backup made: its identity and the backed-up table with every
// item it holds.
void encode_backup_record(const Backup& backup, std::string& out);
std::string encode_backup_deleted_record(std::string_view region, std::string_view arn);
// Writes to `out` the record of a restored table with every item it holds.
void encode_restored_table_record(std::string_view region, const Table& table, std::string& out);

// Throws CorruptData for a payload that is not a well-formed record.
Record decode_record(std::string_view payload);

}  // namespace ddb::engine::durable
