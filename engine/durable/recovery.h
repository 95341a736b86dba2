#pragma once

#include <cstdint>
#include <string>

#include "engine/database.h"
#include "engine/durable/log_file.h"

namespace ddb::engine::durable {

struct ReplayResult {
  LogReadResult log;
  uint64_t item_changes = 0;  // item changes replayed (a measure of how much the log could shrink)
};

// Rebuilds the tables (each in its region), items and indexes the log at `path` describes in
// `database` (empty, with no journal), and lists again in database.streams() each table's enabled
// stream (same ARN, no records: records are not logged). Every index ends ACTIVE and holds exactly
// what its items project: an index whose creation a crash interrupted is backfilled here. Throws
// CorruptData for a log that does not decode or contradicts itself (a second table of one name,
// say).
ReplayResult replay_log(const std::string& path, Database& database);

}  // namespace ddb::engine::durable
