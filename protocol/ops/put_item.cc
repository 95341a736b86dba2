#include "engine/error.h"
#include "protocol/item_request.h"
#include "protocol/key_validation.h"
#include "protocol/operations.h"
#include "protocol/value_json.h"

namespace ddb::protocol {

Json put_item(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_name = get_string(request, "TableName");
  constraints.name(table_name, "tableName");
  const Json* item_json = get_map(request, "Item", kAttributeValueType);
  constraints.not_null(item_json != nullptr, "item");
  CapacityDetail capacity = parse_return_consumed_capacity(request, constraints);
  bool all_old = wants_all_old(get_string(request, "ReturnValues"), constraints, false);
  reject_unsupported(request, {"ConditionExpression", "Expected", "ConditionalOperator",
                               "ReturnValuesOnConditionCheckFailure"});
  engine::Item item = decode_attribute_map(*item_json, true);

  auto table = require_table(ctx, *table_name);
  validate_item_key(item, table->key_schema());
  validate_item_size(item);
  std::size_t new_size = engine::item_size(item);
  std::optional<engine::Item> old = table->put(std::move(item));

  Json response = Json::object();
  if (all_old && old) response["Attributes"] = item_to_json(*old);
  add_consumed_capacity(response, capacity, *table_name,
                        write_units(std::max(new_size, old ? engine::item_size(*old) : 0)));
  return response;
}

}  // namespace ddb::protocol
