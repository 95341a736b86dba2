#pragma once

#include <memory>
#include <string_view>

namespace ddb::engine {

class Table;

// Receives a Database's table lifecycle and makes its changes durable (the data directory's log;
// see engine/durable/journal.h). Without one, a Database is in memory only.
class DatabaseJournal {
 public:
  virtual ~DatabaseJournal() = default;
  // A table was created in `region`; called under the database's lock, before any client can see
  // it, so it may attach its listeners and record the creation ahead of any write to the table.
  virtual void table_created(std::string_view region, const std::shared_ptr<Table>& table) = 0;
  // A table was deleted; called under the database's lock.
  virtual void table_deleted(Table& table) = 0;
  // Blocks until every change the calling thread has made so far is as durable as the journal's
  // policy promises. Called after an operation and before its response is sent.
  virtual void wait_until_durable() = 0;
};

}  // namespace ddb::engine
