#include "protocol/backups/backup_json.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// The backup's details, its source table's and the source's indexes, stream and TTL settings.
Json describe_backup(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "BackupArn");
  check_backup_arn(arn, "backupArn", constraints);
  constraints.check();
  auto backup = require_backup(ctx, *arn);
  return {{"BackupDescription", backup_description_json(*backup, "AVAILABLE")}};
}

}  // namespace ddb::protocol
