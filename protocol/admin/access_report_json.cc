// AccessReport::to_json: the report's figures as docs/ADMIN.md "Report" shows them, and the
// findings they lead to, each with its numbers and the request shape behind it.

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "engine/database.h"
#include "protocol/admin/access_report.h"

namespace ddb::protocol {

namespace {

// A number for a message: "2", "0.5", "12.3".
std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  std::string result(text);
  if (result.ends_with(".0")) result.resize(result.size() - 2);
  return result;
}

std::string percent(double share) { return number(share * 100) + "%"; }

double ratio(double part, double whole) { return whole > 0 ? part / whole : 0; }

// The indexes' projection types, by name, of the table as it is now (none once deleted).
std::map<std::string, std::string, std::less<>> projections(const engine::Database& database,
                                                            const AccessReport::Table& table) {
  std::map<std::string, std::string, std::less<>> result;
  auto found = database.find_table(table.space, table.name);
  if (!found) return result;
  for (const auto& index : found->indexes()) {
    switch (index->projection().type) {
      case engine::ProjectionType::All:
        result[index->name()] = "ALL";
        break;
      case engine::ProjectionType::KeysOnly:
        result[index->name()] = "KEYS_ONLY";
        break;
      case engine::ProjectionType::Include:
        result[index->name()] = "INCLUDE";
        break;
    }
  }
  return result;
}

// "GetItem x20, UpdateItem x5": the operations a hot key's requests made.
std::string operations_text(const HotKeys::Key& key) {
  std::string text;
  for (std::size_t i = 0; i < kKeyedOperations; ++i) {
    if (key.operations[i] == 0) continue;
    if (!text.empty()) text += ", ";
    text.append(keyed_operation_name(static_cast<KeyedOperation>(i)))
        .append(" x")
        .append(std::to_string(key.operations[i]));
  }
  return text;
}

// The statements that returned the smallest share of what they read, worst first.
std::vector<std::pair<std::string, AccessReport::Statement>> worst_statements(
    const AccessReport::Target& target) {
  std::vector<std::pair<std::string, AccessReport::Statement>> result;
  for (const auto& [shape, statement] : target.statements) {
    if (statement.scanned_count > 0) result.emplace_back(shape, statement);
  }
  std::sort(result.begin(), result.end(), [](const auto& a, const auto& b) {
    const double ra = ratio(a.second.count, a.second.scanned_count);
    const double rb = ratio(b.second.count, b.second.scanned_count);
    if (ra != rb) return ra < rb;
    if (a.second.scanned_count != b.second.scanned_count) {
      return a.second.scanned_count > b.second.scanned_count;
    }
    return a.first < b.first;
  });
  return result;
}

// Builds one table's JSON and appends its findings.
class TableReport {
 public:
  TableReport(const engine::Database& database, const AccessReport::Table& table, Json& findings)
      : table_(table), projections_(projections(database, table)), findings_(findings) {}

  Json json() {
    Json json = {{"namespace", table_.space}, {"table", table_.name}};
    add_target(json, table_.figures, nullptr);
    json["baseTableWrites"] = table_.base_writes;
    Json indexes = Json::array();
    double index_units = 0;
    for (const auto& [name, target] : table_.indexes) {
      Json index = {{"index", name}};
      auto projection = projections_.find(name);
      index["projection"] = projection == projections_.end() ? Json() : Json(projection->second);
      add_target(index, target, &name);
      index["writes"] = target.index_writes;
      index["writesPerBaseWrite"] = ratio(target.index_writes, table_.base_writes);
      index["writeUnitsPerBaseWriteUnit"] = ratio(target.write_units, table_.base_write_units);
      index_units += target.write_units;
      indexes.push_back(std::move(index));
    }
    json["indexes"] = std::move(indexes);
    add_amplification(index_units);
    add_item_sizes(json);
    add_sort_keys(json);
    return json;
  }

 private:
  void finding(std::string_view kind, const std::string* index, std::string message,
               std::string request) {
    findings_.push_back({{"kind", kind},
                         {"namespace", table_.space},
                         {"table", table_.name},
                         {"index", index ? Json(*index) : Json()},
                         {"message", std::move(message)},
                         {"request", std::move(request)}});
  }

