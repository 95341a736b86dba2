#include "engine/error.h"
#include "protocol/capacity/throughput.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/operations.h"
#include "protocol/reads/projection.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/key_paths.h"
#include "protocol/requests/key_validation.h"
#include "protocol/requests/request_expressions.h"

namespace ddb::protocol {

ResponseBody get_item(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  ItemRequestHead head = read_item_request_head(request, kKeyMember, constraints);
  bool consistent = get_bool(request, "ConsistentRead").value_or(false);
  add_attributes_to_get_constraints(request, constraints);
  constraints.check();
  check_expression_members(request, {{"ProjectionExpression"}, {"AttributesToGet"}}, false);
  Projection projection = attributes_to_get(request);
  engine::Item key_attributes = decode_attribute_map(*head.map, false);
  ExpressionAttributes attributes = ExpressionAttributes::from_request(request, false);
  if (auto paths = projection_member(request, attributes))
    projection = Projection(std::move(*paths));
  attributes.check_all_used();

  auto table = require_table(ctx, head.table_name);
  check_key_paths(projection.paths(), *table);
  engine::Key key = key_from_request(key_attributes, table->key_schema());
  admit_read(ctx, *table, {}, key);
  std::optional<engine::Item> item = table->get(key);
  if (ctx.usage.wanted) ctx.usage.note_key(key, false);

  ResponseBody body;
  std::size_t size = item ? engine::item_size(*item) : 0;
  if (item) {
    body.set_written("Item",
                     projection.all() ? item_text(*item) : item_text(projection.apply(*item)));
  }
  const double units = read_units(size, consistent);
  ctx.usage.capacity_units += units;
  charge_read(ctx, *table, {}, key, units);
  add_consumed_capacity(body.members(), head.capacity, head.table_name, units);
  return body;
}

}  // namespace ddb::protocol
