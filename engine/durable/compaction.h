#pragma once

#include <cstdint>
#include <string>

#include "engine/database.h"
#include "engine/durable/log_file.h"

namespace ddb::engine::durable {

// The suffix of the log being rewritten ("ddblocal.log.compacting").
inline constexpr const char* kCompactingSuffix = ".compacting";

// Whether a log that replayed `item_changes` changes into `items` live items holds enough
// superseded changes to be rewritten: more than twice as many changes as items, and at least
// 100,000 superseded ones, so that a small or mostly-insert log is left alone.
bool worth_compacting(uint64_t item_changes, uint64_t items);

// Writes the database as it stands (each table's creation, then its items) to `compact_path`,
// syncs it and renames it over `log_path`, so that a crash at any moment leaves either the old log
// or the new one, whole. Returns the new log, open for appending. Requires: nothing writes to
// `database` meanwhile.
LogFile compact(const Database& database, const std::string& log_path,
                const std::string& compact_path);

}  // namespace ddb::engine::durable
