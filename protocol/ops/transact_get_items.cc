#include <optional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/transaction.h"
#include "protocol/batches/transact_write_request.h"
#include "protocol/batches/transaction_capacity.h"
#include "protocol/batches/transaction_targets.h"
#include "protocol/capacity/throughput.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/operations.h"
#include "protocol/reads/projection.h"
#include "protocol/requests/expression_attributes.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/key_paths.h"
#include "protocol/requests/request_expressions.h"

namespace ddb::protocol {

namespace {

// One Get of TransactGetItems, validated as far as the request alone allows.
struct GetAction {
  std::string table_name;
  engine::Item key;
  Projection projection;
};

// The model's constraints of each Get: "transactItems.1.member.get.tableName", ".key".
void add_get_constraints(const Json* items, Constraints& constraints) {
  if (!items) return;
  for (std::size_t i = 0; i < items->size(); ++i) {
    const Json& item = (*items)[i];
    expect_structure_element(item, "TransactGetItem");
    const Json* get = get_structure(item, "Get", "Get");
    std::string path = "transactItems." + std::to_string(i + 1) + ".member.get";
    constraints.not_null(get != nullptr, path);
    if (!get) continue;
    constraints.table_name(get_string(*get, "TableName"), path + ".tableName");
    constraints.not_null(get_map(*get, "Key", kAttributeValueType) != nullptr, path + ".key");
  }
}

Json without_values(Json get) {
  get.erase("ExpressionAttributeValues");
  return get;
}

// A Get's members after the constraints: its key and projection (bare messages, as Query's).
GetAction parse_get(const Json& get) {
  GetAction action{*get_string(get, "TableName"), {}, {}};
  check_expression_members(get, {{"ProjectionExpression"}, {}}, false);
  action.key = decode_attribute_map(*find_member(get, "Key"), false);
  // A Get has no ExpressionAttributeValues in the model, so DynamoDB's deserializer drops one.
  ExpressionAttributes attributes = ExpressionAttributes::from_request(
      get.contains("ExpressionAttributeValues") ? without_values(get) : get, false);
  if (auto paths = projection_member(get, attributes)) {
    action.projection = Projection(std::move(*paths));
  }
  attributes.check_all_used();
  return action;
}

}  // namespace

ResponseBody transact_get_items(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  const Json* items = get_list(request, "TransactItems");
  add_transact_items_constraints(items, constraints);
  add_get_constraints(items, constraints);
  CapacityDetail capacity_detail = parse_return_consumed_capacity(request, constraints);
  constraints.check();

  std::vector<GetAction> gets;
  std::vector<std::string> names;
  for (const Json& item : *items) {
    gets.push_back(parse_get(*find_member(item, "Get")));
    names.push_back(gets.back().table_name);
  }
  std::vector<std::shared_ptr<engine::Table>> tables = require_tables(ctx, names);
  for (std::size_t i = 0; i < gets.size(); ++i)
    check_key_paths(gets[i].projection.paths(), *tables[i]);
  std::vector<TransactionTarget> targets;
  for (std::size_t i = 0; i < gets.size(); ++i)
    targets.push_back(key_target(tables[i], gets[i].key));
  // A Get on the same item twice is rejected like two writes to one item (paritysuite's
  // "duplicate target"; the text is the write's, not captured for reads).
  check_targets(targets);

  std::vector<engine::TransactionRead> reads;
  std::vector<TransactionAccess> accesses;
  for (const TransactionTarget& target : targets) {
    reads.push_back({target.table, *target.key});
    accesses.push_back({target.table.get(), *target.key, false});
  }
  admit_transaction(ctx, accesses);
  std::vector<std::optional<engine::Item>> found = engine::Transaction::read(reads);

  std::string responses = "[";
  TransactionCapacity capacity;
  for (std::size_t i = 0; i < found.size(); ++i) {
    if (i > 0) responses += ',';
    // A missing item, or a projection that keeps nothing of it, is {} (ExtendDB#74, checked
    // against AWS; GetItem would say "Item": {} for the latter).
    std::optional<engine::Item> projected;
    if (found[i] && !gets[i].projection.all()) projected = gets[i].projection.apply(*found[i]);
    const engine::Item* item = projected ? &*projected : found[i] ? &*found[i] : nullptr;
    if (item && !item->empty()) {
      responses += R"({"Item":)";
      write_item(*item, responses);
      responses += '}';
    } else {
      responses += "{}";
    }
    // The whole item counts, whatever the projection keeps; a missing one costs the minimum.
    const std::size_t bytes = found[i] ? engine::item_size(*found[i]) : 0;
    capacity.add_read(gets[i].table_name, bytes);
    // A transactional read costs twice a strongly consistent one.
    charge_read(ctx, *targets[i].table, {}, *targets[i].key, 2 * read_units(bytes, true));
  }
  responses += ']';
  ResponseBody body;
  body.set_written("Responses", std::move(responses));
  ctx.usage.capacity_units += capacity.total();
  capacity.write_to(body.members(), capacity_detail);
  return body;
}

}  // namespace ddb::protocol
