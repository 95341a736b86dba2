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

ResponseBody put_item(RequestContext& ctx, const Json& request) {
  SingleItemWrite write = read_single_item_write(request, kPutItemMembers);
  WritePlan& plan = write.plan;

  // The size was checked with the request: before the table's existence and the item's key.
  const std::size_t new_size = write.item_size;
  auto table = require_table(ctx, write.table_name);
  check_key_paths(plan.condition.condition, *table);
  const engine::KeySchema& schema = table->key_schema();
  validate_item_key(plan.item, schema);
  // The item's index keys are validated with the rest of the request, before the condition is
  // evaluated: a wrong-typed index key is a ValidationException even where the condition fails.
  table->check_index_keys(plan.item);
  engine::Key key = engine::key_of(plan.item, schema);
  // Kept only to count the index writes a capacity report, the request log or the capacity
  // buckets take.
  std::optional<engine::Item> written;
  if (write.capacity != CapacityDetail::None ||
      ((ctx.usage.wanted || charges_index_writes(ctx)) && !table->indexes().empty())) {
    written = plan.item;
  }
  admit_write(ctx, *table, key);
  std::optional<engine::Item> old;
  if (plan.condition.condition) {
    WriteOutcome outcome;
    old = write_with_condition(ctx, *table, key, plan.decision(key, schema, outcome), outcome);
  } else {
    old = table->put(std::move(plan.item));
  }

  ResponseBody body;
  Json& response = body.members();
  if (write.return_values == "ALL_OLD" && old) body.set_written("Attributes", item_text(*old));
  add_item_collection_metrics(response, write.item_collection_metrics, *table, key.partition);
  const double table_units = write_units(std::max(new_size, old ? engine::item_size(*old) : 0));
  std::vector<IndexUnits> indexes;
  if (!written) {
    ctx.usage.capacity_units += table_units;
  } else {
    indexes = index_write_units(*table, old ? &*old : nullptr, &*written);
    ctx.usage.capacity_units +=
        add_consumed_capacity(response, write.capacity, write.table_name, table_units, indexes);
  }
  charge_write(ctx, *table, key, table_units, indexes);
  if (ctx.usage.wanted) {
    ctx.usage.index_writes = std::move(indexes);
    ctx.usage.note_key(key, true);
    ctx.usage.item_bytes = new_size;
  }
  return body;
}

}  // namespace ddb::protocol
