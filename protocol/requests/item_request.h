#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/item.h"
#include "engine/table.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// The attribute map a single-item request carries: its member and its path in the model's
// messages ("Value null at 'key' failed to satisfy constraint: Member must not be null").
struct ItemMapMember {
  std::string_view name;
  std::string_view path;
};
inline constexpr ItemMapMember kItemMember{"Item", "item"};  // PutItem
inline constexpr ItemMapMember kKeyMember{"Key", "key"};     // GetItem, UpdateItem, DeleteItem

enum class CapacityDetail { None, Total, Indexes };

// The members GetItem, PutItem, UpdateItem and DeleteItem all open with, read in DynamoDB's order:
// TableName, the attribute map `map`, ReturnConsumedCapacity. Their model violations go into
// `constraints`, after any already there; a member of the wrong JSON type throws
// SerializationException at once. Only once `constraints.check()` has passed is `table_name` a
// valid table name and `map` non-null.
struct ItemRequestHead {
  std::string table_name;
  const Json* map = nullptr;  // points into the request
  CapacityDetail capacity = CapacityDetail::None;
};
ItemRequestHead read_item_request_head(const Json& request, ItemMapMember map,
                                       Constraints& constraints);

// Decodes an attribute map member (Item, Key, ExclusiveStartKey) of a request. PutItem, UpdateItem
// and DeleteItem report a bad value inside the "1 validation error detected: " envelope, other
// operations bare; `enveloped` selects which.
engine::Item decode_attribute_map(const Json& json, bool enveloped);

// ReturnConsumedCapacity: the model's enum, and whether a ConsumedCapacity is wanted.
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
