#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/background.h"
#include "engine/backup.h"
#include "engine/clock.h"
#include "engine/database_journal.h"
#include "engine/durability_ticket.h"
#include "engine/idempotency.h"
#include "engine/namespace_scope.h"
#include "engine/point_in_time.h"
#include "engine/snapshot.h"
#include "engine/stream_registry.h"
#include "engine/table.h"
#include "engine/table_definition.h"
#include "engine/ttl.h"

namespace ddb::engine {

// All tables, by region and name. Thread-safe. Tables are shared_ptrs so that an operation in
// flight keeps its table alive while another client deletes it.
//
// A region is a namespace of tables, named by a plain string: the same table name can exist in two
// regions as two unrelated tables, and a caller sees only its own region's tables, as on AWS. The
// engine gives region names no meaning; the protocol layer picks them (the caller's SigV4 region,
// or one name for every caller when the server shares one namespace).
class Database {
 public:
  // Creates the table in `region`; returns nullptr when that region has a table of that name.
  std::shared_ptr<Table> create_table(std::string_view region, TableDefinition definition);
  // The table of `region`, or nullptr.
  std::shared_ptr<Table> find_table(std::string_view region, std::string_view name) const;
  // Removes the table and returns it, or nullptr when there is none. `check` runs first under the
  // database's lock and may throw to refuse the deletion, so that what it checks (deletion
  // protection, index states) cannot change before the table is gone.
  std::shared_ptr<Table> delete_table(std::string_view region, std::string_view name,
                                      const std::function<void(const Table&)>& check = {});
  // The names of `region`'s tables in ascending order.
  std::vector<std::string> table_names(std::string_view region) const;
  // The regions that have (or had) tables, in ascending order.
  std::vector<std::string> region_names() const;
  // Every table of every region (for background work such as TTL's expirer).
  std::vector<std::shared_ptr<Table>> all_tables() const;

  // Drops every table of `scope` with its indexes, items and settings (TTL, tags, policies), stops
  // listing their streams (records included), and forgets the scope's transaction tokens: an empty
  // server, or namespace. Returns the number of tables dropped. Takes O(tables): the items are
  // freed on the background thread. Durable through the journal as one record.
  std::size_t reset(const NamespaceScope& scope);
  // Copies of the tables of `scope` as they stand (Table::copy), after the index backfills under
  // way have finished. Each table is copied at one moment; a transaction across tables that commits
  // while they are copied may be seen in some of them only.
  std::shared_ptr<DatabaseSnapshot> snapshot(const NamespaceScope& scope);
  // Replaces every table of the snapshot's scope with copies of the snapshot's tables, as reset()
  // then a re-creation would, in one step: tables created since are gone, deleted ones are back
  // with their items, indexes and settings. Each restored table gets a new TableId (as DynamoDB's
  // restores do) and, when its stream was enabled, a new stream with no records; the restore itself
  // makes no stream records. Returns the number of tables restored. Durable through the journal as
  // one record.
  std::size_t restore(const DatabaseSnapshot& snapshot);
  // The snapshots saved by name (the admin API's).
  SnapshotStore& snapshots() { return snapshots_; }

  // On-demand backups (CreateBackup and the operations around it). A backup belongs to a region
  // (namespace), outlives its table and, in durable mode, survives restarts.
  //
  // Copies `table` as it stands (Table::copy: O(shards), the items shared until either side
  // writes) into a backup of `region` named `name`, made at the clock's now, and stores
  // it. Durable through the journal as one record holding the items, which is refused (Error,
  // nothing stored) past the log's record size.
  // `arn_at` gives the backup's ARN from its creation time (epoch milliseconds).
  std::shared_ptr<const Backup> create_backup(
      std::string_view region, const Table& table, std::string name,
      const std::function<std::string(int64_t created_ms)>& arn_at);
  // Forgets the backup and returns it; nullptr when `region` has none of that ARN.
  std::shared_ptr<const Backup> delete_backup(std::string_view region, std::string_view arn);
  // Forgets every backup of `scope` (the admin API's reset); returns how many.
  std::size_t drop_backups(const NamespaceScope& scope);
  // The backups, for lookups (and for replay, which stores them directly).
  BackupStore& backups() { return backups_; }
  const BackupStore& backups() const { return backups_; }
  // Adds `table`, a table no client has seen yet (a restore's copy, holding its items), to
  // `region`; false when the region has a table of that name. Durable through the journal as one
  // record with the items (refused past the log's record size, as create_backup is).
  bool add_restored_table(std::string_view region, const std::shared_ptr<Table>& table);

