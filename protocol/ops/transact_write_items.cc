#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/transaction.h"
#include "protocol/batches/request_fingerprint.h"
#include "protocol/batches/transact_write_request.h"
#include "protocol/batches/transaction_capacity.h"
#include "protocol/batches/transaction_targets.h"
#include "protocol/capacity/throughput.h"
#include "protocol/operations.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/key_paths.h"
#include "protocol/writes/write_plan.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// Each action's target; an Update of a key attribute is that action's ValidationError, like a key
// of the wrong type (a schema check, which transactions report as a cancellation reason).
std::vector<TransactionTarget> targets_of(const RequestContext& ctx,
                                          const TransactWriteRequest& request) {
  std::vector<std::string> names;
  for (const TransactWriteAction& action : request.actions) names.push_back(action.table_name);
  std::vector<std::shared_ptr<engine::Table>> tables = require_tables(ctx, names);
  std::vector<TransactionTarget> targets;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const WritePlan& plan = request.actions[i].plan;
    if (plan.kind == WritePlan::Kind::Put) {
      targets.push_back(item_target(tables[i], plan.item));
      continue;
    }
    TransactionTarget target = key_target(tables[i], plan.item);
    if (!target.invalid) {
      try {
        if (plan.kind == WritePlan::Kind::Update) check_key_untouched(plan.actions, *tables[i]);
        check_key_paths(plan.condition.condition, *tables[i]);
      } catch (const Error& error) {
        target.invalid = error;
      }
    }
    targets.push_back(std::move(target));
  }
  check_targets(targets);
  return targets;
}

// ItemCollectionMetrics: for each table with local secondary indexes, the collections written.
void add_collection_metrics(Json& response, const TransactWriteRequest& request,
                            const std::vector<TransactionTarget>& targets) {
  if (!request.collection_metrics) return;
  Json metrics = Json::object();
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (request.actions[i].plan.kind == WritePlan::Kind::ConditionCheck) continue;
    Json one;
    add_item_collection_metrics(one, true, *targets[i].table, targets[i].key->partition);
    if (!one.contains("ItemCollectionMetrics")) continue;
    Json& list = metrics[request.actions[i].table_name];
    const Json& entry = one["ItemCollectionMetrics"];
    if (std::find(list.begin(), list.end(), entry) == list.end()) list.push_back(entry);
  }
  if (!metrics.empty()) response["ItemCollectionMetrics"] = std::move(metrics);
}

// Runs the transaction; the response without its ConsumedCapacity, which `capacity` receives.
Json run(const RequestContext& ctx, TransactWriteRequest& request,
         const std::vector<TransactionTarget>& targets, TransactionCapacity& capacity) {
  std::vector<WriteOutcome> outcomes(targets.size());
  std::vector<engine::TransactionAction> actions;
  std::vector<TransactionAccess> accesses;
  actions.reserve(targets.size());
  for (std::size_t i = 0; i < targets.size(); ++i) {
    WritePlan& plan = request.actions[i].plan;
    const engine::Key& key = *targets[i].key;
    const bool writes = plan.kind != WritePlan::Kind::ConditionCheck;
    actions.push_back({targets[i].table, key,
                       plan.decision(key, targets[i].table->key_schema(), outcomes[i]), writes});
    accesses.push_back({targets[i].table.get(), key, writes});
  }
  admit_transaction(ctx, accesses);
  engine::Transaction::write(actions);

  for (std::size_t i = 0; i < targets.size(); ++i) {
    const std::string& table = request.actions[i].table_name;
    const engine::Key& key = *targets[i].key;
    // Each item costs twice in a transaction (transaction_capacity.h); index writes are not
    // charged to the buckets here.
    if (request.actions[i].plan.kind == WritePlan::Kind::ConditionCheck) {
      // A ConditionCheck reads its item; its exact cost is not documented.
      capacity.add_read(table, outcomes[i].old_size);
      charge_read(ctx, *targets[i].table, {}, key, 2 * read_units(outcomes[i].old_size, true));
    } else {
      const std::size_t bytes = std::max(outcomes[i].old_size, outcomes[i].new_size);
      capacity.add_write(table, bytes);
      charge_write(ctx, *targets[i].table, key, 2 * write_units(bytes), {});
    }
  }
  Json response = Json::object();
  add_collection_metrics(response, request, targets);
  return response;
}

}  // namespace

Json transact_write_items(RequestContext& ctx, const Json& request) {
  TransactWriteRequest parsed = parse_transact_write_request(request);
  std::vector<TransactionTarget> targets = targets_of(ctx, parsed);

  TransactionCapacity capacity;
  if (!parsed.client_token) {
    Json response = run(ctx, parsed, targets, capacity);
    ctx.usage.capacity_units += capacity.total();
    capacity.write_to(response, parsed.capacity);
    return response;
  }
  engine::IdempotencyStore& tokens = ctx.database.transaction_tokens(ctx.region);
  const std::string& token = *parsed.client_token;
  if (auto replay = tokens.begin(token, request_fingerprint(request))) {
    // A retry within the window succeeds without writing again. It reads the items instead, and
    // reports that as transactional read units (dynoxide#125, checked against AWS).
    ctx.answers_for_earlier_write = true;
    Json response = Json::parse(*replay);
    for (std::size_t i = 0; parsed.capacity != CapacityDetail::None && i < targets.size(); ++i) {
      std::optional<engine::Item> item = targets[i].table->get(*targets[i].key);
      capacity.add_read(parsed.actions[i].table_name, item ? engine::item_size(*item) : 0);
    }
    ctx.usage.capacity_units += capacity.total();
    capacity.write_to(response, parsed.capacity);
    return response;
  }
  try {
    Json response = run(ctx, parsed, targets, capacity);
    tokens.complete(token, response.dump(-1, ' ', false, Json::error_handler_t::replace));
    ctx.usage.capacity_units += capacity.total();
    capacity.write_to(response, parsed.capacity);
    return response;
  } catch (...) {
    tokens.abandon(token);
    throw;
  }
}

}  // namespace ddb::protocol
