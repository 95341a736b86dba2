#include "engine/error.h"
#include "protocol/item_request.h"
#include "protocol/key_validation.h"
#include "protocol/operations.h"
#include "protocol/value_json.h"

namespace ddb::protocol {

Json delete_item(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_name = get_string(request, "TableName");
  constraints.name(table_name, "tableName");
  const Json* key_json = get_map(request, "Key", kAttributeValueType);
  constraints.not_null(key_json != nullptr, "key");
  CapacityDetail capacity = parse_return_consumed_capacity(request, constraints);
  bool all_old = wants_all_old(get_string(request, "ReturnValues"), constraints, true);
  reject_unsupported(request, {"ConditionExpression", "Expected", "ConditionalOperator",
                               "ReturnValuesOnConditionCheckFailure"});
  engine::Item key_attributes = decode_attribute_map(*key_json, true);

  auto table = require_table(ctx, *table_name);
  engine::Key key = key_from_request(key_attributes, table->key_schema());
  std::optional<engine::Item> old = table->remove(key);

  Json response = Json::object();
  if (all_old && old) response["Attributes"] = item_to_json(*old);
  add_consumed_capacity(response, capacity, *table_name,
                        write_units(old ? engine::item_size(*old) : 0));
  return response;
}

}  // namespace ddb::protocol
