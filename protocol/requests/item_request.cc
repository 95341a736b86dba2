#include "protocol/requests/item_request.h"

#include <cmath>

#include "engine/error.h"
#include "protocol/json/value_json.h"
#include "protocol/messages.h"

namespace ddb::protocol {

ItemRequestHead read_item_request_head(const Json& request, ItemMapMember map,
                                       Constraints& constraints) {
  ItemRequestHead head;
  auto table_name = get_string(request, "TableName");
  constraints.table_name(table_name, "tableName");
  head.table_name = table_name.value_or("");
  head.map = get_map(request, map.name, kAttributeValueType);
  constraints.not_null(head.map != nullptr, map.path);
  head.capacity = parse_return_consumed_capacity(request, constraints);
  return head;
}

engine::Item decode_attribute_map(const Json& json, bool enveloped) {
  expect_map(json, kAttributeValueType);
  if (!enveloped) return item_from_json(json);
  try {
    return item_from_json(json);
  } catch (const engine::Error& error) {
    if (error.type() != engine::ErrorType::Validation) throw;
    throw engine::Error::validation(std::string(kOneValidationError) + error.message());
  }
}

CapacityDetail parse_return_consumed_capacity(const Json& request, Constraints& constraints) {
  auto value = get_string(request, "ReturnConsumedCapacity");
  constraints.one_of(value, {"INDEXES", "TOTAL", "NONE"}, "returnConsumedCapacity");
  if (value == "TOTAL") return CapacityDetail::Total;
  if (value == "INDEXES") return CapacityDetail::Indexes;
  return CapacityDetail::None;
}

bool parse_return_item_collection_metrics(const Json& request, Constraints& constraints) {
  auto value = get_string(request, "ReturnItemCollectionMetrics");
  constraints.one_of(value, {"SIZE", "NONE"}, "returnItemCollectionMetrics");
  return value == "SIZE";
}

void add_item_collection_metrics(Json& response, bool wanted, const engine::Table& table,
                                 const engine::AttributeValue& partition) {
  if (!wanted || !table.has_local_indexes()) return;
  // A range of whole gigabytes around the size: a small collection is [0.0, 1.0] (Developer
  // Guide, "Item collections in Local Secondary Indexes").
  constexpr double kGigabyte = 1024.0 * 1024.0 * 1024.0;
  double lower =
      std::floor(static_cast<double>(table.item_collection_bytes(partition)) / kGigabyte);
  response["ItemCollectionMetrics"] = {
      {"ItemCollectionKey", {{table.key_schema().partition.name, value_to_json(partition)}}},
      {"SizeEstimateRangeGB", {lower, lower + 1}}};
}

double read_units(std::size_t bytes, bool consistent) {
  double units = std::max(1.0, std::ceil(static_cast<double>(bytes) / 4096.0));
  return consistent ? units : units / 2;
}

double write_units(std::size_t bytes) {
  return std::max(1.0, std::ceil(static_cast<double>(bytes) / 1024.0));
}

void add_consumed_capacity(Json& response, CapacityDetail detail, std::string_view table,
                           double units) {
  if (detail == CapacityDetail::None) return;
  Json capacity = {{"TableName", table}, {"CapacityUnits", units}};
  if (detail == CapacityDetail::Indexes) capacity["Table"] = {{"CapacityUnits", units}};
  response["ConsumedCapacity"] = std::move(capacity);
}

}  // namespace ddb::protocol
