#include <cmath>
#include <string>

#include "engine/error.h"
#include "protocol/features/continuous_backups.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/table_fields.h"
#include "protocol/transfers/s3_directory.h"
#include "protocol/transfers/transfer_json.h"

namespace ddb::protocol {

namespace {

using engine::Error;
using engine::ErrorType;

// ExportTime in epoch milliseconds, or none.
std::optional<int64_t> export_time_ms(const Json& request) {
  const Json* member = find_member(request, "ExportTime");
  if (!member) return std::nullopt;
  if (!member->is_number()) {
    throw Error::serialization("ExportTime must be a timestamp: a number of seconds since 1970");
  }
  return static_cast<int64_t>(std::llround(member->get<double>() * 1000.0));
}

// ddblocal's text; the API Reference names the exception only.
Error unavailable(const std::string& table_name) {
  return Error(ErrorType::PointInTimeRecoveryUnavailable,
               "Point in time recovery is not enabled for table '" + table_name + "'");
}

}  // namespace

// Exports the table, as it stands at ExportTime (by default now), to
// <bucket>/<prefix>/AWSDynamoDB/<id>/ under --s3-dir, in DynamoDB's own layout
// (protocol/transfers/export_writer.h). The table is copied at once (a copy-on-write share of its
// shards: Table::copy, rewound to ExportTime through its point-in-time history as
// RestoreTableToPointInTime rewinds it) and written in the background: the answer says
// IN_PROGRESS, and DescribeExport says COMPLETED once the manifests are written. As on DynamoDB the
// table must have point-in-time recovery enabled. FULL_EXPORT in DYNAMODB_JSON is what it writes.
Json export_table_to_point_in_time(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_arn = get_string(request, "TableArn");
  auto bucket = get_string(request, "S3Bucket");
  auto bucket_owner = get_string(request, "S3BucketOwner");
  auto prefix = get_string(request, "S3Prefix");
  auto sse = get_string(request, "S3SseAlgorithm");
  auto kms_key = get_string(request, "S3SseKmsKeyId");
  auto format = get_string(request, "ExportFormat");
  auto type = get_string(request, "ExportType");
  auto token = get_string(request, "ClientToken");
  const std::optional<int64_t> export_time = export_time_ms(request);
  get_structure(request, "IncrementalExportSpecification", "IncrementalExportSpecification");
  constraints.not_null(table_arn.has_value(), "tableArn");
  constraints.length(table_arn, 1, 1024, "tableArn");
  check_bucket(bucket, "s3Bucket", constraints);
  constraints.length(prefix, 0, 1024, "s3Prefix");
  constraints.length(kms_key, 1, 2048, "s3SseKmsKeyId");
  constraints.one_of(sse, {"AES256", "KMS"}, "s3SseAlgorithm");
  constraints.one_of(format, {"DYNAMODB_JSON", "ION"}, "exportFormat");
  constraints.one_of(type, {"FULL_EXPORT", "INCREMENTAL_EXPORT"}, "exportType");
  constraints.check();

  Transfers& transfers = require_transfers(ctx, "ExportTableToPointInTime");
  if (format == "ION") {
    throw Error::validation(
        "ddblocal does not write ExportFormat ION: export in DYNAMODB_JSON instead");
  }
  if (type == "INCREMENTAL_EXPORT") {
    throw Error::validation(
        "ddblocal does not serve ExportType INCREMENTAL_EXPORT: it keeps no point-in-time history "
        "to export the changes of a time window from; use FULL_EXPORT");
  }
  if (prefix && !is_local_key(*prefix)) {
    throw Error::validation("S3Prefix " + *prefix +
                            " has an empty, '.' or '..' segment, which a directory standing in "
                            "for S3 (--s3-dir) cannot hold");
  }
  auto table = find_table(ctx, *table_arn);
  if (!table) {
    throw Error(ErrorType::TableNotFound, "Table not found: " + table_name_of(ctx, *table_arn));
  }
  const engine::TableDefinition definition = table->definition();
  const int64_t now = ctx.database.clock().now_ms();

  Json parameters = request;
  parameters.erase("ClientToken");
  if (token) {
    if (auto earlier = transfers.export_for_token(ctx.region, *token, parameters, now)) {
      return {{"ExportDescription", export_description(*earlier)}};
    }
  }

  const engine::PointInTimeRecovery& pitr = definition.features.point_in_time_recovery;
  if (!pitr.enabled) throw unavailable(definition.name);
  if (!ctx.database.point_in_time_history(*table)) throw unavailable(definition.name);
  if (export_time) {
    // The API Reference's description of InvalidExportTimeException. The window is the restorable
    // one up to now: an export may name the last five minutes, which a restore may not.
    const RestorableWindow window =
        restorable_window(pitr, now_seconds(ctx.database.clock()), history_start(ctx, *table));
    const auto earliest_ms = static_cast<int64_t>(std::llround(window.earliest * 1000.0));
    if (*export_time > now || *export_time < earliest_ms) {
      throw Error(ErrorType::InvalidExportTime,
                  "The specified ExportTime is outside of the point in time recovery window.");
    }
  }
  // The table as it stood at ExportTime: a copy-on-write copy with the later changes undone, which
  // copies only the shards the undo writes (engine::Database::copy_at).
  std::shared_ptr<engine::Table> copy =
      export_time ? ctx.database.copy_at(*table, definition.table_id, *export_time)
                  : table->copy(definition.table_id);
  if (!copy) throw unavailable(definition.name);

  ExportJob job;
  job.space = std::string(ctx.region);
  job.id = transfer_id(now);
  job.arn = definition.arn + "/export/" + job.id;
  job.table_arn = definition.arn;
  job.table_id = definition.table_id;
  job.bucket = *bucket;
  job.bucket_owner = bucket_owner.value_or("");
  job.prefix = prefix.value_or("");
  job.sse_algorithm = sse.value_or("AES256");
  job.kms_key_id = kms_key.value_or("");
  job.client_token = token.value_or("");
  job.start_ms = now;
  job.export_ms = export_time.value_or(now);
  job.parameters = std::move(parameters);
  ExportJob started = transfers.start_export(std::move(job), std::move(copy));
  return {{"ExportDescription", export_description(started)}};
}

}  // namespace ddb::protocol
