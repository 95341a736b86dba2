#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "engine/item.h"
#include "engine/table.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// Decodes an attribute map member (Item, Key, ExclusiveStartKey) of a request. PutItem, UpdateItem
// and DeleteItem report a bad value inside the "1 validation error detected: " envelope, other
// operations bare; `enveloped` selects which.
engine::Item decode_attribute_map(const Json& json, bool enveloped);

// ReturnValues for PutItem and DeleteItem: NONE or ALL_OLD ("ReturnValues can only be ALL_OLD or
// NONE"; DeleteItem puts it in the "1 validation error detected: " envelope, `enveloped`).
bool wants_all_old(const std::optional<std::string>& return_values, Constraints& constraints,
                   bool enveloped);

// ReturnConsumedCapacity: the model's enum, and whether a ConsumedCapacity is wanted.
enum class CapacityDetail { None, Total, Indexes };
CapacityDetail parse_return_consumed_capacity(const Json& request, Constraints& constraints);

// ReturnItemCollectionMetrics: the model's enum; whether SIZE was asked for.
bool parse_return_item_collection_metrics(const Json& request, Constraints& constraints);

// The ItemCollectionMetrics member after a write to the collection of `partition`, when asked for.
// DynamoDB reports it only for tables with local secondary indexes.
void add_item_collection_metrics(Json& response, bool wanted, const engine::Table& table,
                                 const engine::AttributeValue& partition);

// DynamoDB's capacity arithmetic: reads in 4 KB units (half when eventually consistent), writes in
// 1 KB units, each rounded up.
double read_units(std::size_t bytes, bool consistent);
double write_units(std::size_t bytes);

// The ConsumedCapacity member for one table, or nothing when not asked for.
void add_consumed_capacity(Json& response, CapacityDetail detail, std::string_view table,
                           double units);

}  // namespace ddb::protocol
