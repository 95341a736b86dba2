#include <algorithm>
#include <memory>
#include <vector>

#include "engine/error.h"
#include "protocol/batches/batch_request_items.h"
#include "protocol/batches/batch_write_request.h"
#include "protocol/capacity/throughput.h"
#include "protocol/faults/unprocessed_share.h"
#include "protocol/operations.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/key_validation.h"
#include "protocol/writes/index_capacity.h"

namespace ddb::protocol {

namespace {

// The key of a PutRequest's item. Unlike PutItem ("Missing the key pk in the item", "Type
// mismatch for key ..."), BatchWriteItem reports a missing, wrongly typed or non-scalar key
// attribute as "The provided key element does not match the schema" (paritysuite
// batchWriteItem.test.ts, four regions, 2026; dynalite test/batchWriteItem.js).
engine::Key put_key(const engine::Item& item, const engine::KeySchema& schema) {
  engine::Item key;
  for (const engine::KeyAttribute* attribute :
       {&schema.partition, schema.sort ? &*schema.sort : nullptr}) {
    if (!attribute) continue;
    if (auto it = item.find(attribute->name); it != item.end()) key.insert(*it);
  }
  return key_from_request(key, schema);
}

// One table's writes, resolved against the table: keys checked, duplicates rejected.
struct ResolvedWrites {
  TableWrites* writes;
  std::shared_ptr<engine::Table> table;
  std::vector<engine::Key> keys;
};

std::vector<ResolvedWrites> resolve(RequestContext& ctx, BatchWriteRequest& request) {
  // Every table is looked up before any item is checked against a schema: {PutRequest:{Item:{}}}
  // on a missing table is "Requested resource not found" (dynalite test/batchWriteItem.js).
  std::vector<ResolvedWrites> resolved;
  for (TableWrites& writes : request.tables) {
    resolved.push_back({&writes, require_table(ctx, writes.table), {}});
  }
  for (ResolvedWrites& entry : resolved) {
    const engine::KeySchema& schema = entry.table->key_schema();
    for (const WriteRequest& write : entry.writes->writes) {
      engine::Key key = write.put ? put_key(write.attributes, schema)
                                  : key_from_request(write.attributes, schema);
      // Two requests on one item, a put and a delete included; the same key in two tables is
      // fine (paritysuite batchWriteItem.test.ts, dynalite test/batchWriteItem.js).
      if (std::find(entry.keys.begin(), entry.keys.end(), key) != entry.keys.end()) {
        throw engine::Error::validation("Provided list of item keys contains duplicates");
      }
      // An item no index can hold: "One or more parameter values were invalid: Type mismatch
      // for Index Key c Expected: S Actual: N IndexName: index4" (dynalite, from AWS).
      if (write.put) entry.table->check_index_keys(write.attributes);
      entry.keys.push_back(std::move(key));
    }
  }
  return resolved;
}

// The requests a fault rule leaves unprocessed (protocol/faults), in batch order; empty for none.
std::vector<bool> left_unprocessed(const RequestContext& ctx,
                                   const std::vector<ResolvedWrites>& resolved) {
  if (ctx.unprocessed == nullptr) return {};
  std::vector<std::string_view> tables;
  for (const ResolvedWrites& entry : resolved)
    tables.insert(tables.end(), entry.keys.size(), entry.writes->table);
  return ctx.unprocessed->choose(tables);
}

}  // namespace

Json batch_write_item(RequestContext& ctx, const Json& request) {
  BatchWriteRequest parsed = parse_batch_write_request(request);
  // The whole batch is valid before anything is written: one bad request writes nothing.
  std::vector<ResolvedWrites> resolved = resolve(ctx, parsed);

  const std::vector<bool> unprocessed = left_unprocessed(ctx, resolved);
  Json unprocessed_items = Json::object();
  std::size_t position = 0;  // of the request in the whole batch
  BatchCapacity capacity;
  Json metrics = Json::object();
  std::size_t written_count = 0;
  // The first throttled request's table and throttle: the error when every request was throttled.
  std::optional<std::pair<const engine::Table*, engine::Throttle>> throttled;
  for (ResolvedWrites& entry : resolved) {
    double units = 0;
    Json table_metrics = Json::array();
    // Index writes are counted only for a capacity report or the capacity buckets, and only a
    // put's needs its new item.
    const bool count_indexes =
        (parsed.capacity != CapacityDetail::None || charges_index_writes(ctx)) &&
        !entry.table->indexes().empty();
    for (std::size_t i = 0; i < entry.keys.size(); ++i) {
      bool skip = !unprocessed.empty() && unprocessed[position++];
      if (!skip) {
        // A throttled request is left unprocessed too, as DynamoDB leaves it.
        if (auto throttle = write_throttle(ctx, *entry.table, entry.keys[i])) {
          if (!throttled) throttled.emplace(entry.table.get(), std::move(*throttle));
          skip = true;
        }
      }
      if (skip) {
        // Given back as it was sent, for the caller to send again.
        unprocessed_items[entry.writes->table].push_back(
            request.at("RequestItems").at(entry.writes->table).at(i));
        continue;
      }
      ++written_count;
      WriteRequest& write = entry.writes->writes[i];
      std::optional<engine::Item> written;
      if (count_indexes && write.put) written = write.attributes;
      std::optional<engine::Item> old = write.put ? entry.table->put(std::move(write.attributes))
                                                  : entry.table->remove(entry.keys[i]);
      std::vector<IndexUnits> index_units;
      if (count_indexes) {
        index_units =
            index_write_units(*entry.table, old ? &*old : nullptr, written ? &*written : nullptr);
        capacity.charge(entry.writes->table, 0, index_units);
      }
      // Each request is rounded up to 1 KB on its own: a put costs the larger of the new and the
      // replaced item, a delete the deleted item, and at least 1 when there was none (Developer
      // Guide; dynalite test/batchWriteItem.js).
      std::size_t old_bytes = old ? engine::item_size(*old) : 0;
      const double item_units =
          write_units(write.put ? std::max(write.item_bytes, old_bytes) : old_bytes);
      units += item_units;
      charge_write(ctx, *entry.table, entry.keys[i], item_units, index_units);
      // One ItemCollectionMetrics per request, for tables with local secondary indexes.
      Json one;
      add_item_collection_metrics(one, parsed.collection_metrics, *entry.table,
                                  entry.keys[i].partition);
      if (one.contains("ItemCollectionMetrics")) {
        table_metrics.push_back(std::move(one["ItemCollectionMetrics"]));
      }
    }
    capacity.charge(entry.writes->table, units);
    if (!table_metrics.empty()) metrics[entry.writes->table] = std::move(table_metrics);
  }

  // "If none of the items can be processed due to insufficient provisioned throughput on all of
  // the tables in the request, then BatchWriteItem returns a
  // ProvisionedThroughputExceededException" (API Reference).
  if (written_count == 0 && throttled) {
    throw throttling_error(ctx, *throttled->first, throttled->second);
  }
  // UnprocessedItems is {} unless a fault rule or the capacity buckets left a share of the batch
  // out (dynalite, from AWS: {"UnprocessedItems":{}} when nothing else was asked for).
  Json response = {{"UnprocessedItems", std::move(unprocessed_items)}};
  if (!metrics.empty()) response["ItemCollectionMetrics"] = std::move(metrics);
  ctx.usage.capacity_units += capacity.total();
  capacity.add_to(response, parsed.capacity);
  return response;
}

}  // namespace ddb::protocol
