#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// One DynamoDB request as the request log keeps it (GET /ddblocal/requests, docs/ADMIN.md).
struct RequestLogEntry {
  uint64_t sequence = 0;  // 1 for the first request logged, then 2, ...
  int64_t time_ms = 0;    // when it was answered, by the server's clock
  std::string region;
  std::string access_key;
  std::string operation;  // "GetItem"; the X-Amz-Target's operation part
  std::string table;      // the first table it named; empty when none
  std::string index;      // a Query's or Scan's IndexName
  int status = 200;
  std::string error_type;  // "ConditionalCheckFailedException"; empty on success
  int64_t latency_us = 0;
  double capacity_units = 0;  // read and write units consumed, table and indexes
  int64_t count = -1;         // a Query's or Scan's Count, -1 for other operations
  int64_t scanned_count = -1;
  bool scan = false;  // the read was a Scan (or a PartiQL SELECT without a key condition)
};

// What the dispatcher hands the log: an entry's fields as views, copied into the ring's slot.
struct RequestLogRecord {
  int64_t time_ms = 0;
  std::string_view region;
  std::string_view access_key;
  std::string_view operation;
  std::string_view table;
  std::string_view index;
  int status = 200;
  std::string_view error_type;
  int64_t latency_us = 0;
  double capacity_units = 0;
  int64_t count = -1;
  int64_t scanned_count = -1;
  bool scan = false;
};

// The entry's public JSON shape: time, region, accessKey, operation, table, index, status,
// errorType, latencyMicros, consumedCapacity, count, scannedCount, scan (a public contract).
Json request_log_entry_json(const RequestLogEntry& entry);

// The latest requests, in a ring of fixed size: recording copies into a slot that an older entry
// held, reusing its strings' memory, so that a full log allocates nothing per request.
// Thread-safe.
class RequestLog {
 public:
  // Keeps the latest `capacity` entries (0: none). `echo`, when set, is called with each entry
  // as it is recorded (--log-requests writes it to stdout), outside the log's lock.
  explicit RequestLog(std::size_t capacity, std::function<void(const RequestLogEntry&)> echo = {});

  // Numbers `record` and keeps it, over the oldest entry when the ring is full.
  void record(const RequestLogRecord& record);
  // The latest `limit` entries, oldest first.
  std::vector<RequestLogEntry> latest(std::size_t limit) const;
  void clear();

 private:
  std::size_t capacity_;
  std::function<void(const RequestLogEntry&)> echo_;
  mutable std::mutex mutex_;
  std::vector<RequestLogEntry> ring_;  // grows to capacity_, then wraps
  std::size_t next_ = 0;               // the slot the next entry goes to, once full
  uint64_t sequence_ = 0;
};

}  // namespace ddb::protocol
