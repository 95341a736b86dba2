#include "protocol/admin/access_report.h"

#include <algorithm>

namespace ddb::protocol {

namespace {

// Joins a namespace and a table name into one key; neither holds this character (a table name is
// [a-zA-Z0-9_.-]+, a namespace an access key and a region).
constexpr char kSeparator = '\x1f';

// The name in a TableName given as an ARN (arn:aws:dynamodb:<region>:<account>:table/<name>),
// so that a table counts once whichever way its callers name it.
std::string_view plain_table_name(std::string_view name) {
  if (!name.starts_with("arn:")) return name;
  const std::size_t slash = name.rfind("table/");
  return slash == std::string_view::npos ? name : name.substr(slash + 6);
}

void count_request(AccessReport::Target& target, std::string_view operation) {
  for (auto& [name, count] : target.requests) {
    if (name == operation) {
      ++count;
      return;
    }
  }
  target.requests.emplace_back(std::string(operation), 1);
}

AccessReport::Target& index_target(AccessReport::Table& table, std::string_view index) {
  auto it = table.indexes.find(index);
  if (it == table.indexes.end()) it = table.indexes.try_emplace(std::string(index)).first;
  return it->second;
}

void note_statement(AccessReport::Target& target, std::string_view shape, const RequestUsage& usage,
                    double units) {
  auto it = target.statements.find(shape);
  if (it == target.statements.end()) {
    // Bounded: statements beyond the limit share one entry, still counted in the totals.
    const std::string_view key = target.statements.size() < AccessReport::kMaxStatements
                                     ? shape
                                     : std::string_view("(other statements)");
    it = target.statements.try_emplace(std::string(key)).first;
  }
  AccessReport::Statement& statement = it->second;
  ++statement.requests;
  statement.count += usage.count;
  statement.scanned_count += usage.scanned_count;
  statement.units += units;
  statement.scan = statement.scan || usage.scan;
}

void note_item(AccessReport::Table& table, const RequestUsage& usage, std::string_view operation) {
  if (usage.item_bytes > AccessReport::kLargeItemBytes) ++table.large_items;
  auto& largest = table.largest;
  if (largest.size() == AccessReport::kLargestItems && usage.item_bytes <= largest.back().bytes) {
    return;
  }
  // An item written again replaces its own entry.
  auto same = std::find_if(largest.begin(), largest.end(), [&](const AccessReport::LargeItem& i) {
    return i.partition_key == usage.partition_key && i.sort_key == usage.sort_key;
  });
  if (same != largest.end()) {
    largest.erase(same);
  } else if (largest.size() == AccessReport::kLargestItems) {
    largest.pop_back();
  }
  AccessReport::LargeItem item{usage.partition_key, usage.sort_key, usage.item_bytes,
                               std::string(operation)};
  auto at = std::find_if(largest.begin(), largest.end(),
                         [&](const AccessReport::LargeItem& i) { return i.bytes < item.bytes; });
  largest.insert(at, std::move(item));
}

}  // namespace

bool is_read(std::string_view operation, const RequestUsage& usage) {
  return operation == "GetItem" || operation == "Query" || operation == "Scan" ||
         operation == "BatchGetItem" || operation == "TransactGetItems" ||
         (operation == "ExecuteStatement" && usage.count >= 0);
}

AccessReport::Table& AccessReport::table(std::string_view space, std::string_view name) {
  // One buffer per thread: looking a table up allocates nothing once it is known.
  thread_local std::string key;
  key.assign(space).push_back(kSeparator);
  key.append(name);
  auto it = tables_.find(std::string_view(key));
  if (it == tables_.end()) {
    it = tables_.try_emplace(key).first;
    it->second.space = space;
    it->second.name = name;
  }
  return it->second;
}

void AccessReport::record(std::string_view space, std::string_view operation,
                          const RequestUsage& usage) {
  if (!usage.error_type.empty() || usage.table.empty()) return;
  const bool reads = is_read(operation, usage);
  std::lock_guard lock(mutex_);
  Table& table = this->table(space, plain_table_name(usage.table));
  Target& target = usage.index.empty() ? table.figures : index_target(table, usage.index);
  count_request(target, operation);

  // A write's units are the table's and each index's; the table's part is what is left.
  double units = usage.capacity_units;
  for (const IndexUnits& index : usage.index_writes) {
    Target& written = index_target(table, index.name);
    written.write_units += index.units;
    if (index.units > 0) ++written.index_writes;
    units -= index.units;
  }
  if (!usage.index_writes.empty()) {
    ++table.base_writes;
    table.base_write_units += units;
  }
  (reads ? target.read_units : target.write_units) += units;

  if (usage.scan) {
    ++target.scans;
    target.items_scanned += std::max<int64_t>(usage.scanned_count, 0);
    target.scan_units += units;
  }
  if (usage.count >= 0 && usage.scanned_count >= 0) {
    note_statement(target, usage.statement.empty() ? operation : usage.statement, usage, units);
  }
  if (!usage.partition_key.empty()) {
    target.hot_keys.add(usage.partition_key, units, keyed_operation(operation));
  }
  if (reads) return;
  if (usage.item_bytes > 0) note_item(table, usage, operation);
  if (usage.sort_key_is_string) table.sort_keys.observe(usage.sort_key);
}

void AccessReport::clear(int64_t now_ms) {
  std::lock_guard lock(mutex_);
  tables_.clear();
  started_ms_ = now_ms;
}

}  // namespace ddb::protocol
