#include "protocol/features/continuous_backups.h"

#include <algorithm>

#include "engine/error.h"

namespace ddb::protocol {

std::shared_ptr<engine::Table> require_backed_up_table(const RequestContext& ctx,
                                                       const std::string& name) {
  auto table = find_table(ctx, name);
  // The text of terraform-provider-aws#26577 and ScoutSuite#1533, quoting DynamoDB.
  if (!table) throw engine::Error(engine::ErrorType::TableNotFound, "Table not found: " + name);
  return table;
}

// Continuous backups are ENABLED on every table from its creation (API Reference,
// UpdateContinuousBackups); point-in-time recovery is what the flag turns on. While it is on, the
// restorable window is the recovery period, cut at the moment it was enabled, and ends five
// minutes before now ("typically", same page), never before it starts.
Json continuous_backups_json(const engine::PointInTimeRecovery& pitr, double now) {
  Json recovery = {{"PointInTimeRecoveryStatus", pitr.enabled ? "ENABLED" : "DISABLED"}};
  if (pitr.enabled) {
    double earliest =
        std::max(pitr.enabled_time, now - static_cast<double>(pitr.recovery_period_days) * 86400);
    recovery["RecoveryPeriodInDays"] = pitr.recovery_period_days;
    recovery["EarliestRestorableDateTime"] = earliest;
    recovery["LatestRestorableDateTime"] = std::max(earliest, now - 300);
  }
  return {{"ContinuousBackupsStatus", "ENABLED"},
          {"PointInTimeRecoveryDescription", std::move(recovery)}};
}

}  // namespace ddb::protocol
