#include "engine/durable/compaction.h"

#include <cstdio>
#include <optional>
#include <vector>

#include "engine/durable/codec.h"
#include "engine/durable/records.h"

namespace ddb::engine::durable {

namespace {

constexpr uint64_t kMinSupersededChanges = 100'000;

}  // namespace

bool worth_compacting(uint64_t item_changes, uint64_t items) {
  return item_changes > 2 * items && item_changes - items >= kMinSupersededChanges;
}

LogFile compact(const Database& database, const std::string& log_path,
                const std::string& compact_path) {
  LogFile log = LogFile::create(compact_path);
  std::string record;
  for (const std::string& region : database.region_names()) {
    for (const std::string& name : database.table_names(region)) {
      std::shared_ptr<Table> table = database.find_table(region, name);
      log.append(encode_create_record(region, table->definition()));
      // Pages of up to 1 MB of items make records of about that size.
      std::optional<Key> start_after;
      do {
        Page page = table->scan(ScanSegment{}, PageLimits{}, start_after);
        if (!page.items.empty()) {
          encode_items_record(table->table_id(), page.items, table->key_schema(), record);
          log.append(record);
        }
        start_after = std::move(page.last_evaluated_key);
      } while (start_after);
    }
  }
  // Backups outlive their tables: each one is written again whole.
  for (const std::shared_ptr<const Backup>& backup : database.backups().all()) {
    encode_backup_record(*backup, record);
    log.append(record);
  }
  log.sync();
  if (std::rename(compact_path.c_str(), log_path.c_str()) != 0) {
    throw CorruptData("cannot rename " + compact_path + " to " + log_path);
  }
  return log;
}

}  // namespace ddb::engine::durable
