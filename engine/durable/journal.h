#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "engine/database.h"
#include "engine/database_journal.h"
#include "engine/durability_ticket.h"
#include "engine/durable/codec.h"
#include "engine/durable/log_file.h"
#include "engine/durable/log_syncer.h"
#include "engine/item_change.h"

namespace ddb::engine::durable {

struct JournalOptions {
  SyncPolicy sync = SyncPolicy::Always;
  std::chrono::milliseconds sync_interval{100};
};

// What opening a data directory found, for the server's log.
struct RecoveryReport {
  uint64_t tables = 0;
  uint64_t items = 0;
  uint64_t records = 0;
  uint64_t torn_bytes = 0;  // an incomplete last record, dropped
  bool compacted = false;
  std::chrono::milliseconds elapsed{0};
};

// The durable form of a Database: one append-only log (LogFile) in the data directory of every
// table creation, definition change, deletion and committed item change (a transaction's changes
// in one record, so that it is all or nothing after a crash). Indexes are not logged: they are
// rebuilt from the items at start. Each append is one write(2) by the writing thread, under the
// caller's locks; syncing is a LogSyncer's. Thread-safe.
class Journal : public DatabaseJournal,
                public ChangeListener,
                public std::enable_shared_from_this<Journal> {
 public:
  // Opens (creating it when missing or empty) the data directory at `path`, replays its log into
  // `database` (which must be empty and have no journal), and makes `database` log every later
  // change through the returned journal. Throws CorruptData with a message naming the file and
  // what is wrong for a directory that cannot be read back whole, or that another process holds.
  static std::shared_ptr<Journal> open(const std::string& path, const JournalOptions& options,
                                       Database& database, RecoveryReport* report = nullptr);

  ~Journal() override;
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // DatabaseJournal
  void table_created(std::string_view region, const std::shared_ptr<Table>& table) override;
  void table_deleted(Table& table) override;
  // One ReplaceNamespaces record; throws engine::Error (Validation) for one past kMaxRecordBytes.
  void namespaces_replaced(const NamespaceScope& scope,
                           std::span<const std::shared_ptr<Table>> dropped,
                           std::span<const RegionTable> added) override;
  // One record each; backup_created and table_restored throw engine::Error (Validation) for one
  // past kMaxRecordBytes.
  void backup_created(const Backup& backup) override;
  void backup_deleted(std::string_view region, std::string_view arn) override;
  void table_restored(std::string_view region, const std::shared_ptr<Table>& table) override;
  // See LogSyncer: the log's size under SyncPolicy::Always, 0 under Periodic.
  uint64_t durability_position() const override;
  void when_durable(DurabilityTicket ticket, std::function<void()> done) override;
  // ChangeListener: appends one record per call, under the caller's shard locks.
  void on_changes(std::span<const ItemChange> changes) override;

  // Syncs everything appended so far, completes every waiter and stops the syncing thread; later
  // appends still work, and a later when_durable syncs on the calling thread. Called at a clean
  // shutdown, once nothing waits on the server's threads any more.
  void close();

  // The log's file name inside the data directory.
  static constexpr const char* kLogName = "ddblocal.log";

 private:
  Journal(std::string path, JournalOptions options, int lock_fd);

  void attach(const std::shared_ptr<Table>& table);
  void detach(Table& table);
  void append(const std::string& payload);

  const std::string path_;
  const JournalOptions options_;
  int lock_fd_ = -1;
  std::optional<LogFile> log_;
  std::optional<LogSyncer> syncer_;  // after log_, which it syncs
};

}  // namespace ddb::engine::durable