  // Point-in-time recovery. While it is enabled on a table, the table keeps a PointInTimeHistory
  // (at most `point_in_time_limit()` bytes) from which copy_at() rebuilds any moment since
  // earliest_ms(). The history lives in memory: after a restart it starts again.
  //
  // Starts keeping `table`'s history (if it keeps none yet) for `period_days` days.
  void enable_point_in_time(const std::shared_ptr<Table>& table, int64_t period_days);
  // Stops keeping it and forgets it.
  void disable_point_in_time(Table& table);
  // The table's history, or nullptr while point-in-time recovery is disabled.
  std::shared_ptr<const PointInTimeHistory> point_in_time_history(const Table& table) const;
  // A copy of `table` (under `table_id`) as it stood at `time_ms`; nullptr when the table keeps no
  // history (any more). Requires: time_ms >= the history's earliest_ms().
  std::shared_ptr<Table> copy_at(const Table& table, std::string table_id, int64_t time_ms) const;
  // What an incremental export of `table` over [from_ms, to_ms) reads: a copy of the table (under
  // `table_id`) as it stood just before to_ms, and the items changed in the window with each
  // one's image when the window opened, both from the same moment of the history. `copy` is
  // nullptr when the table keeps no history (any more). Requires: from_ms >= the history's
  // earliest_ms().
  struct ChangesInWindow {
    std::shared_ptr<Table> copy;
    std::vector<WindowChange> changes;
  };
  ChangesInWindow changes_in(const Table& table, std::string table_id, int64_t from_ms,
                             int64_t to_ms) const;
  // The bound on each table's history, in bytes, for histories started from now on.
  void set_point_in_time_limit(uint64_t bytes) { point_in_time_limit_ = bytes; }
  uint64_t point_in_time_limit() const { return point_in_time_limit_; }
  static constexpr uint64_t kDefaultPointInTimeLimit = uint64_t{256} * 1024 * 1024;

  // Adds a GSI to `table` (IndexStatus CREATING) and backfills it in the background, after which
  // it is ACTIVE. Requires: the definition was validated against the table.
  void add_global_index(const std::shared_ptr<Table>& table, IndexDefinition definition);
  // Blocks until the background work posted so far (backfills) has finished.
  void wait_for_background_work() { background_.drain(); }

  // The ClientRequestTokens of recent TransactWriteItems calls in `region` (one account: every
  // caller of a region shares them, as DynamoDB scopes tokens per account and region).
  IdempotencyStore& transaction_tokens(std::string_view region);

  // Starts Time to Live's expirer: a thread that, every `interval`, deletes the expired items of
  // every table with TTL enabled (see engine/ttl.h). It stops when the database is destroyed.
  // Requires: not started yet.
  // The expirer reads `clock`, by default the database's clock().
  void start_ttl_expirer(std::chrono::milliseconds interval, TtlClock clock = {});

  // Runs one expirer pass over every table now, whether or not the expirer thread runs, at the
  // database's clock(). Returns the number of items deleted.
  std::size_t expire_now();

  // The server's clock (engine/clock.h): what TTL, streams, descriptions' timestamps and
  // transaction tokens' window read. Moved only through the admin API.
  Clock& clock() { return clock_; }
  const Clock& clock() const { return clock_; }

  // Whether requests spend from their tables' capacity and are throttled when it runs out
  // (--capacity enforce; engine/capacity/capacity_meter.h). Requires: set before the database is
  // shared between threads.
  bool capacity_enforced() const { return capacity_enforced_; }
  void set_capacity_enforced(bool enforced) { capacity_enforced_ = enforced; }

  // The DynamoDB streams of every table, including disabled ones still readable.
  StreamRegistry& streams() { return streams_; }

  // Makes table creation and deletion go through `journal` from now on. Requires: called before
  // the database is shared between threads.
  void set_journal(std::shared_ptr<DatabaseJournal> journal) { journal_ = std::move(journal); }

  // The position a write's DurabilityTicket names: read it before and after an operation; if it
  // moved, a ticket for the later value covers everything the operation logged (and perhaps a
  // concurrent writer's changes too: waiting for it may wait longer, never too little). 0 in
  // memory and whenever the journal makes no response wait (see
  // DatabaseJournal::durability_position). Lock-free.
  uint64_t durability_position() const { return journal_ ? journal_->durability_position() : 0; }
  // Calls `done` once `ticket` is durable: at once, on the calling thread, in memory or for an
  // empty ticket; otherwise possibly later on the journal's thread, so `done` must neither throw
  // nor block (see DatabaseJournal::when_durable).
  void when_durable(DurabilityTicket ticket, std::function<void()> done) const;

 private:
  using Tables = std::map<std::string, std::shared_ptr<Table>, std::less<>>;

  // Drops the tables of `scope` and installs `added` (see reset and restore); `fresh` are the
  // streams already enabled on `added`, which stay listed. Returns the number of tables dropped.
  std::size_t replace_namespaces(const NamespaceScope& scope, const std::vector<RegionTable>& added,
                                 const std::vector<std::shared_ptr<Stream>>& fresh);

  // Forgets the point-in-time histories of `tables`, which are gone.
  void forget_histories(std::span<const std::shared_ptr<Table>> tables);

  Clock clock_;
  bool capacity_enforced_ = false;
  mutable std::shared_mutex mutex_;
  std::map<std::string, Tables, std::less<>> regions_;
  std::mutex tokens_mutex_;
  std::map<std::string, IdempotencyStore, std::less<>> transaction_tokens_;
  StreamRegistry streams_;
  SnapshotStore snapshots_;
  BackupStore backups_;
  mutable std::mutex histories_mutex_;
  std::map<std::string, std::shared_ptr<PointInTimeHistory>, std::less<>> histories_;  // by id
  uint64_t point_in_time_limit_ = kDefaultPointInTimeLimit;
  std::shared_ptr<DatabaseJournal> journal_;
  BackgroundWorker background_;              // after the tables, so that it stops before they go
  std::unique_ptr<TtlExpirer> ttl_expirer_;  // last, likewise
};

}  // namespace ddb::engine
