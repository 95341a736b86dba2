#include <algorithm>

#include "protocol/backups/backup_json.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// The caller's backups, oldest first: of one table (by name or ARN) when TableName is given, made
// in [TimeRangeLowerBound, TimeRangeUpperBound) (API Reference: the lower bound inclusive, the
// upper exclusive), of BackupType USER or ALL (every backup here is USER: SYSTEM and AWS_BACKUP
// list none), at most Limit of them, resuming after ExclusiveStartBackupArn.
Json list_backups(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_name = get_string(request, "TableName");
  auto limit = get_integer(request, "Limit");
  auto start = get_string(request, "ExclusiveStartBackupArn");
  auto type = get_string(request, "BackupType");
  auto lower = get_timestamp(request, "TimeRangeLowerBound");
  auto upper = get_timestamp(request, "TimeRangeUpperBound");
  constraints.table_name(table_name, "tableName", false);
  constraints.min(limit, 1, "limit");
  constraints.max(limit, 100, "limit");
  constraints.length(start, 37, 1024, "exclusiveStartBackupArn");
  constraints.one_of(type, {"USER", "SYSTEM", "AWS_BACKUP", "ALL"}, "backupType");
  constraints.check();

  std::vector<std::shared_ptr<const engine::Backup>> backups =
      ctx.database.backups().list(ctx.region);
  if (start) {
    auto after = std::find_if(backups.begin(), backups.end(),
                              [&start](const auto& backup) { return backup->arn == *start; });
    if (after != backups.end()) backups.erase(backups.begin(), after + 1);
  }
  const bool user = !type || *type == "USER" || *type == "ALL";
  std::erase_if(backups, [&](const std::shared_ptr<const engine::Backup>& backup) {
    const double created = static_cast<double>(backup->created_ms) / 1000.0;
    if (!user || (lower && created < *lower) || (upper && created >= *upper)) return true;
    if (!table_name) return false;
    const engine::TableDefinition definition = backup->table->definition();
    return table_name->starts_with("arn:") ? definition.arn != *table_name
                                           : definition.name != *table_name;
  });
  const std::size_t page = static_cast<std::size_t>(limit.value_or(100));
  Json summaries = Json::array();
  for (std::size_t i = 0; i < backups.size() && i < page; ++i) {
    summaries.push_back(backup_summary_json(*backups[i]));
  }
  Json response = {{"BackupSummaries", std::move(summaries)}};
  if (backups.size() > page) response["LastEvaluatedBackupArn"] = backups[page - 1]->arn;
  return response;
}

}  // namespace ddb::protocol
