#include "protocol/batches/batch_request_items.h"

#include <algorithm>
#include <iterator>

namespace ddb::protocol {

namespace {

// Whether `name` is a valid table name: 3-255 characters of [a-zA-Z0-9_.-], or a table ARN of at
// most 1024 characters (the TableArn shape of the map's keys), checked as such when the table is
// looked up.
bool valid_table_name(std::string_view name) {
  if (name.starts_with("arn:")) return utf16_length(name) <= 1024;
  if (name.size() < 3 || name.size() > 255) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.';
  });
}

}  // namespace

void add_request_items_constraints(const Json* request_items,
                                   const std::function<std::string()>& echo,
                                   Constraints& constraints) {
  if (!request_items) {
    constraints.not_null(false, "requestItems");
    return;
  }
  if (request_items->empty()) {
    constraints.add(
        "Value at 'RequestItems' failed to satisfy constraint: Member must have length greater "
        "than or equal to 1");
    return;
  }
  for (const auto& [name, value] : request_items->items()) {
    if (valid_table_name(name)) continue;
    // The rules are listed in this order whichever of them the name breaks.
    constraints.add(constraint_violation(
        "'" + echo() + "'", "requestItems",
        "Map keys must satisfy constraint: [Member must have length less than or equal to 255, "
        "Member must have length greater than or equal to 3, Member must satisfy regular "
        "expression pattern: [a-zA-Z0-9_.-]+]"));
    return;
  }
}

void BatchCapacity::charge(std::string_view table, double units,
                           const std::vector<IndexUnits>& indexes) {
  auto it = std::find_if(tables_.begin(), tables_.end(),
                         [&](const TableUnits& entry) { return entry.table == table; });
  if (it == tables_.end()) {
    tables_.push_back({std::string(table), 0, {}});
    it = std::prev(tables_.end());
  }
  it->units += units;
  for (const IndexUnits& index : indexes) {
    auto same = std::find_if(it->indexes.begin(), it->indexes.end(),
                             [&](const IndexUnits& entry) { return entry.name == index.name; });
    if (same == it->indexes.end()) {
      it->indexes.push_back(index);
    } else {
      same->units += index.units;
    }
  }
}

double BatchCapacity::total() const {
  double units = 0;
  for (const TableUnits& table : tables_) {
    units += table.units;
    for (const IndexUnits& index : table.indexes) units += index.units;
  }
  return units;
}

void BatchCapacity::add_to(Json& response, CapacityDetail detail) const {
  if (detail == CapacityDetail::None) return;
  Json list = Json::array();
  for (const TableUnits& table : tables_) {
    Json entry;
    add_consumed_capacity(entry, detail, table.table, table.units, table.indexes);
    list.push_back(std::move(entry["ConsumedCapacity"]));
  }
  response["ConsumedCapacity"] = std::move(list);
}

}  // namespace ddb::protocol
