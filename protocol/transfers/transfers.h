#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/background.h"
#include "engine/database.h"
#include "protocol/call.h"
#include "protocol/json/json_fields.h"
#include "protocol/transfers/import_runner.h"
#include "protocol/transfers/s3_directory.h"

namespace ddb::protocol {

// One ExportTableToPointInTime, as DescribeExport reports it.
struct ExportJob {
  std::string space;  // the namespace (RequestContext::region) it belongs to
  std::string id;     // "01700000000000-1a2b3c4d"
  std::string arn;    // <table arn>/export/<id>
  std::string table_arn;
  std::string table_id;
  std::string bucket;
  std::string bucket_owner;
  std::string prefix;
  std::string sse_algorithm = "AES256";
  std::string kms_key_id;
  std::string client_token;
  int64_t start_ms = 0;
  int64_t export_ms = 0;  // ExportTime (FULL_EXPORT)
  std::string export_type = "FULL_EXPORT";
  // INCREMENTAL_EXPORT's IncrementalExportSpecification: [from_ms, to_ms) and ExportViewType.
  int64_t from_ms = 0;
  int64_t to_ms = 0;
  std::string view_type;
  int64_t end_ms = 0;  // 0 while IN_PROGRESS
  std::string status = "IN_PROGRESS";
  std::string failure_code;
  std::string failure_message;
  std::string manifest_key;  // <prefix>/AWSDynamoDB/<id>/manifest-summary.json
  uint64_t item_count = 0;
  uint64_t billed_size_bytes = 0;
  Json parameters;  // what a retry with the same ClientToken must repeat
};

// One ImportTable, as DescribeImport reports it.
struct ImportJob {
  std::string space;
  std::string caller_access_key;  // the caller the import's writes are made as
  std::string caller_region;
  std::string id;
  std::string arn;  // <table arn>/import/<id>
  std::string table_arn;
  std::string table_id;
  std::string table_name;
  std::string client_token;
  Json s3_bucket_source;
  std::string input_format;
  Json input_format_options;  // null when the request had none
  std::string compression = "NONE";
  Json table_creation_parameters;
  ImportSource source;
  int64_t start_ms = 0;
  int64_t end_ms = 0;
  std::string status = "IN_PROGRESS";
  std::string failure_code;
  std::string failure_message;
  ImportProgress progress;
  Json parameters;
};

// Export to S3 and import from S3 against a local directory (--s3-dir): the jobs, by namespace,
// and the thread that runs them one at a time, in the order they were asked for. Jobs live as long
// as the process (DynamoDB lists them for 90 days). Thread-safe.
class Transfers {
 public:
  // How a job reports a line it could not import (the server's log stands in for CloudWatch).
  using Log = std::function<void(const std::string& message)>;

  Transfers(engine::Database& database, S3Directory s3, Log log);
  ~Transfers();

  const S3Directory& s3() const { return s3_; }

  // A ClientToken is remembered this long (8 hours, API Reference).
  static constexpr int64_t kTokenMs = 8 * 3600 * 1000;

  // The job of `space` that `token` started within kTokenMs of `now_ms`, if any; throws
  // ExportConflict (ImportConflict) when its parameters differ from `parameters`.
  std::optional<ExportJob> export_for_token(std::string_view space, std::string_view token,
                                            const Json& parameters, int64_t now_ms) const;
  std::optional<ImportJob> import_for_token(std::string_view space, std::string_view token,
                                            const Json& parameters, int64_t now_ms) const;

  // Registers `job` and writes its files from `table` (a copy nothing else writes to) in the
  // background; returns the job as registered (IN_PROGRESS). An INCREMENTAL_EXPORT writes the
  // items of `changes`, `table` being the table when its window closed.
  ExportJob start_export(ExportJob job, std::shared_ptr<const engine::Table> table,
                         std::vector<engine::WindowChange> changes = {});
  // Registers `job`, whose table exists, and fills the table in the background.
  ImportJob start_import(ImportJob job);

  std::optional<ExportJob> find_export(std::string_view space, std::string_view arn) const;
  std::optional<ImportJob> find_import(std::string_view space, std::string_view arn) const;
  // The jobs of `space`, oldest first; of one table when `table_arn` is not empty.
  std::vector<ExportJob> exports(std::string_view space, std::string_view table_arn) const;
  std::vector<ImportJob> imports(std::string_view space, std::string_view table_arn) const;

  // Blocks until every job started so far has finished.
  void wait() { worker_.drain(); }

 private:
  // Registers `job` in `jobs` and posts run(job) to the worker; returns the job as registered.
  template <typename Job, typename Run>
  Job start(std::vector<std::shared_ptr<Job>>& jobs, Job job, Run run);
  void run_export(const std::shared_ptr<ExportJob>& job,
                  const std::shared_ptr<const engine::Table>& table,
                  const std::vector<engine::WindowChange>& changes);
  void run_import(const std::shared_ptr<ImportJob>& job);

  engine::Database& database_;
  const S3Directory s3_;
  Log log_;
  mutable std::mutex mutex_;
  std::vector<std::shared_ptr<ExportJob>> exports_;
  std::vector<std::shared_ptr<ImportJob>> imports_;
  engine::BackgroundWorker worker_;  // last: it stops before the jobs go
};

// "01700000000000-1a2b3c4d": epoch milliseconds in 14 digits and 8 random hex digits, as
// DynamoDB names exports and imports.
std::string transfer_id(int64_t now_ms);

}  // namespace ddb::protocol
