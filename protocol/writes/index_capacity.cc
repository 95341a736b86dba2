#include "protocol/writes/index_capacity.h"

namespace ddb::protocol {

namespace {

double entry_units(const engine::Index& index, const engine::Item& item) {
  return write_units(index.entry_size(item) - engine::kIndexEntryOverhead);
}

}  // namespace

std::vector<IndexUnits> index_write_units(const engine::Table& table, const engine::Item* before,
                                          const engine::Item* after) {
  std::vector<IndexUnits> result;
  for (const auto& index : table.indexes()) {
    auto old_position = before ? index->position_of(*before) : std::nullopt;
    auto new_position = after ? index->position_of(*after) : std::nullopt;
    double units = 0;
    if (old_position && new_position && *old_position == *new_position) {
      if (index->project(*before) != index->project(*after)) units = entry_units(*index, *after);
    } else {
      if (old_position) units += entry_units(*index, *before);
      if (new_position) units += entry_units(*index, *after);
    }
    result.push_back({index->name(), index->kind(), units});
  }
  return result;
}

double add_consumed_capacity(Json& response, CapacityDetail detail, std::string_view table,
                             double table_units, const std::vector<IndexUnits>& indexes) {
  double total = table_units;
  for (const IndexUnits& index : indexes) total += index.units;
  if (detail == CapacityDetail::None) return total;
  Json capacity = {{"TableName", table}, {"CapacityUnits", total}};
  if (detail == CapacityDetail::Indexes) {
    capacity["Table"] = {{"CapacityUnits", table_units}};
    for (const IndexUnits& index : indexes) {
      const char* member = index.kind == engine::IndexKind::Global ? "GlobalSecondaryIndexes"
                                                                   : "LocalSecondaryIndexes";
      capacity[member][index.name] = {{"CapacityUnits", index.units}};
    }
  }
  response["ConsumedCapacity"] = std::move(capacity);
  return total;
}

}  // namespace ddb::protocol
