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

// While point-in-time recovery is on, the restorable window is the recovery period, cut at the
// moment it was enabled (and at the oldest change the history still holds: after a restart, or
// once the history reached its byte bound), and ends five minutes before now ("typically", API
// Reference, UpdateContinuousBackups), never before it starts.
RestorableWindow restorable_window(const engine::PointInTimeRecovery& pitr, double now,
                                   double history_start) {
  double earliest = std::max({pitr.enabled_time, history_start,
                              now - static_cast<double>(pitr.recovery_period_days) * 86400});
  return {earliest, std::max(earliest, now - 300)};
}

double history_start(const RequestContext& ctx, const engine::Table& table) {
  auto history = ctx.database.point_in_time_history(table);
  return history ? static_cast<double>(history->earliest_ms()) / 1000.0 : 0;
}

// Continuous backups are ENABLED on every table from its creation (API Reference,
// UpdateContinuousBackups); point-in-time recovery is what the flag turns on.
Json continuous_backups_json(const engine::PointInTimeRecovery& pitr, double now,
                             double history_start) {
  Json recovery = {{"PointInTimeRecoveryStatus", pitr.enabled ? "ENABLED" : "DISABLED"}};
  if (pitr.enabled) {
    RestorableWindow window = restorable_window(pitr, now, history_start);
    recovery["RecoveryPeriodInDays"] = pitr.recovery_period_days;
    recovery["EarliestRestorableDateTime"] = window.earliest;
    recovery["LatestRestorableDateTime"] = window.latest;
  }
  return {{"ContinuousBackupsStatus", "ENABLED"},
          {"PointInTimeRecoveryDescription", std::move(recovery)}};
}

}  // namespace ddb::protocol
