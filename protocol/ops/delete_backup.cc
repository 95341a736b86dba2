#include "protocol/backups/backup_json.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// Forgets the backup and answers its description with BackupStatus DELETED. A restore reading it
// finishes with its own reference; as each restore completes within its request,
// BackupInUseException is never raised.
Json delete_backup(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "BackupArn");
  check_backup_arn(arn, "backupArn", constraints);
  constraints.check();
  auto backup = ctx.database.delete_backup(ctx.region, *arn);
  if (!backup) throw backup_not_found(*arn);
  return {{"BackupDescription", backup_description_json(*backup, "DELETED")}};
}

}  // namespace ddb::protocol
