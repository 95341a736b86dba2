#include "protocol/requests/item_request.h"

#include <cmath>

#include "engine/error.h"
#include "protocol/json/value_json.h"

namespace ddb::protocol {

engine::Item decode_attribute_map(const Json& json, bool enveloped) {
  expect_map(json, kAttributeValueType);
  if (!enveloped) return item_from_json(json);
  try {
    return item_from_json(json);
  } catch (const engine::Error& error) {
    if (error.type() != engine::ErrorType::Validation) throw;
    throw engine::Error::validation("1 validation error detected: " + error.message());
  }
}

bool wants_all_old(const std::optional<std::string>& return_values, Constraints& constraints,
                   bool enveloped) {
  constraints.one_of(return_values, {"ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"},
                     "returnValues");
  constraints.check();
  if (return_values && *return_values != "NONE" && *return_values != "ALL_OLD") {
    // DeleteItem puts it in the validation envelope (paritysuite deleteItem.test.ts, us-east-1
    // 2026); PutItem's text is bare (ExtendDB's us-east-1 capture).
    throw engine::Error::validation(std::string(enveloped ? "1 validation error detected: " : "") +
                                    "ReturnValues can only be ALL_OLD or NONE");
  }
  return return_values == "ALL_OLD";
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
