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

// The ContinuousBackupsDescription of a table whose point-in-time recovery is `pitr`, at `now`
// (epoch seconds).
Json continuous_backups_json(const engine::PointInTimeRecovery& pitr, double now);

}  // namespace ddb::protocol
