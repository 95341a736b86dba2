#include "protocol/admin/request_log.h"

#include <algorithm>
#include <utility>

namespace ddb::protocol {

Json request_log_entry_json(const RequestLogEntry& entry) {
  Json json = {{"sequence", entry.sequence},
               {"time", static_cast<double>(entry.time_ms) / 1000.0},
               {"region", entry.region},
               {"accessKey", entry.access_key},
               {"operation", entry.operation},
               {"table", entry.table.empty() ? Json() : Json(entry.table)},
               {"index", entry.index.empty() ? Json() : Json(entry.index)},
               {"status", entry.status},
               {"errorType", entry.error_type.empty() ? Json() : Json(entry.error_type)},
               {"latencyMicros", entry.latency_us},
               {"consumedCapacity", entry.capacity_units},
               {"count", entry.count < 0 ? Json() : Json(entry.count)},
               {"scannedCount", entry.scanned_count < 0 ? Json() : Json(entry.scanned_count)},
               {"scan", entry.scan}};
  return json;
}

RequestLog::RequestLog(std::size_t capacity, std::function<void(const RequestLogEntry&)> echo)
    : capacity_(capacity), echo_(std::move(echo)) {}

namespace {

void assign(RequestLogEntry& entry, const RequestLogRecord& record, uint64_t sequence) {
  entry.sequence = sequence;
  entry.time_ms = record.time_ms;
  entry.region.assign(record.region);
  entry.access_key.assign(record.access_key);
  entry.operation.assign(record.operation);
  entry.table.assign(record.table);
  entry.index.assign(record.index);
  entry.status = record.status;
  entry.error_type.assign(record.error_type);
  entry.latency_us = record.latency_us;
  entry.capacity_units = record.capacity_units;
  entry.count = record.count;
  entry.scanned_count = record.scanned_count;
  entry.scan = record.scan;
}

}  // namespace

void RequestLog::record(const RequestLogRecord& record) {
  uint64_t sequence = 0;
  {
    std::lock_guard lock(mutex_);
    sequence = ++sequence_;
    if (ring_.size() < capacity_) {
      assign(ring_.emplace_back(), record, sequence);
    } else if (capacity_ > 0) {
      assign(ring_[next_], record, sequence);
      next_ = (next_ + 1) % capacity_;
    }
  }
  if (echo_) {
    RequestLogEntry entry;
    assign(entry, record, sequence);
    echo_(entry);
  }
}

std::vector<RequestLogEntry> RequestLog::latest(std::size_t limit) const {
  std::lock_guard lock(mutex_);
  const std::size_t n = std::min(limit, ring_.size());
  std::vector<RequestLogEntry> entries;
  entries.reserve(n);
  // Once full, the oldest entry is at next_; before that, at 0 (next_ stays 0).
  for (std::size_t i = ring_.size() - n; i < ring_.size(); ++i) {
    entries.push_back(ring_[(next_ + i) % ring_.size()]);
  }
  return entries;
}

void RequestLog::clear() {
  std::lock_guard lock(mutex_);
  ring_.clear();
  next_ = 0;
}

}  // namespace ddb::protocol
