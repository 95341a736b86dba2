#pragma once

#include <spdlog/common.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ddb::server {

// The most serving threads --threads accepts, and a bound on the default.
inline constexpr unsigned kMaxThreads = 1024;

// Everything the command line can set. Defaults are the values used when a flag is absent.
struct Options {
  std::string host = "0.0.0.0";
  std::uint16_t port = 8000;  // 0 asks the OS for a free port (the listening line shows which)
  // Serving threads; empty: one per CPU this process may use (server/cpu_budget.h).
  std::optional<unsigned> threads;
  // Verify every request's SigV4 signature against the credentials below (server/credentials.h);
  // without it any well-formed credentials are accepted.
  bool require_auth = false;
  std::string access_key;
  std::string secret_key;
  std::string credentials_file;
  spdlog::level::level_enum log_level = spdlog::level::info;
  bool shared_db = false;  // every client in one namespace, whatever its access key and region
  // Asked for explicitly (DynamoDB Local's -inMemory); memory is the default.
  bool in_memory = false;
  std::string data_dir;  // where durable mode keeps tables; empty: in memory
  // Flags that were accepted but change nothing here (DynamoDB Local's -cors, say), with the
  // reason; main logs them once logging is set up.
  std::vector<std::string> notices;
  // Seconds between two passes of Time to Live's expirer; 0 never deletes expired items.
  unsigned ttl_interval_seconds = 5;
  // How long a DynamoDB Streams shard stays open before it rolls over to a child (DynamoDB: about
  // 4 hours).
  std::uint32_t stream_shard_seconds = 14400;
  bool sync_periodic = false;  // --sync periodic (default always)
  unsigned sync_interval_ms = 100;
  // Connections beyond it wait in the listen backlog; 0: from the open-file limit
  // (server/open_files).
  std::size_t max_connections = 0;
  unsigned idle_timeout_seconds = 60;  // a kept-alive connection with no request is closed after it
  unsigned read_timeout_seconds = 60;  // a request must arrive (and its response leave) within it
  bool admin_api = true;  // the admin API under /ddblocal/ (protocol/admin, docs/ADMIN.md)
  // How many of the latest requests the admin API's request log keeps; 0 keeps none.
  std::size_t request_log_size = 1000;
  bool log_requests = false;  // write every request's log entry to stdout as a JSON line
  // A JSON file of fault rules ({"rules": [...], "seed": N}) in force from the start; empty: none.
  std::string faults_file;
  // Seed documents, item files and directories of them, loaded before the first request
  // (server/seed_files.h), in the order given.
  std::vector<std::string> seed_paths;
  // The namespace of a seed that names none (protocol::SeedDefaults).
  std::string seed_access_key;
  std::string seed_region = "us-east-1";
  std::string report_path;  // where the access-pattern report is written at shutdown; empty: not
  // The directory standing in for Amazon S3: bucket B is DIR/B (ExportTableToPointInTime,
  // ImportTable). Empty: those operations are refused.
  std::string s3_dir;
  bool enforce_capacity = false;  // --capacity enforce: throttle as DynamoDB does (engine/capacity)
};

}  // namespace ddb::server
