#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "protocol/admin/hot_keys.h"
#include "protocol/admin/sort_key_hygiene.h"
#include "protocol/context.h"
#include "protocol/json/json_fields.h"

namespace ddb::engine {
class Database;
}

namespace ddb::protocol {

// How the code under test uses its tables, from every successful DynamoDB request's
// RequestUsage (GET /ddblocal/report, --report PATH; docs/ADMIN.md "Report"): per table and
// index, requests by operation, read and write units, Scans, filter efficiency by statement, hot
// partition keys, GSI write amplification, the largest items and sort-key hygiene, and the
// findings they lead to. Memory is bounded per table: HotKeys and SortKeyHygiene keep a bounded
// number of entries, kMaxStatements statements, kLargestItems items. Thread-safe: one lock, held
// for a few hash lookups per request.
class AccessReport {
 public:
  static constexpr std::size_t kMaxStatements = 32;  // per table or index; the rest are merged
  static constexpr std::size_t kLargestItems = 5;
  static constexpr std::size_t kHotKeysShown = 10;
  static constexpr std::size_t kWorstStatementsShown = 5;
  // DynamoDB's largest item is 400 KB; the seeds advise keeping items well under 100 KB.
  static constexpr std::size_t kLargeItemBytes = 100 * 1024;
  // A key is hot when it consumed more than this share of its table's units ...
  static constexpr double kHotKeyShare = 0.5;
  // ... over at least this many keyed requests: one item read twice is not a hot partition.
  static constexpr uint64_t kHotKeyMinRequests = 10;
  // A statement filters wastefully when it returns less than this share of what it read ...
  static constexpr double kWastefulFilterRatio = 0.5;
  // ... over at least this many items read.
  static constexpr int64_t kWastefulFilterMinScanned = 10;

  // Counts one request of `operation` ("GetItem") in namespace `space` (namespace_of). Requests
  // refused with an error are not counted.
  void record(std::string_view space, std::string_view operation, const RequestUsage& usage);
  // Forgets every figure; `now_ms` becomes the report's start.
  void clear(int64_t now_ms);
  // The report (its JSON shape is docs/ADMIN.md's) of namespace `space`, or of all of them when
  // nullopt. `database` gives the indexes' projection types; `now_ms` is the server's clock.
  Json to_json(const engine::Database& database, std::optional<std::string_view> space,
               int64_t now_ms) const;

  explicit AccessReport(int64_t started_ms = 0) : started_ms_(started_ms) {}

  // The figures of one statement shape (statement_shape) of a Query or Scan.
  struct Statement {
    uint64_t requests = 0;
    int64_t count = 0;
    int64_t scanned_count = 0;
    double units = 0;
    bool scan = false;
  };

  // The figures of a table or of one of its indexes.
  struct Target {
    std::vector<std::pair<std::string, uint64_t>> requests;  // by operation
    double read_units = 0;
    double write_units = 0;
    uint64_t scans = 0;
    int64_t items_scanned = 0;
    double scan_units = 0;
    std::map<std::string, Statement, std::less<>> statements;
    HotKeys hot_keys;
    uint64_t index_writes = 0;  // an index: the base-table writes that wrote to it
  };

  struct LargeItem {
    std::string partition_key;
    std::string sort_key;
    std::size_t bytes = 0;
    std::string operation;
  };

  struct Table {
    std::string space;
    std::string name;
    Target figures;
    std::map<std::string, Target, std::less<>> indexes;
    // The single-item writes that noted their index writes, and their table units.
    uint64_t base_writes = 0;
    double base_write_units = 0;
    std::vector<LargeItem> largest;  // most bytes first, at most kLargestItems
    uint64_t large_items = 0;        // writes that left an item over kLargeItemBytes
    SortKeyHygiene sort_keys;
  };

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view key) const {
      return std::hash<std::string_view>{}(key);
    }
  };

  Table& table(std::string_view space, std::string_view name);

  mutable std::mutex mutex_;
  int64_t started_ms_;
  // By namespace and table name, joined by kSeparator.
  std::unordered_map<std::string, Table, Hash, std::equal_to<>> tables_;
};

// Whether `operation` reads (its units are read units): GetItem, Query, Scan, BatchGetItem,
// TransactGetItems, and an ExecuteStatement that was a SELECT (it noted a Count).
bool is_read(std::string_view operation, const RequestUsage& usage);

}  // namespace ddb::protocol
