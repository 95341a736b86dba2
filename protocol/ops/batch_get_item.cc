#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "protocol/batches/batch_get_request.h"
#include "protocol/batches/batch_request_items.h"
#include "protocol/capacity/throughput.h"
#include "protocol/faults/unprocessed_share.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/json_writer.h"
#include "protocol/operations.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/key_paths.h"
#include "protocol/requests/key_validation.h"

namespace ddb::protocol {

namespace {

// The most item data one BatchGetItem response carries; the keys past it come back in
// UnprocessedKeys. "16 MB" in decimal megabytes: the API reference's example, 100 items of 300 KB
// (307,200 bytes) of which 52 are returned, fits 16,000,000 bytes and neither 16 MiB (54 would fit)
// nor 300,000-byte items (53).
constexpr std::size_t kMaxResponseBytes = 16'000'000;

// The members of a KeysAndAttributes, which UnprocessedKeys gives back as they were sent.
constexpr const char* kEntryMembers[] = {"AttributesToGet", "ConsistentRead",
                                         "ProjectionExpression", "ExpressionAttributeNames"};

Json unprocessed_entry(const Json& request, Json keys) {
  Json entry = {{"Keys", std::move(keys)}};
  for (const char* member : kEntryMembers) {
    if (const Json* value = find_member(request, member)) entry[member] = *value;
  }
  return entry;
}

// One table's reads, resolved against the table: its keys are checked against the key schema.
struct ResolvedReads {
  const TableReads* reads;
  std::shared_ptr<engine::Table> table;
  std::vector<engine::Key> keys;
};

std::vector<ResolvedReads> resolve(RequestContext& ctx, const BatchGetRequest& request) {
  // Every table is looked up before any key is checked against a schema: a key that matches no
  // schema on a missing table is "Requested resource not found" (dynalite test/batchGetItem.js).
  std::vector<ResolvedReads> resolved;
  for (const TableReads& reads : request.tables) {
    resolved.push_back({&reads, require_table(ctx, reads.table), {}});
  }
  for (ResolvedReads& entry : resolved) {
    check_key_paths(entry.reads->projection.paths(), *entry.table);
    for (const engine::Item& key : entry.reads->keys) {
      entry.keys.push_back(key_from_request(key, entry.table->key_schema()));
    }
  }
  return resolved;
}

// The keys a fault rule leaves unread (protocol/faults), in batch order; empty for none.
std::vector<bool> left_unprocessed(const RequestContext& ctx,
                                   const std::vector<ResolvedReads>& resolved) {
  if (ctx.unprocessed == nullptr) return {};
  std::vector<std::string_view> tables;
  for (const ResolvedReads& entry : resolved) {
    tables.insert(tables.end(), entry.keys.size(), entry.reads->table);
  }
  return ctx.unprocessed->choose(tables);
}

}  // namespace

ResponseBody batch_get_item(RequestContext& ctx, const Json& request) {
  BatchGetRequest parsed = parse_batch_get_request(request);
  std::vector<ResolvedReads> resolved = resolve(ctx, parsed);

  // Every requested table appears in Responses, [] when none of its keys matched; a missing item
  // is left out; UnprocessedKeys is always present (dynalite test/batchGetItem.js, from AWS).
  // Each table's items, written as they are read; by table name, the order of the JSON object.
  std::map<std::string, std::string, std::less<>> responses;
  Json unprocessed = Json::object();
  BatchCapacity capacity;
  std::size_t response_bytes = 0;
  bool full = false;
  const std::vector<bool> skipped = left_unprocessed(ctx, resolved);
  std::size_t position = 0;  // of the key in the whole batch
  std::size_t read_count = 0;
  // The first throttled key's table and throttle: the error when every key was throttled.
  std::optional<std::pair<const engine::Table*, engine::Throttle>> throttled;
  for (const ResolvedReads& entry : resolved) {
    const TableReads& reads = *entry.reads;
    std::string items = "[";
    Json left = Json::array();
    double units = 0;
    bool charged = false;
    for (std::size_t i = 0; i < entry.keys.size(); ++i) {
      bool skip = !skipped.empty() && skipped[position++];
      if (!full && !skip) {
        // A throttled key is left unprocessed too, as DynamoDB leaves it.
        if (auto throttle = read_throttle(ctx, *entry.table, {}, entry.keys[i])) {
          if (!throttled) throttled.emplace(entry.table.get(), std::move(*throttle));
          skip = true;
        }
      }
      if (!full && !skip) {
        std::optional<engine::Item> item = entry.table->get(entry.keys[i]);
        if (item) {
          std::optional<engine::Item> projected;
          if (!reads.projection.all()) projected = reads.projection.apply(*item);
          const engine::Item& returned = projected ? *projected : *item;
          std::size_t returned_bytes = engine::item_size(returned);
          full = response_bytes + returned_bytes > kMaxResponseBytes;
          if (!full) {
            response_bytes += returned_bytes;
            if (items.size() > 1) items += ',';
            write_item(returned, items);
          }
        }
        if (!full) {
          // Each key costs its whole item, rounded up to 4 KB on its own, a missing one the
          // minimum; a projection does not lower it (Developer Guide, "Read consistency").
          const double key_units =
              read_units(item ? engine::item_size(*item) : 0, reads.consistent);
          units += key_units;
          charge_read(ctx, *entry.table, {}, entry.keys[i], key_units);
          charged = true;
          ++read_count;
          continue;
        }
      }
      left.push_back(reads.request->at("Keys").at(i));
    }
    items += ']';
    responses[reads.table] = std::move(items);
    if (!left.empty())
      unprocessed[reads.table] = unprocessed_entry(*reads.request, std::move(left));
    if (charged) capacity.charge(reads.table, units);
  }

  // As BatchWriteItem: when throughput left every key unread, the request fails (API Reference).
  if (read_count == 0 && throttled) {
    throw throttling_error(ctx, *throttled->first, throttled->second);
  }
  std::string written = "{";
  for (const auto& [table, items] : responses) {
    if (written.size() > 1) written += ',';
    write_json_string(table, written);
    written += ':';
    written += items;
  }
  written += '}';
  ResponseBody body;
  body.set_written("Responses", std::move(written));
  body.members()["UnprocessedKeys"] = std::move(unprocessed);
  ctx.usage.capacity_units += capacity.total();
  capacity.add_to(body.members(), parsed.capacity);
  return body;
}

}  // namespace ddb::protocol
