#include "engine/database.h"

#include <memory>
#include <mutex>
#include <utility>

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
