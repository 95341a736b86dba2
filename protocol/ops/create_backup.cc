#include "protocol/backups/backup_json.h"
#include "protocol/features/continuous_backups.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// Backs the table up as it stands: a copy made at one moment, with its indexes and settings, that
// outlives the table. The backup is AVAILABLE at once (DynamoDB's becomes available "within
// minutes"), so BackupInUseException is never raised. A missing table is TableNotFoundException
// (API Reference, CreateBackup), worded as DescribeContinuousBackups words it.
Json create_backup(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_name = get_string(request, "TableName");
  auto backup_name = get_string(request, "BackupName");
  constraints.table_name(table_name, "tableName");
  // BackupName's model: 3 to 255 of [a-zA-Z0-9_.-], a table name's rules.
  constraints.name(backup_name, "backupName");
  constraints.check();
  auto table = require_backed_up_table(ctx, *table_name);
  const std::string arn = table->definition().arn;
  auto backup = ctx.database.create_backup(
      ctx.region, *table, *backup_name,
      [&arn](int64_t created_ms) { return new_backup_arn(arn, created_ms); });
  return {{"BackupDetails", backup_details_json(*backup, "AVAILABLE")}};
}

}  // namespace ddb::protocol