  // What a table and an index both have: requests, units, Scans, filter efficiency, hot keys.
  void add_target(Json& json, const AccessReport::Target& target, const std::string* index) {
    Json requests = Json::object();
    for (const auto& [operation, count] : target.requests) requests[operation] = count;
    json["requests"] = std::move(requests);
    json["readUnits"] = target.read_units;
    json["writeUnits"] = target.write_units;
    add_scans(json, target, index);
    add_filter_efficiency(json, target, index);
    add_hot_keys(json, target, index);
  }

  void add_scans(Json& json, const AccessReport::Target& target, const std::string* index) {
    const double share = ratio(target.scan_units, target.read_units);
    json["scans"] = {{"count", target.scans},
                     {"itemsScanned", target.items_scanned},
                     {"readUnits", target.scan_units},
                     {"shareOfReadUnits", share}};
    if (target.scans == 0) return;
    // The Scan statement that ran most often names the request.
    const std::pair<const std::string, AccessReport::Statement>* most = nullptr;
    for (const auto& entry : target.statements) {
      if (entry.second.scan && (!most || entry.second.requests > most->second.requests)) {
        most = &entry;
      }
    }
    finding("scan", index,
            std::to_string(target.scans) + (target.scans == 1 ? " Scan" : " Scans") + " read " +
                std::to_string(target.items_scanned) + " items for " + number(target.scan_units) +
                " read units, " + percent(share) + " of the " + (index ? "index's" : "table's") +
                " read units; a Query reads one partition",
            most ? most->first : std::string("Scan"));
  }

  void add_filter_efficiency(Json& json, const AccessReport::Target& target,
                             const std::string* index) {
    int64_t count = 0, scanned = 0;
    for (const auto& [shape, statement] : target.statements) {
      count += statement.count;
      scanned += statement.scanned_count;
    }
    Json worst = Json::array();
    for (const auto& [shape, statement] : worst_statements(target)) {
      const double returned = ratio(statement.count, statement.scanned_count);
      if (worst.size() < AccessReport::kWorstStatementsShown) {
        worst.push_back({{"statement", shape},
                         {"requests", statement.requests},
                         {"count", statement.count},
                         {"scannedCount", statement.scanned_count},
                         {"ratio", returned},
                         {"readUnits", statement.units}});
      }
      if (returned < AccessReport::kWastefulFilterRatio &&
          statement.scanned_count >= AccessReport::kWastefulFilterMinScanned) {
        finding("filterEfficiency", index,
                "returned " + std::to_string(statement.count) + " of the " +
                    std::to_string(statement.scanned_count) + " items it read (" +
                    percent(returned) + ") in " + std::to_string(statement.requests) +
                    (statement.requests == 1 ? " request" : " requests") +
                    ": the filter discards items after their read units are spent",
                shape);
      }
    }
    json["filterEfficiency"] = {{"count", count},
                                {"scannedCount", scanned},
                                {"ratio", scanned > 0 ? Json(ratio(count, scanned)) : Json()},
                                {"worstStatements", std::move(worst)}};
  }

  void add_hot_keys(Json& json, const AccessReport::Target& target, const std::string* index) {
    const HotKeys& hot_keys = target.hot_keys;
    // The share is of all the units the table (index) consumed, Scans included.
    const double total = target.read_units + target.write_units;
    Json keys = Json::array();
    for (const HotKeys::Key& key : hot_keys.top(AccessReport::kHotKeysShown)) {
      const double share = ratio(key.units, total);
      const bool hot = share > AccessReport::kHotKeyShare &&
                       hot_keys.total_requests() >= AccessReport::kHotKeyMinRequests;
      Json operations = Json::object();
      for (std::size_t i = 0; i < kKeyedOperations; ++i) {
        if (key.operations[i] > 0) {
          operations[std::string(keyed_operation_name(static_cast<KeyedOperation>(i)))] =
              key.operations[i];
        }
      }
      keys.push_back({{"key", key.key},
                      {"units", key.units},
                      {"share", share},
                      {"requests", key.requests},
                      {"operations", std::move(operations)},
                      {"hot", hot}});
      if (hot) {
        finding("hotPartitionKey", index,
                "partition key \"" + key.key + "\" consumed " + number(key.units) + " of the " +
                    number(total) + " units (" + percent(share) + ") in " +
                    std::to_string(key.requests) + " of " +
                    std::to_string(hot_keys.total_requests()) +
                    " keyed requests: one partition serves at most 3,000 read and 1,000 write "
                    "units a second",
                operations_text(key) + " on partition key \"" + key.key + "\"");
      }
    }
    json["hotPartitionKeys"] = std::move(keys);
  }

