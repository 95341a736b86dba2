#include <cmath>

#include "engine/error.h"
#include "engine/uuid.h"
#include "protocol/backups/backup_json.h"
#include "protocol/backups/restore.h"
#include "protocol/features/continuous_backups.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/table_fields.h"

namespace ddb::protocol {

using engine::Error;

// Creates TargetTableName as the source table stood at RestoreDateTime (or at
// LatestRestorableDateTime with UseLatestRestorableTime), rebuilt from the history the source
// keeps while point-in-time recovery is enabled (engine/point_in_time.h). Messages: the API
// Reference's descriptions of InvalidRestoreTimeException and
// PointInTimeRecoveryUnavailableException; a missing source is TableNotFoundException, worded as
// DescribeContinuousBackups words it.
Json restore_table_to_point_in_time(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  std::optional<std::string> target;
  auto source_name = get_string(request, "SourceTableName");
  auto source_arn = get_string(request, "SourceTableArn");
  auto use_latest = get_bool(request, "UseLatestRestorableTime");
  auto restore_time = get_timestamp(request, "RestoreDateTime");
  constraints.name(source_name, "sourceTableName", false);
  constraints.length(source_arn, 1, 1024, "sourceTableArn");
  RestoreOverrides overrides = parse_restore_request(request, target, constraints);
  constraints.check();
  // ddblocal's own messages for a request that names no source, or no time: the API Reference
  // gives none.
  if (!source_name && !source_arn) {
    throw Error::validation("Either SourceTableName or SourceTableArn must be specified");
  }
  if (use_latest.value_or(false) && restore_time) {
    throw Error::validation(
        "RestoreDateTime cannot be specified when UseLatestRestorableTime is true");
  }
  if (!use_latest.value_or(false) && !restore_time) {
    throw Error::validation(
        "Either RestoreDateTime or UseLatestRestorableTime set to true must be specified");
  }
  const std::string name = source_arn ? *source_arn : *source_name;
  auto source = require_backed_up_table(ctx, name);
  check_target_free(ctx, *target);
  const engine::TableDefinition definition = source->definition();
  const engine::PointInTimeRecovery& pitr = definition.features.point_in_time_recovery;
  const auto unavailable = [] {
    return Error(engine::ErrorType::PointInTimeRecoveryUnavailable,
                 "Point in time recovery has not yet been enabled for this source table.");
  };
  if (!pitr.enabled || !ctx.database.point_in_time_history(*source)) throw unavailable();
  const RestorableWindow window =
      restorable_window(pitr, now_seconds(ctx.database.clock()), history_start(ctx, *source));
  const double at = use_latest.value_or(false) ? window.latest : *restore_time;
  if (at < window.earliest || at > window.latest) {
    throw Error(engine::ErrorType::InvalidRestoreTime,
                "An invalid restore time was specified. RestoreDateTime must be between "
                "EarliestRestorableDateTime and LatestRestorableDateTime.");
  }
  auto copy = ctx.database.copy_at(*source, engine::random_uuid(),
                                   static_cast<int64_t>(std::floor(at * 1000.0)));
  if (!copy) throw unavailable();
  engine::RestoreSummary summary;
  summary.source_table_arn = definition.arn;
  summary.restore_time = at;
  return finish_restore(ctx, copy, *target, overrides, std::move(summary));
}

}  // namespace ddb::protocol
