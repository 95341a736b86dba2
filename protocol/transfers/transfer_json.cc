#include "protocol/transfers/transfer_json.h"

#include "engine/error.h"

namespace ddb::protocol {

namespace {

double seconds(int64_t epoch_ms) { return static_cast<double>(epoch_ms) / 1000.0; }

void add_if(Json& out, const char* name, const std::string& value) {
  if (!value.empty()) out[name] = value;
}

// Where DynamoDB would log an import's errors; ddblocal writes them to its own log instead.
std::string log_group_arn(const ImportJob& job) {
  return "arn:aws:logs:" + job.caller_region + ":" + std::string(kAccountId) +
         ":log-group:/aws-dynamodb/imports:*";
}

}  // namespace

Transfers& require_transfers(const RequestContext& ctx, std::string_view operation) {
  if (ctx.transfers == nullptr) {
    throw engine::Error::validation(
        std::string(operation) +
        " needs a local directory standing in for Amazon S3: start ddblocal with --s3-dir DIR "
        "(each bucket is the subdirectory DIR/<bucket>)");
  }
  return *ctx.transfers;
}

void check_bucket(const std::optional<std::string>& bucket, std::string_view path,
                  Constraints& constraints) {
  constraints.not_null(bucket.has_value(), path);
  if (!bucket) return;
  constraints.length(bucket, 0, 255, path);
  if (!bucket->empty() && bucket->size() <= 255 && !is_bucket_name(*bucket)) {
    constraints.add(constraint_violation(
        "'" + *bucket + "'", path,
        R"(Member must satisfy regular expression pattern: ^[a-z0-9A-Z]+[\.\-\w]*[a-z0-9A-Z]+$)"));
  }
}

Json export_description(const ExportJob& job) {
  Json out = {{"ExportArn", job.arn},
              {"ExportStatus", job.status},
              {"StartTime", seconds(job.start_ms)},
              {"TableArn", job.table_arn},
              {"TableId", job.table_id},
              {"S3Bucket", job.bucket},
              {"S3SseAlgorithm", job.sse_algorithm},
              {"ExportFormat", "DYNAMODB_JSON"},
              {"ExportType", job.export_type}};
  if (job.export_type == "INCREMENTAL_EXPORT") {
    out["IncrementalExportSpecification"] = {{"ExportFromTime", seconds(job.from_ms)},
                                             {"ExportToTime", seconds(job.to_ms)},
                                             {"ExportViewType", job.view_type}};
  } else {
    out["ExportTime"] = seconds(job.export_ms);
  }
  add_if(out, "ClientToken", job.client_token);
  add_if(out, "S3BucketOwner", job.bucket_owner);
  add_if(out, "S3Prefix", job.prefix);
  add_if(out, "S3SseKmsKeyId", job.kms_key_id);
  if (job.end_ms != 0) out["EndTime"] = seconds(job.end_ms);
  if (job.status == "COMPLETED") {
    out["ExportManifest"] = job.manifest_key;
    out["ItemCount"] = job.item_count;
    out["BilledSizeBytes"] = job.billed_size_bytes;
  }
  add_if(out, "FailureCode", job.failure_code);
  add_if(out, "FailureMessage", job.failure_message);
  return out;
}

Json export_summary(const ExportJob& job) {
  return {{"ExportArn", job.arn}, {"ExportStatus", job.status}, {"ExportType", job.export_type}};
}

Json import_description(const ImportJob& job) {
  Json out = {{"ImportArn", job.arn},
              {"ImportStatus", job.status},
              {"TableArn", job.table_arn},
              {"TableId", job.table_id},
              {"S3BucketSource", job.s3_bucket_source},
              {"ErrorCount", job.progress.errors},
              {"CloudWatchLogGroupArn", log_group_arn(job)},
              {"InputFormat", job.input_format},
              {"InputCompressionType", job.compression},
              {"TableCreationParameters", job.table_creation_parameters},
              {"StartTime", seconds(job.start_ms)},
              {"ProcessedSizeBytes", job.progress.processed_bytes},
              {"ProcessedItemCount", job.progress.processed_items},
              {"ImportedItemCount", job.progress.imported_items}};
  add_if(out, "ClientToken", job.client_token);
  if (!job.input_format_options.is_null()) out["InputFormatOptions"] = job.input_format_options;
  if (job.end_ms != 0) out["EndTime"] = seconds(job.end_ms);
  add_if(out, "FailureCode", job.failure_code);
  add_if(out, "FailureMessage", job.failure_message);
  return out;
}

Json import_summary(const ImportJob& job) {
  Json out = {{"ImportArn", job.arn},
              {"ImportStatus", job.status},
              {"TableArn", job.table_arn},
              {"S3BucketSource", job.s3_bucket_source},
              {"CloudWatchLogGroupArn", log_group_arn(job)},
              {"InputFormat", job.input_format},
              {"StartTime", seconds(job.start_ms)}};
  if (job.end_ms != 0) out["EndTime"] = seconds(job.end_ms);
  return out;
}

std::string next_token_of(std::string_view arn) {
  static constexpr std::string_view kDigits = "0123456789abcdef";
  std::string token;
  for (unsigned char c : arn) {
    token += kDigits[c >> 4];
    token += kDigits[c & 0xF];
  }
  while (token.size() < 112 || token.size() % 16 != 0) token += '0';
  return token;
}

std::string arn_of_next_token(std::string_view token) {
  const auto invalid = [&] {
    return engine::Error::validation("Invalid NextToken: " + std::string(token));
  };
  const auto digit = [&](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    throw invalid();
  };
  if (token.size() < 112 || token.size() % 16 != 0) throw invalid();
  std::string arn;
  for (std::size_t i = 0; i + 1 < token.size(); i += 2) {
    const char c = static_cast<char>(digit(token[i]) * 16 + digit(token[i + 1]));
    if (c == '\0') break;
    arn += c;
  }
  if (!arn.starts_with("arn:")) throw invalid();
  return arn;
}

}  // namespace ddb::protocol