  // Index write units beyond the table's own: the indexes cost more than the table they serve.
  void add_amplification(double index_units) {
    if (table_.base_writes == 0 || index_units <= table_.base_write_units) return;
    std::string parts;
    for (const auto& [name, target] : table_.indexes) {
      if (!parts.empty()) parts += ", ";
      auto projection = projections_.find(name);
      parts += name + " " + number(target.write_units) +
               (projection == projections_.end() ? "" : " (" + projection->second + ")");
    }
    std::string writes;
    for (const auto& [operation, count] : table_.figures.requests) {
      if (operation == "PutItem" || operation == "UpdateItem" || operation == "DeleteItem") {
        if (!writes.empty()) writes += ", ";
        writes += operation + " x" + std::to_string(count);
      }
    }
    finding("gsiWriteAmplification", nullptr,
            std::to_string(table_.base_writes) + " writes consumed " +
                number(table_.base_write_units) + " write units on the table and " +
                number(index_units) + " on its indexes (" + parts +
                "): " + number(ratio(index_units, table_.base_write_units)) +
                " index units per table unit; a narrower projection or fewer indexes cost less",
            writes);
  }

  void add_item_sizes(Json& json) {
    Json largest = Json::array();
    for (const AccessReport::LargeItem& item : table_.largest) {
      largest.push_back({{"partitionKey", item.partition_key},
                         {"sortKey", item.sort_key.empty() ? Json() : Json(item.sort_key)},
                         {"bytes", item.bytes},
                         {"operation", item.operation}});
    }
    json["itemSizes"] = {{"largest", std::move(largest)}, {"over100KB", table_.large_items}};
    if (table_.large_items == 0 || table_.largest.empty()) return;
    const AccessReport::LargeItem& top = table_.largest.front();
    const std::string key =
        "\"" + top.partition_key + (top.sort_key.empty() ? "" : "\" / \"" + top.sort_key) + "\"";
    finding("largeItem", nullptr,
            std::to_string(table_.large_items) + (table_.large_items == 1 ? " write" : " writes") +
                " left an item over 100 KB; the largest, " + key + ", is " +
                number(static_cast<double>(top.bytes) / 1024) +
                " KB: every read of it costs its size in read units",
            top.operation + " of item " + key);
  }

  void add_sort_keys(Json& json) {
    Json list = Json::array();
    for (const SortKeyHygiene::Finding& found : table_.sort_keys.findings()) {
      list.push_back({{"pattern", found.pattern},
                      {"number", found.number},
                      {"digits", {found.shortest, found.longest}},
                      {"examples", {found.shortest_example, found.longest_example}},
                      {"values", found.values}});
      finding("sortKeyHygiene", nullptr,
              "string sort keys of the pattern \"" + found.pattern + "\" hold numbers of " +
                  std::to_string(found.shortest) + " to " + std::to_string(found.longest) +
                  " digits, so they sort as text, not by value (\"" + found.longest_example +
                  "\" and \"" + found.shortest_example +
                  "\"); pad the numbers with zeros to one width",
              "writes of sort key values \"" + found.shortest_example + "\", \"" +
                  found.longest_example + "\"");
    }
    json["sortKeyHygiene"] = std::move(list);
  }

  const AccessReport::Table& table_;
  std::map<std::string, std::string, std::less<>> projections_;
  Json& findings_;
};

}  // namespace

Json AccessReport::to_json(const engine::Database& database, std::optional<std::string_view> space,
                           int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  std::vector<const Table*> tables;
  for (const auto& [key, table] : tables_) {
    if (!space || table.space == *space) tables.push_back(&table);
  }
  std::sort(tables.begin(), tables.end(), [](const Table* a, const Table* b) {
    return std::tie(a->space, a->name) < std::tie(b->space, b->name);
  });
  Json list = Json::array();
  Json findings = Json::array();
  for (const Table* table : tables) list.push_back(TableReport(database, *table, findings).json());
  return {{"since", static_cast<double>(started_ms_) / 1000.0},
          {"generatedAt", static_cast<double>(now_ms) / 1000.0},
          {"tables", std::move(list)},
          {"findings", std::move(findings)}};
}

}  // namespace ddb::protocol
