#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/backup.h"
#include "engine/clock.h"
#include "engine/error.h"
#include "protocol/context.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// What the on-demand backup operations share: the ARN of a new backup, the lookup of one, and the
// structures that describe one.

// The ARN DynamoDB gives a backup of the table `table_arn` made at `created_ms`:
// "<table arn>/backup/<epoch ms as 14 digits>-<8 lowercase hex digits>", as in
// arn:aws:dynamodb:us-east-1:123456789012:table/t/backup/01681997703770-aa93528e (a real one,
// quoted in turbot/steampipe-plugin-aws#1913).
std::string new_backup_arn(std::string_view table_arn, int64_t created_ms);

// BackupNotFoundException "Backup not found: <arn>" (the text of AWS's answer quoted in
// turbot/steampipe-plugin-aws#1913).
engine::Error backup_not_found(const std::string& arn);

// The caller's backup with ARN `arn`; backup_not_found(arn) when there is none.
std::shared_ptr<const engine::Backup> require_backup(const RequestContext& ctx,
                                                     const std::string& arn);

// The model's constraints on a BackupArn member: 37 to 1024 characters.
void check_backup_arn(const std::optional<std::string>& arn, std::string_view path,
                      Constraints& constraints);

// BackupDetails, with `status` as BackupStatus (AVAILABLE, or DELETED in DeleteBackup's answer).
Json backup_details_json(const engine::Backup& backup, std::string_view status);
// BackupDescription: BackupDetails, SourceTableDetails and SourceTableFeatureDetails.
Json backup_description_json(const engine::Backup& backup, std::string_view status);
// One of ListBackups' BackupSummaries.
Json backup_summary_json(const engine::Backup& backup);

// A *DateTime member (epoch seconds, fractions allowed), as the JSON protocol sends timestamps.
std::optional<double> get_timestamp(const Json& object, std::string_view name);

}  // namespace ddb::protocol
