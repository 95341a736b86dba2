#include "engine/uuid.h"
#include "protocol/backups/backup_json.h"
#include "protocol/backups/restore.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// Creates TargetTableName from the backup: its items, indexes and capacity, with the overrides.
// The copy shares the backup's items until either writes, so a restore takes O(shards) plus the
// filling of new or changed GSIs. The response shows the table CREATING; it is ACTIVE by the time
// anyone can ask.
Json restore_table_from_backup(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  std::optional<std::string> target;
  auto arn = get_string(request, "BackupArn");
  RestoreOverrides overrides = parse_restore_request(request, target, constraints);
  check_backup_arn(arn, "backupArn", constraints);
  constraints.check();
  auto backup = require_backup(ctx, *arn);
  check_target_free(ctx, *target);
  engine::RestoreSummary summary;
  summary.source_backup_arn = backup->arn;
  summary.source_table_arn = backup->table->definition().arn;
  summary.restore_time = static_cast<double>(backup->created_ms) / 1000.0;
  return finish_restore(ctx, backup->table->copy(engine::random_uuid()), *target, overrides,
                        std::move(summary));
}

}  // namespace ddb::protocol
