#include "protocol/features/continuous_backups.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/table_fields.h"

namespace ddb::protocol {

// Turns point-in-time recovery on or off and answers the new ContinuousBackupsDescription.
// RecoveryPeriodInDays is 1 to 35 (the model's constraint) and defaults to 35 when enabling (API
// Reference, PointInTimeRecoverySpecification). Enabling an enabled table sets the period again
// and keeps the moment it was first enabled; disabling forgets both.
Json update_continuous_backups(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.table_name(name, "tableName");
  const Json* specification = get_structure(request, "PointInTimeRecoverySpecification",
                                            "PointInTimeRecoverySpecification");
  constraints.not_null(specification != nullptr, "pointInTimeRecoverySpecification");
  std::optional<bool> enabled;
  std::optional<int64_t> days;
  if (specification) {
    enabled = get_bool(*specification, "PointInTimeRecoveryEnabled");
    days = get_integer(*specification, "RecoveryPeriodInDays");
    constraints.not_null(enabled.has_value(),
                         "pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled");
    constraints.min(days, 1, "pointInTimeRecoverySpecification.recoveryPeriodInDays");
    constraints.max(days, 35, "pointInTimeRecoverySpecification.recoveryPeriodInDays");
  }
  constraints.check();

  auto table = require_backed_up_table(ctx, *name);
  double now = now_seconds(ctx.database.clock());
  engine::PointInTimeRecovery result;
  table->update_definition([&](engine::TableDefinition& definition) {
    engine::PointInTimeRecovery& pitr = definition.features.point_in_time_recovery;
    if (*enabled) {
      if (!pitr.enabled) pitr.enabled_time = now;
      pitr.enabled = true;
      pitr.recovery_period_days = days.value_or(engine::PointInTimeRecovery{}.recovery_period_days);
    } else {
      pitr = {};
    }
    result = pitr;
  });
  // The history RestoreTableToPointInTime rebuilds from starts now, or is dropped.
  if (result.enabled) {
    ctx.database.enable_point_in_time(table, result.recovery_period_days);
  } else {
    ctx.database.disable_point_in_time(*table);
  }
  return {{"ContinuousBackupsDescription",
           continuous_backups_json(result, now, history_start(ctx, *table))}};
}

}  // namespace ddb::protocol
