#include <algorithm>
#include <string>

#include "engine/error.h"
#include "engine/expression.h"
#include "protocol/capacity/throughput.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/operations.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/key_paths.h"
#include "protocol/requests/key_validation.h"
#include "protocol/writes/index_capacity.h"
#include "protocol/writes/returned_attributes.h"
#include "protocol/writes/single_item_write.h"
#include "protocol/writes/write_plan.h"

namespace ddb::protocol {

ResponseBody update_item(RequestContext& ctx, const Json& request) {
  SingleItemWrite write = read_single_item_write(request, kUpdateItemMembers);
  WritePlan& plan = write.plan;

  auto table = require_table(ctx, write.table_name);
  const engine::KeySchema& schema = table->key_schema();
  engine::Key key = key_from_request(plan.item, schema);
  check_key_untouched(plan.actions, *table);
  check_key_paths(plan.condition.condition, *table);
  check_index_key_types(plan.actions, *table);
  admit_write(ctx, *table, key);
  WriteOutcome outcome;
  std::optional<engine::Item> old;
  try {
    old = write_with_condition(ctx, *table, key, plan.decision(key, schema, outcome), outcome);
  } catch (const engine::Error& error) {
    // The expression's types passed above, so this mismatch comes from the item's own values.
    if (is_index_key_type_mismatch(error)) {
      throw engine::Error::validation(std::string(kIndexKeyUpdatedToUnsupportedType));
    }
    throw;
  }
  const std::optional<engine::Item>& updated = outcome.updated;

  ResponseBody body;
  Json& response = body.members();
  if (auto returned = returned_attributes(write.return_values, plan.actions, old, updated)) {
    body.set_written("Attributes", item_text(*returned));
  }
  add_item_collection_metrics(response, write.item_collection_metrics, *table, key.partition);
  const std::size_t updated_size = updated ? engine::item_size(*updated) : 0;
  std::vector<IndexUnits> indexes =
      index_write_units(*table, old ? &*old : nullptr, updated ? &*updated : nullptr);
  const double table_units = write_units(std::max(updated_size, old ? engine::item_size(*old) : 0));
  ctx.usage.capacity_units +=
      add_consumed_capacity(response, write.capacity, write.table_name, table_units, indexes);
  charge_write(ctx, *table, key, table_units, indexes);
  if (ctx.usage.wanted) {
    ctx.usage.note_key(key, true);
    ctx.usage.item_bytes = updated_size;
    ctx.usage.index_writes = std::move(indexes);
  }
  return body;
}

}  // namespace ddb::protocol
