#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engine/namespace_scope.h"
#include "engine/table.h"

namespace ddb::engine {

// An on-demand backup (CreateBackup): a copy of a table at one moment (Table::copy, which shares
// the table's items until either side writes) with the facts about its source that DescribeBackup
// reports. Immutable once made; shared by the store and the restores reading it.
struct Backup {
  std::string arn;     // <table arn>/backup/<epoch ms, 14 digits>-<8 hex digits>
  std::string name;    // BackupName
  std::string region;  // the Database region (namespace) it belongs to
  int64_t created_ms = 0;
  // The table as it stood, under its own TableId: its definition (the source's name, ARN, creation
  // time, indexes, TTL and stream settings), its items and its indexes' entries.
  std::shared_ptr<const Table> table;
};

// The backups of every namespace, by ARN. Thread-safe.
class BackupStore {
 public:
  // Stores `backup`, replacing one of the same ARN.
  void put(std::shared_ptr<const Backup> backup);
  // The backup of `region` with ARN `arn`, or nullptr.
  std::shared_ptr<const Backup> find(std::string_view region, std::string_view arn) const;
  // Forgets the backup and returns it (its memory goes when the last restore reading it ends);
  // nullptr when `region` has none of that ARN.
  std::shared_ptr<const Backup> remove(std::string_view region, std::string_view arn);
  // Forgets every backup of `scope`; returns them.
  std::vector<std::shared_ptr<const Backup>> remove_all(const NamespaceScope& scope);
  // The backups of `region`, oldest first (in the order they were stored when made in the same
  // millisecond).
  std::vector<std::shared_ptr<const Backup>> list(std::string_view region) const;
  // Every backup of every region.
  std::vector<std::shared_ptr<const Backup>> all() const;

 private:
  struct Entry {
    uint64_t sequence = 0;  // the order of put()
    std::shared_ptr<const Backup> backup;
  };

  mutable std::mutex mutex_;
  uint64_t next_sequence_ = 0;
  // By region, then ARN.
  std::map<std::string, std::map<std::string, Entry, std::less<>>, std::less<>> backups_;
};

}  // namespace ddb::engine
