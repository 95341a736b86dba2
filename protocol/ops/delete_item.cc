#include "engine/error.h"
#include "protocol/capacity/throughput.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/operations.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/key_paths.h"
#include "protocol/requests/key_validation.h"
#include "protocol/writes/index_capacity.h"
#include "protocol/writes/single_item_write.h"
#include "protocol/writes/write_plan.h"

namespace ddb::protocol {

ResponseBody delete_item(RequestContext& ctx, const Json& request) {
  SingleItemWrite write = read_single_item_write(request, kDeleteItemMembers);
  WritePlan& plan = write.plan;

  auto table = require_table(ctx, write.table_name);
  check_key_paths(plan.condition.condition, *table);
  const engine::KeySchema& schema = table->key_schema();
  engine::Key key = key_from_request(plan.item, schema);
  admit_write(ctx, *table, key);
  std::optional<engine::Item> old;
  if (plan.condition.condition) {
    WriteOutcome outcome;
    old = write_with_condition(ctx, *table, key, plan.decision(key, schema, outcome), outcome);
  } else {
    old = table->remove(key);
  }

  ResponseBody body;
  Json& response = body.members();
  if (write.return_values == "ALL_OLD" && old) body.set_written("Attributes", item_text(*old));
  add_item_collection_metrics(response, write.item_collection_metrics, *table, key.partition);
  std::vector<IndexUnits> indexes = index_write_units(*table, old ? &*old : nullptr, nullptr);
  const double table_units = write_units(old ? engine::item_size(*old) : 0);
  ctx.usage.capacity_units +=
      add_consumed_capacity(response, write.capacity, write.table_name, table_units, indexes);
  charge_write(ctx, *table, key, table_units, indexes);
  if (ctx.usage.wanted) {
    ctx.usage.note_key(key, true);
    ctx.usage.index_writes = std::move(indexes);
  }
  return body;
}

}  // namespace ddb::protocol
