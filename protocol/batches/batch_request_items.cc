#include "protocol/batches/batch_request_items.h"

#include <algorithm>

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

void BatchCapacity::charge(std::string_view table, double units) {
  auto it = std::find_if(tables_.begin(), tables_.end(),
                         [&](const auto& entry) { return entry.first == table; });
  if (it == tables_.end()) {
    tables_.emplace_back(std::string(table), units);
  } else {
    it->second += units;
  }
}

void BatchCapacity::add_to(Json& response, CapacityDetail detail) const {
  if (detail == CapacityDetail::None) return;
  Json list = Json::array();
  for (const auto& [table, units] : tables_) {
    Json entry = {{"TableName", table}, {"CapacityUnits", units}};
    if (detail == CapacityDetail::Indexes) entry["Table"] = {{"CapacityUnits", units}};
    list.push_back(std::move(entry));
  }
  response["ConsumedCapacity"] = std::move(list);
}

}  // namespace ddb::protocol
