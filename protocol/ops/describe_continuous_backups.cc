#include "protocol/features/continuous_backups.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/table_fields.h"

namespace ddb::protocol {

// The table's continuous backups and point-in-time recovery settings, with the window
// RestoreTableToPointInTime can restore.
Json describe_continuous_backups(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.table_name(name, "tableName");
  constraints.check();
  auto table = require_backed_up_table(ctx, *name);
  return {{"ContinuousBackupsDescription",
           continuous_backups_json(table->definition().features.point_in_time_recovery,
                                   now_seconds(ctx.database.clock()), history_start(ctx, *table))}};
}

}  // namespace ddb::protocol
