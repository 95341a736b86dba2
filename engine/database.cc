#include "engine/database.h"

#include <algorithm>
#include <future>
#include <memory>
#include <mutex>
#include <utility>

#include "engine/uuid.h"

namespace ddb::engine {

std::shared_ptr<Table> Database::create_table(std::string_view region, TableDefinition definition) {
  std::unique_lock lock(mutex_);
  auto space = regions_.find(region);
  if (space == regions_.end()) space = regions_.emplace(std::string(region), Tables{}).first;
  if (space->second.contains(definition.name)) return nullptr;
  std::string name = definition.name;
  auto table = std::make_shared<Table>(std::move(definition));
  if (journal_) journal_->table_created(region, table);
  space->second.emplace(std::move(name), table);
  return table;
}

std::shared_ptr<Table> Database::find_table(std::string_view region, std::string_view name) const {
  std::shared_lock lock(mutex_);
  auto space = regions_.find(region);
  if (space == regions_.end()) return nullptr;
  auto it = space->second.find(name);
  return it == space->second.end() ? nullptr : it->second;
}

std::shared_ptr<Table> Database::delete_table(std::string_view region, std::string_view name,
                                              const std::function<void(const Table&)>& check) {
  std::unique_lock lock(mutex_);
  auto space = regions_.find(region);
  if (space == regions_.end()) return nullptr;
  auto it = space->second.find(name);
  if (it == space->second.end()) return nullptr;
  if (check) check(*it->second);
  auto table = std::move(it->second);
  space->second.erase(it);
  if (journal_) journal_->table_deleted(*table);
  lock.unlock();
  forget_histories({&table, 1});
  return table;
}

std::vector<std::string> Database::table_names(std::string_view region) const {
  std::shared_lock lock(mutex_);
  std::vector<std::string> names;
  auto space = regions_.find(region);
  if (space == regions_.end()) return names;
  names.reserve(space->second.size());
  for (const auto& [name, table] : space->second) names.push_back(name);
  return names;
}

std::vector<std::string> Database::region_names() const {
  std::shared_lock lock(mutex_);
  std::vector<std::string> names;
  names.reserve(regions_.size());
  for (const auto& [region, space] : regions_) names.push_back(region);
  return names;
}

std::vector<std::shared_ptr<Table>> Database::all_tables() const {
  std::shared_lock lock(mutex_);
  std::vector<std::shared_ptr<Table>> tables;
  for (const auto& [region, space] : regions_) {
    for (const auto& [name, table] : space) tables.push_back(table);
  }
  return tables;
}

IdempotencyStore& Database::transaction_tokens(std::string_view region) {
  std::lock_guard lock(tokens_mutex_);
  auto it = transaction_tokens_.find(region);
  // A std::map node never moves, so the reference stays valid after the lock is released.
  if (it == transaction_tokens_.end())
    it = transaction_tokens_
             .try_emplace(std::string(region),
                          [this] { return IdempotencyStore::Clock::now() + clock_.offset(); })
             .first;
  return it->second;
}

std::size_t Database::reset(const NamespaceScope& scope) {
  return replace_namespaces(scope, {}, {});
}

std::shared_ptr<DatabaseSnapshot> Database::snapshot(const NamespaceScope& scope) {
  // A backfill under way would leave a copied index half-filled and CREATING for good.
  background_.drain();
  auto snapshot = std::make_shared<DatabaseSnapshot>();
  snapshot->scope = scope;
  snapshot->created_ms = clock_.now_ms();
  std::vector<RegionTable> tables;
  {
    std::shared_lock lock(mutex_);
    for (const auto& [region, space] : regions_) {
      if (!scope.covers(region)) continue;
      for (const auto& [name, table] : space) tables.push_back({region, table});
    }
  }
  // Outside the database's lock: each copy waits for its table's writes in flight.
  for (const RegionTable& entry : tables) {
    snapshot->tables.push_back({entry.region, entry.table->copy(entry.table->table_id())});
  }
  return snapshot;
}

std::size_t Database::restore(const DatabaseSnapshot& snapshot) {
  std::vector<RegionTable> added;
  std::vector<std::shared_ptr<Stream>> fresh;
  added.reserve(snapshot.tables.size());
  for (const DatabaseSnapshot::Entry& entry : snapshot.tables) {
    added.push_back({entry.region, entry.table->copy(random_uuid())});
    Table& table = *added.back().table;
    const TableDefinition definition = table.definition();
    if (!definition.stream_view_type) continue;
    StreamIdentity identity;
    identity.arn = definition.arn + "/stream/";
    identity.table_name = definition.name;
    identity.region = entry.region;
    identity.key_schema = definition.key_schema;
    identity.view_type = *definition.stream_view_type;
    fresh.push_back(streams_.enable(table, std::move(identity)));
    table.update_definition([&stream = *fresh.back()](TableDefinition& changed) {
      changed.latest_stream_arn = stream.identity().arn;
      changed.latest_stream_label = stream.identity().label;
    });
  }
  try {
    replace_namespaces(snapshot.scope, added, fresh);
  } catch (...) {
    streams_.forget_if([&fresh](const Stream& stream) {
      return std::any_of(fresh.begin(), fresh.end(),
                         [&stream](const auto& other) { return other.get() == &stream; });
    });
    throw;
  }
  // A restored table with point-in-time recovery on keeps a history from now, as after a restart.
  for (const RegionTable& entry : added) {
    const PointInTimeRecovery pitr = entry.table->definition().features.point_in_time_recovery;
    if (pitr.enabled) enable_point_in_time(entry.table, pitr.recovery_period_days);
  }
  return added.size();
}

std::size_t Database::replace_namespaces(const NamespaceScope& scope,
                                         const std::vector<RegionTable>& added,
                                         const std::vector<std::shared_ptr<Stream>>& fresh) {
  std::vector<std::shared_ptr<Table>> dropped;
  {
    std::unique_lock lock(mutex_);
    for (const auto& [region, space] : regions_) {
      if (!scope.covers(region)) continue;
      for (const auto& [name, table] : space) dropped.push_back(table);
    }
    // First, as it may refuse the change.
    if (journal_) journal_->namespaces_replaced(scope, dropped, added);
    for (auto& [region, space] : regions_) {
      if (scope.covers(region)) space.clear();
    }
    for (const RegionTable& entry : added) {
      regions_[entry.region].emplace(entry.table->definition().name, entry.table);
    }
  }
  streams_.forget_if([&scope, &fresh](const Stream& stream) {
    return scope.covers(stream.identity().region) &&
           std::none_of(fresh.begin(), fresh.end(),
                        [&stream](const auto& other) { return other.get() == &stream; });
  });
  {
    std::lock_guard lock(tokens_mutex_);
    for (auto& [region, tokens] : transaction_tokens_) {
      if (scope.covers(region)) tokens.clear();
    }
  }
  if (journal_) {
    // A reset or restore is answered once it is as durable as a write would be.
    std::promise<void> durable;
    when_durable(DurabilityTicket{durability_position()}, [&durable] { durable.set_value(); });
    durable.get_future().wait();
  }
  forget_histories(dropped);
  const std::size_t count = dropped.size();
  // Freeing 100,000 items takes tens of milliseconds: the background thread does it, after the
  // requests still using a dropped table (which hold it too) have finished.
  if (count > 0) background_.post([dropped = std::move(dropped)]() mutable { dropped.clear(); });
  return count;
}

std::shared_ptr<const Backup> Database::create_backup(
    std::string_view region, const Table& table, std::string name,
    const std::function<std::string(int64_t created_ms)>& arn_at) {
  // A backfill under way would leave the copied index half-filled and CREATING for good.
  background_.drain();
  auto backup = std::make_shared<Backup>();
  backup->name = std::move(name);
  backup->region = std::string(region);
  backup->created_ms = clock_.now_ms();
  backup->arn = arn_at(backup->created_ms);
  // Under the source's TableId, which DescribeBackup reports; the copy is never in the database.
  backup->table = table.copy(table.table_id());
  // Under the store's order: a DeleteBackup of this ARN can only find it once it is logged.
  if (journal_) journal_->backup_created(*backup);
  backups_.put(backup);
  return backup;
}

std::shared_ptr<const Backup> Database::delete_backup(std::string_view region,
                                                      std::string_view arn) {
  std::shared_ptr<const Backup> removed = backups_.remove(region, arn);
  if (removed && journal_) journal_->backup_deleted(region, arn);
  return removed;
}

std::size_t Database::drop_backups(const NamespaceScope& scope) {
  std::vector<std::shared_ptr<const Backup>> removed = backups_.remove_all(scope);
  if (journal_) {
    for (const auto& backup : removed) journal_->backup_deleted(backup->region, backup->arn);
  }
  return removed.size();
}

bool Database::add_restored_table(std::string_view region, const std::shared_ptr<Table>& table) {
  std::unique_lock lock(mutex_);
  auto space = regions_.find(region);
  if (space == regions_.end()) space = regions_.emplace(std::string(region), Tables{}).first;
  std::string name = table->definition().name;
  if (space->second.contains(name)) return false;
  if (journal_) journal_->table_restored(region, table);
  space->second.emplace(std::move(name), table);
  return true;
}

void Database::enable_point_in_time(const std::shared_ptr<Table>& table, int64_t period_days) {
  std::lock_guard lock(histories_mutex_);
  auto it = histories_.find(table->table_id());
  if (it != histories_.end()) {
    it->second->set_period_days(period_days);
    return;
  }
  auto history = std::make_shared<PointInTimeHistory>(clock_, period_days, point_in_time_limit_);
  table->add_change_listener(history);
  // A write that loaded the table's listeners before this one was added commits unrecorded: the
  // history starts after every such write.
  table->wait_for_writes();
  history->start_now();
  histories_.emplace(table->table_id(), std::move(history));
}

void Database::disable_point_in_time(Table& table) {
  std::shared_ptr<PointInTimeHistory> history;  // freed after the lock
  std::lock_guard lock(histories_mutex_);
  auto it = histories_.find(table.table_id());
  if (it == histories_.end()) return;
  history = std::move(it->second);
  histories_.erase(it);
  table.remove_change_listener(*history);
}

std::shared_ptr<const PointInTimeHistory> Database::point_in_time_history(
    const Table& table) const {
  std::lock_guard lock(histories_mutex_);
  auto it = histories_.find(table.table_id());
  return it == histories_.end() ? nullptr : it->second;
}

std::shared_ptr<Table> Database::copy_at(const Table& table, std::string table_id,
                                         int64_t time_ms) const {
  return changes_in(table, std::move(table_id), time_ms + 1, time_ms + 1).copy;
}

Database::ChangesInWindow Database::changes_in(const Table& table, std::string table_id,
                                               int64_t from_ms, int64_t to_ms) const {
  std::shared_ptr<const PointInTimeHistory> history = point_in_time_history(table);
  if (!history) return {};  // disabled since the caller looked
  uint64_t position = 0;
  ChangesInWindow found;
  found.copy =
      table.copy(std::move(table_id), [&history, &position] { position = history->position(); });
  // Just before to_ms: every change made at to_ms or later is undone.
  history->rewind(*found.copy, position, to_ms - 1);
  if (from_ms < to_ms) found.changes = history->changes_between(position, from_ms, to_ms);
  return found;
}

void Database::forget_histories(std::span<const std::shared_ptr<Table>> tables) {
  std::vector<std::shared_ptr<PointInTimeHistory>> forgotten;  // freed after the lock
  std::lock_guard lock(histories_mutex_);
  for (const std::shared_ptr<Table>& table : tables) {
    auto it = histories_.find(table->table_id());
    if (it == histories_.end()) continue;
    forgotten.push_back(std::move(it->second));
    histories_.erase(it);
  }
}

void Database::add_global_index(const std::shared_ptr<Table>& table, IndexDefinition definition) {
  std::shared_ptr<Index> index = table->add_index(std::move(definition));
  background_.post([table, index] { table->backfill(*index); });
}

void Database::when_durable(DurabilityTicket ticket, std::function<void()> done) const {
  if (ticket.empty() || !journal_) {
    done();
    return;
  }
  journal_->when_durable(ticket, std::move(done));
}

void Database::start_ttl_expirer(std::chrono::milliseconds interval, TtlClock clock) {
  if (!clock) clock = [this] { return clock_.now(); };
  ttl_expirer_ =
      std::make_unique<TtlExpirer>([this] { return all_tables(); }, interval, std::move(clock));
}

std::size_t Database::expire_now() {
  const ExpiredRange range(clock_.now());
  std::size_t deleted = 0;
  for (const std::shared_ptr<Table>& table : all_tables()) deleted += expire_table(*table, range);
  return deleted;
}

}  // namespace ddb::engine
