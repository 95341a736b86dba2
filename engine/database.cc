#include "engine/database.h"

#include <mutex>

namespace ddb::engine {

std::shared_ptr<Table> Database::create_table(TableDefinition definition) {
  std::unique_lock lock(mutex_);
  if (tables_.contains(definition.name)) return nullptr;
  std::string name = definition.name;
  auto table = std::make_shared<Table>(std::move(definition));
  if (journal_) journal_->table_created(table);
  tables_.emplace(std::move(name), table);
  return table;
}

std::shared_ptr<Table> Database::find_table(std::string_view name) const {
  std::shared_lock lock(mutex_);
  auto it = tables_.find(name);
  return it == tables_.end() ? nullptr : it->second;
}

std::shared_ptr<Table> Database::delete_table(std::string_view name,
                                              const std::function<void(const Table&)>& check) {
  std::unique_lock lock(mutex_);
  auto it = tables_.find(name);
  if (it == tables_.end()) return nullptr;
  if (check) check(*it->second);
  auto table = std::move(it->second);
  tables_.erase(it);
  if (journal_) journal_->table_deleted(*table);
  return table;
}

std::vector<std::string> Database::table_names() const {
  std::shared_lock lock(mutex_);
  std::vector<std::string> names;
  names.reserve(tables_.size());
  for (const auto& [name, table] : tables_) names.push_back(name);
  return names;
}

void Database::add_global_index(const std::shared_ptr<Table>& table, IndexDefinition definition) {
  std::shared_ptr<Index> index = table->add_index(std::move(definition));
  background_.post([table, index] { table->backfill(*index); });
}

}  // namespace ddb::engine
