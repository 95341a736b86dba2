#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// An incremental export's window is at least 15 minutes and at most 24 hours long (Developer
// Guide, "Exporting DynamoDB table data to Amazon S3").
constexpr int64_t kMinWindowMs = int64_t{15} * 60 * 1000;
constexpr int64_t kMaxWindowMs = int64_t{24} * 3600 * 1000;

// The timestamp member `name` in epoch milliseconds, or none.
std::optional<int64_t> timestamp_ms(const Json& object, std::string_view name) {
  const Json* member = find_member(object, name);
  if (!member) return std::nullopt;
  if (!member->is_number()) {
    throw Error::serialization(std::string(name) +
                               " must be a timestamp: a number of seconds since 1970");
  }
  return static_cast<int64_t>(std::llround(member->get<double>() * 1000.0));
}

// The API Reference's description of InvalidExportTimeException.
Error invalid_export_time() {
  return Error(ErrorType::InvalidExportTime,
               "The specified ExportTime is outside of the point in time recovery window.");
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
// table must have point-in-time recovery enabled. An INCREMENTAL_EXPORT writes the items changed
// in its window instead, read from the same history. DYNAMODB_JSON is the format it writes.
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
  const std::optional<int64_t> export_time = timestamp_ms(request, "ExportTime");
  const Json* incremental =
      get_structure(request, "IncrementalExportSpecification", "IncrementalExportSpecification");
  std::optional<int64_t> from_time;
  std::optional<int64_t> to_time;
  std::optional<std::string> view_type;
  if (incremental) {
    from_time = timestamp_ms(*incremental, "ExportFromTime");
    to_time = timestamp_ms(*incremental, "ExportToTime");
    view_type = get_string(*incremental, "ExportViewType");
  }
  constraints.not_null(table_arn.has_value(), "tableArn");
  constraints.length(table_arn, 1, 1024, "tableArn");
  check_bucket(bucket, "s3Bucket", constraints);
  constraints.length(prefix, 0, 1024, "s3Prefix");
  constraints.length(kms_key, 1, 2048, "s3SseKmsKeyId");
  constraints.one_of(sse, {"AES256", "KMS"}, "s3SseAlgorithm");
  constraints.one_of(format, {"DYNAMODB_JSON", "ION"}, "exportFormat");
  constraints.one_of(type, {"FULL_EXPORT", "INCREMENTAL_EXPORT"}, "exportType");
  constraints.one_of(view_type, {"NEW_IMAGE", "NEW_AND_OLD_IMAGES"},
                     "incrementalExportSpecification.exportViewType");
  constraints.check();

  Transfers& transfers = require_transfers(ctx, "ExportTableToPointInTime");
  if (format == "ION") {
    throw Error::validation(
        "ddblocal does not write ExportFormat ION: export in DYNAMODB_JSON instead");
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
  if (!pitr.enabled || !ctx.database.point_in_time_history(*table)) {
    throw unavailable(definition.name);
  }
  const RestorableWindow window =
      restorable_window(pitr, now_seconds(ctx.database.clock()), history_start(ctx, *table));
  const auto earliest_ms = static_cast<int64_t>(std::llround(window.earliest * 1000.0));
  // The window is the restorable one up to now: an export may name the last five minutes, which
  // a restore may not.
  const auto in_window = [&](int64_t time_ms) { return time_ms >= earliest_ms && time_ms <= now; };

  ExportJob job;
  std::shared_ptr<engine::Table> copy;
  std::vector<engine::WindowChange> changes;
  if (type == "INCREMENTAL_EXPORT") {
    // ddblocal's texts: the API Reference and the Developer Guide state these rules without the
    // service's messages.
    if (export_time) {
      throw Error::validation(
          "ExportTime cannot be specified for an INCREMENTAL_EXPORT: its window is "
          "IncrementalExportSpecification's ExportFromTime and ExportToTime");
    }
    if (!from_time) {
      throw Error::validation(
          "IncrementalExportSpecification.ExportFromTime must be specified for an "
          "INCREMENTAL_EXPORT");
    }
    // Left out, ExportToTime is "the latest time with data available" (API Reference): now.
    const int64_t to = to_time.value_or(now);
    if (to - *from_time < kMinWindowMs || to - *from_time > kMaxWindowMs) {
      throw Error::validation(
          "The incremental export period from ExportFromTime to ExportToTime must be at least 15 "
          "minutes and at most 24 hours");
    }
    if (!in_window(*from_time) || !in_window(to)) throw invalid_export_time();
    job.export_type = "INCREMENTAL_EXPORT";
    job.from_ms = *from_time;
    job.to_ms = to;
    job.view_type = view_type.value_or("NEW_AND_OLD_IMAGES");
    // ExportFromTime is inclusive and ExportToTime exclusive (API Reference): the changes made in
    // [from, to), and the table just before `to` for their new images.
    auto found = ctx.database.changes_in(*table, definition.table_id, job.from_ms, job.to_ms);
    copy = std::move(found.copy);
    changes = std::move(found.changes);
  } else if (export_time) {
    if (!in_window(*export_time)) throw invalid_export_time();
    // The table as it stood at ExportTime: a copy-on-write copy with the later changes undone,
    // which copies only the shards the undo writes (engine::Database::copy_at).
    copy = ctx.database.copy_at(*table, definition.table_id, *export_time);
  } else {
    copy = table->copy(definition.table_id);
  }
  if (!copy) throw unavailable(definition.name);
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
  ExportJob started = transfers.start_export(std::move(job), std::move(copy), std::move(changes));
  return {{"ExportDescription", export_description(started)}};
}

}  // namespace ddb::protocol
