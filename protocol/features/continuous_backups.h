#pragma once

#include <memory>
#include <string>

#include "engine/table.h"
#include "engine/table_features.h"
#include "protocol/context.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// What DescribeContinuousBackups and UpdateContinuousBackups share.

// The table `name` names; TableNotFoundException ("Table not found: <name>") when there is none:
// these two operations name a missing table with their own exception (botocore's model).
std::shared_ptr<engine::Table> require_backed_up_table(const RequestContext& ctx,
                                                       const std::string& name);

// The moments a point-in-time restore of a table can rebuild, in epoch seconds.
struct RestorableWindow {
  double earliest = 0;
  double latest = 0;
};

// The window of a table whose point-in-time recovery is `pitr` (enabled), at `now` (epoch
// seconds), when its history reaches back to `history_start` (epoch seconds; see
// engine::PointInTimeHistory::earliest_ms).
RestorableWindow restorable_window(const engine::PointInTimeRecovery& pitr, double now,
                                   double history_start);

// The start of `table`'s point-in-time history in epoch seconds; 0 when it keeps none.
double history_start(const RequestContext& ctx, const engine::Table& table);

// The ContinuousBackupsDescription of a table whose point-in-time recovery is `pitr`, at `now`
// (epoch seconds), its history reaching back to `history_start`.
Json continuous_backups_json(const engine::PointInTimeRecovery& pitr, double now,
                             double history_start);

}  // namespace ddb::protocol
