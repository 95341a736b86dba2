#include "protocol/transfers/transfers.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <utility>

#include "engine/error.h"
#include "engine/uuid.h"
#include "protocol/context.h"
#include "protocol/operations.h"
#include "protocol/transfers/export_writer.h"

namespace ddb::protocol {

namespace {

template <typename Job>
std::optional<Job> for_token(const std::vector<std::shared_ptr<Job>>& jobs, std::string_view space,
                             std::string_view token, const Json& parameters, int64_t now_ms,
                             engine::ErrorType conflict, std::string_view what) {
  if (token.empty()) return std::nullopt;
  for (auto it = jobs.rbegin(); it != jobs.rend(); ++it) {
    const Job& job = **it;
    if (job.space != space || job.client_token != token) continue;
    if (now_ms - job.start_ms > Transfers::kTokenMs) return std::nullopt;
    if (job.parameters != parameters) {
      // ddblocal's text: the API Reference documents the exception, not its message.
      throw engine::Error(conflict, "There was a conflict when " + std::string(what) +
                                        ": the ClientToken " + std::string(token) +
                                        " was used with other parameters");
    }
    return job;
  }
  return std::nullopt;
}

template <typename Job>
std::optional<Job> find_job(const std::vector<std::shared_ptr<Job>>& jobs, std::string_view space,
                            std::string_view arn) {
  for (const auto& job : jobs) {
    if (job->space == space && job->arn == arn) return *job;
  }
  return std::nullopt;
}

template <typename Job>
std::vector<Job> jobs_of(const std::vector<std::shared_ptr<Job>>& jobs, std::string_view space,
                         std::string_view table_arn) {
  std::vector<Job> found;
  for (const auto& job : jobs) {
    if (job->space == space && (table_arn.empty() || job->table_arn == table_arn)) {
      found.push_back(*job);
    }
  }
  return found;
}

}  // namespace

std::string transfer_id(int64_t now_ms) {
  char digits[16];
  std::snprintf(digits, sizeof digits, "%014lld", static_cast<long long>(now_ms));
  std::string uuid = engine::random_uuid();
  return std::string(digits) + "-" + uuid.substr(0, 8);
}

Transfers::Transfers(engine::Database& database, S3Directory s3, Log log)
    : database_(database), s3_(std::move(s3)), log_(std::move(log)) {}

Transfers::~Transfers() = default;

std::optional<ExportJob> Transfers::export_for_token(std::string_view space, std::string_view token,
                                                     const Json& parameters, int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  return for_token(exports_, space, token, parameters, now_ms, engine::ErrorType::ExportConflict,
                   "exporting");
}

std::optional<ImportJob> Transfers::import_for_token(std::string_view space, std::string_view token,
                                                     const Json& parameters, int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  return for_token(imports_, space, token, parameters, now_ms, engine::ErrorType::ImportConflict,
                   "importing");
}

template <typename Job, typename Run>
Job Transfers::start(std::vector<std::shared_ptr<Job>>& jobs, Job job, Run run) {
  auto registered = std::make_shared<Job>(std::move(job));
  Job answer;
  {
    std::lock_guard lock(mutex_);
    jobs.push_back(registered);
    answer = *registered;
  }
  worker_.post([registered, run = std::move(run)] { run(registered); });
  return answer;
}

ExportJob Transfers::start_export(ExportJob job, std::shared_ptr<const engine::Table> table,
                                  std::vector<engine::WindowChange> changes) {
  return start(exports_, std::move(job),
               [this, table = std::move(table),
                changes = std::move(changes)](const std::shared_ptr<ExportJob>& registered) {
                 run_export(registered, table, changes);
               });
}

ImportJob Transfers::start_import(ImportJob job) {
  return start(imports_, std::move(job),
               [this](const std::shared_ptr<ImportJob>& registered) { run_import(registered); });
}

std::optional<ExportJob> Transfers::find_export(std::string_view space,
                                                std::string_view arn) const {
  std::lock_guard lock(mutex_);
  return find_job(exports_, space, arn);
}

std::optional<ImportJob> Transfers::find_import(std::string_view space,
                                                std::string_view arn) const {
  std::lock_guard lock(mutex_);
  return find_job(imports_, space, arn);
}

std::vector<ExportJob> Transfers::exports(std::string_view space,
                                          std::string_view table_arn) const {
  std::lock_guard lock(mutex_);
  return jobs_of(exports_, space, table_arn);
}

std::vector<ImportJob> Transfers::imports(std::string_view space,
                                          std::string_view table_arn) const {
  std::lock_guard lock(mutex_);
  return jobs_of(imports_, space, table_arn);
}

void Transfers::run_export(const std::shared_ptr<ExportJob>& job,
                           const std::shared_ptr<const engine::Table>& table,
                           const std::vector<engine::WindowChange>& changes) {
  // Read without the lock: nothing but this thread changes a job's request members.
  const std::string key_base = join_key(job->prefix, "AWSDynamoDB/" + job->id);
  std::string failure_code;
  std::string failure_message;
  ExportOutcome outcome;
  ManifestSummary summary;
  try {
    if (!s3_.has_bucket(job->bucket)) {
      // S3's NoSuchBucket text, which DynamoDB reports with FailureCode S3NoSuchBucket.
      failure_code = "S3NoSuchBucket";
      failure_message = "The specified bucket does not exist";
    } else {
      const std::filesystem::path directory = s3_.object_path(job->bucket, key_base);
      const bool incremental = job->export_type == "INCREMENTAL_EXPORT";
      if (incremental) {
        // Every incremental export under a prefix writes its data files to one shared folder.
        const std::string data_key_base = join_key(job->prefix, "AWSDynamoDB/data");
        outcome = write_incremental_export_data(
            *table, changes, job->view_type == "NEW_AND_OLD_IMAGES", directory,
            s3_.object_path(job->bucket, data_key_base), data_key_base);
      } else {
        outcome = write_export_data(*table, directory, key_base);
      }
      summary = {.export_arn = job->arn,
                 .start_time = iso_time(job->start_ms),
                 .end_time = iso_time(database_.clock().now_ms()),
                 .table_arn = job->table_arn,
                 .table_id = job->table_id,
                 .export_time = iso_time(job->export_ms),
                 .s3_bucket = job->bucket,
                 .s3_prefix = job->prefix,
                 .s3_sse_algorithm = job->sse_algorithm,
                 .s3_sse_kms_key_id = job->kms_key_id,
                 .manifest_files_key = join_key(key_base, "manifest-files.json"),
                 .billed_size_bytes = incremental ? outcome.data_bytes : table->size_bytes(),
                 .item_count = outcome.item_count,
                 .output_format = "DYNAMODB_JSON",
                 .export_type = incremental ? job->export_type : "",
                 .export_from_time = incremental ? iso_time(job->from_ms) : "",
                 .export_to_time = incremental ? iso_time(job->to_ms) : "",
                 .output_view = incremental ? job->view_type : ""};
      write_export_manifests(directory, outcome, summary);
    }
  } catch (const std::exception& error) {
    failure_code = "S3AccessDenied";
    failure_message = error.what();
  }
  std::lock_guard lock(mutex_);
  job->end_ms = database_.clock().now_ms();
  if (failure_code.empty()) {
    job->status = "COMPLETED";
    job->item_count = outcome.item_count;
    job->billed_size_bytes = summary.billed_size_bytes;
    job->manifest_key = join_key(key_base, "manifest-summary.json");
  } else {
    job->status = "FAILED";
    job->failure_code = std::move(failure_code);
    job->failure_message = std::move(failure_message);
  }
}

void Transfers::run_import(const std::shared_ptr<ImportJob>& job) {
  Caller caller;
  caller.access_key = job->caller_access_key;
  caller.region = job->caller_region;
  RequestContext ctx{database_, caller, job->space, false, {}};
  Json request = {{"TableName", job->table_name}, {"Item", nullptr}};
  ImportSink sink;
  sink.put = [&](Json& item) {
    request["Item"].swap(item);
    put_item(ctx, request);
  };
  // One line per failed line, as DynamoDB logs them to CloudWatch Logs.
  sink.error = [&](std::string_view key, std::size_t line, std::string_view reason) {
    if (!log_) return;
    Json entry = {{"importArn", job->arn},
                  {"itemS3Pointer", {{"bucket", job->source.bucket}, {"key", key}, {"line", line}}},
                  {"errorMessages", {reason}}};
    log_(entry.dump(-1, ' ', false, Json::error_handler_t::replace));
  };
  sink.progress = [&](const ImportProgress& progress) {
    std::lock_guard lock(mutex_);
    job->progress = progress;
  };
  ImportProgress progress;
  std::optional<ImportFailure> failure;
  try {
    failure = protocol::run_import(s3_, job->source, sink, progress);
  } catch (const std::exception& error) {
    failure = ImportFailure{"InternalServerError", error.what()};
  }
  std::lock_guard lock(mutex_);
  job->progress = progress;
  job->end_ms = database_.clock().now_ms();
  if (failure) {
    job->status = "FAILED";
    job->failure_code = std::move(failure->code);
    job->failure_message = std::move(failure->message);
  } else {
    job->status = "COMPLETED";
  }
}

}  // namespace ddb::protocol
