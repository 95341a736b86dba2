#pragma once

#include <functional>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engine/background.h"
#include "engine/database_journal.h"
#include "engine/idempotency.h"
#include "engine/table.h"
#include "engine/table_definition.h"

namespace ddb::engine {

// All tables, by name. Thread-safe. Tables are shared_ptrs so that an operation in flight keeps its
// table alive while another client deletes it.
class Database {
 public:
  // Creates the table; returns nullptr when a table of that name exists.
  std::shared_ptr<Table> create_table(TableDefinition definition);
  // The table, or nullptr.
  std::shared_ptr<Table> find_table(std::string_view name) const;
  // Removes the table and returns it, or nullptr when there is none. `check` runs first under the
  // database's lock and may throw to refuse the deletion, so that what it checks (deletion
  // protection, index states) cannot change before the table is gone.
  std::shared_ptr<Table> delete_table(std::string_view name,
                                      const std::function<void(const Table&)>& check = {});
  // Table names in ascending order.
  std::vector<std::string> table_names() const;

  // Adds a GSI to `table` (IndexStatus CREATING) and backfills it in the background, after which
  // it is ACTIVE. Requires: the definition was validated against the table.
  void add_global_index(const std::shared_ptr<Table>& table, IndexDefinition definition);
  // Blocks until the background work posted so far (backfills) has finished.
  void wait_for_background_work() { background_.drain(); }

  // The ClientRequestTokens of recent TransactWriteItems calls (one account: every caller shares
  // them, as DynamoDB scopes tokens per account).
  IdempotencyStore& transaction_tokens() { return transaction_tokens_; }

  // Makes table creation and deletion go through `journal` from now on. Requires: called before
  // the database is shared between threads.
  void set_journal(std::shared_ptr<DatabaseJournal> journal) { journal_ = std::move(journal); }
  // Blocks until the calling thread's changes are durable (see DatabaseJournal); returns at once
  // without a journal.
  void wait_until_durable() const {
    if (journal_) journal_->wait_until_durable();
  }

 private:
  mutable std::shared_mutex mutex_;
  std::map<std::string, std::shared_ptr<Table>, std::less<>> tables_;
  IdempotencyStore transaction_tokens_;
  std::shared_ptr<DatabaseJournal> journal_;
  BackgroundWorker background_;  // last, so that it stops before the tables go
};

}  // namespace ddb::engine
