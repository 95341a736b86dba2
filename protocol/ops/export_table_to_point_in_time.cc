#include <cmath>
#include <string>

#include "engine/error.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/table_fields.h"
#include "protocol/transfers/s3_directory.h"
#include "protocol/transfers/transfer_json.h"

namespace ddb::protocol {

namespace {

using engine::Error;
using engine::ErrorType;

// An ExportTime earlier than now by more than this asks for history ddblocal does not keep.
constexpr int64_t kExportTimeToleranceMs = 1000;

// ExportTime in epoch milliseconds, or none.
std::optional<int64_t> export_time_ms(const Json& request) {
  const Json* member = find_member(request, "ExportTime");
  if (!member) return std::nullopt;
  if (!member->is_number()) {
    throw Error::serialization("ExportTime must be a timestamp: a number of seconds since 1970");
  }
  return static_cast<int64_t>(std::llround(member->get<double>() * 1000.0));
}

}  // namespace

// Exports the table, as it stands now, to <bucket>/<prefix>/AWSDynamoDB/<id>/ under --s3-dir, in
// DynamoDB's own layout (protocol/transfers/export_writer.h). The table is copied at once (a
// copy-on-write share of its shards: Table::copy) and written in the background: the answer says
// IN_PROGRESS, and DescribeExport says COMPLETED once the manifests are written. As on DynamoDB the
// table must have point-in-time recovery enabled. ddblocal keeps no history, so ExportTime may only
// name the present (up to a second ago); FULL_EXPORT in DYNAMODB_JSON is what it writes.
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
  if (!pitr.enabled) {
    // ddblocal's text; the API Reference names the exception only.
    throw Error(ErrorType::PointInTimeRecoveryUnavailable,
                "Point in time recovery is not enabled for table '" + definition.name + "'");
  }
  if (export_time) {
    const auto enabled_ms = static_cast<int64_t>(std::llround(pitr.enabled_time * 1000.0));
    if (*export_time > now || *export_time < enabled_ms) {
      throw Error(ErrorType::InvalidExportTime,
                  "ExportTime must be within the point in time recovery window of table '" +
                      definition.name + "'");
    }
    if (*export_time < now - kExportTimeToleranceMs) {
      throw Error::validation(
          "ddblocal exports a table as it is now: it keeps no point-in-time history to export "
          "an earlier ExportTime from; leave ExportTime out");
    }
  }

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
  job.export_ms = now;
  job.parameters = std::move(parameters);
  ExportJob started = transfers.start_export(std::move(job), table->copy(definition.table_id));
  return {{"ExportDescription", export_description(started)}};
}

}  // namespace ddb::protocol
