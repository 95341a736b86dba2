#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/durability_ticket.h"
#include "engine/namespace_scope.h"

namespace ddb::engine {

class Table;
struct Backup;

// A table and the region (namespace) it lives in.
struct RegionTable {
  std::string region;
  std::shared_ptr<Table> table;
};

// Receives a Database's table lifecycle and makes its changes durable (the data directory's log;
// see engine/durable/journal.h). Without one, a Database is in memory only. Thread-safe.
class DatabaseJournal {
 public:
  virtual ~DatabaseJournal() = default;
  // A table was created in `region`; called under the database's lock, before any client can see
  // it, so it may attach its listeners and record the creation ahead of any write to the table.
  virtual void table_created(std::string_view region, const std::shared_ptr<Table>& table) = 0;
  // A table was deleted; called under the database's lock.
  virtual void table_deleted(Table& table) = 0;

  // Every table of `scope` (`dropped`) was replaced by `added` (nothing for a reset, a snapshot's
  // copies for a restore) in one step. Called under the database's lock before any client can see
  // `added`: stops following the dropped tables, records the whole change as one record, so that
  // a crash leaves the state before it or after it, and follows the added ones. Throws, having
  // recorded nothing, when the change is too large for one record.
  virtual void namespaces_replaced(const NamespaceScope& scope,
                                   std::span<const std::shared_ptr<Table>> dropped,
                                   std::span<const RegionTable> added) = 0;

  // A backup was made (Database::create_backup), or forgotten: each one record, the first holding
  // the backup's items. backup_created throws engine::Error, having recorded nothing, when the
  // backup is too large for one record.
  virtual void backup_created(const Backup& backup) = 0;
  virtual void backup_deleted(std::string_view region, std::string_view arn) = 0;
  // A restored table (holding its items) was added to `region`; called under the database's lock
  // before any client can see it. One record, so that a crash leaves the table whole or absent;
  // throws as backup_created does.
  virtual void table_restored(std::string_view region, const std::shared_ptr<Table>& table) = 0;

  // Where the log ends now, counting only the appends a response has to wait for: every append
  // that has returned (on any thread) lies below it, and it never decreases. 0 when the policy
  // makes no response wait. Lock-free, so that an operation can read it before and after it runs
  // (see DurabilityTicket).
  virtual uint64_t durability_position() const = 0;
  // Calls `done` once, when the log is durable up to `ticket` as the policy promises: at once on
  // the calling thread when it already is (or `ticket` is empty), otherwise later on the journal's
  // own thread. `done` must not throw and must not block (it posts the work it starts elsewhere),
  // since the journal's thread completes every waiter of a group commit in turn.
  virtual void when_durable(DurabilityTicket ticket, std::function<void()> done) = 0;
};

}  // namespace ddb::engine
