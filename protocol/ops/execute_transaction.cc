#include <string>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "engine/transaction.h"
#include "protocol/batches/request_fingerprint.h"
#include "protocol/batches/transaction_capacity.h"
#include "protocol/json/value_json.h"
#include "protocol/messages.h"
#include "protocol/operations.h"
#include "protocol/partiql/bound_statement.h"
#include "protocol/partiql/messages.h"
#include "protocol/partiql/statement_read.h"
#include "protocol/partiql/statement_write.h"
#include "protocol/requests/constraints.h"
#include "protocol/requests/item_request.h"
#include "protocol/writes/conditional_write.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// DynamoDB reports a statement's validation error with its position (DynamoDB Local's
// "Validation failed in TransactStatements[%s]: %s", seen from AWS for a syntax error and for
// RETURNING by dynoxide's captures).
template <typename Body>
auto in_statement(std::size_t i, Body&& body) {
  try {
    return body();
  } catch (const Error& error) {
    if (error.type() != engine::ErrorType::Validation) throw;
    throw Error::validation("Validation failed in TransactStatements[" + std::to_string(i) +
                            "]: " + error.message());
  }
}

struct TransactionRequest {
  std::vector<partiql::BoundStatement> statements;
  std::vector<bool> return_on_failure;
  CapacityDetail capacity = CapacityDetail::None;
  std::optional<std::string> client_token;
  bool reads = false;
};

TransactionRequest parse_request(const Json& request) {
  TransactionRequest parsed;
  Constraints constraints;
  const Json* list = get_list(request, "TransactStatements");
  constraints.not_null(list != nullptr, "transactStatements");
  std::vector<partiql::StatementMembers> members;
  if (list) {
    if (list->empty()) {
      constraints.add(constraint_violation("'[]'", "transactStatements", kMinLengthOne));
    }
    if (list->size() > 100) {
      constraints.add(
          "Value at 'transactStatements' failed to satisfy constraint: Member must have length "
          "less than or equal to 100");
    }
    for (std::size_t i = 0; i < list->size(); ++i) {
      const Json& element = (*list)[i];
      expect_structure_element(element, "ParameterizedStatement");
      std::string path = "transactStatements." + std::to_string(i + 1) + ".member.";
      members.push_back(partiql::read_statement_members(element, path + "statement", constraints));
      auto failure = get_string(element, "ReturnValuesOnConditionCheckFailure");
      constraints.one_of(failure, {"ALL_OLD", "NONE"},
                         path + "returnValuesOnConditionCheckFailure");
      parsed.return_on_failure.push_back(failure == "ALL_OLD");
    }
  }
  parsed.client_token = get_string(request, "ClientRequestToken");
  constraints.length(parsed.client_token, 1, 36, "clientRequestToken");
  parsed.capacity = parse_return_consumed_capacity(request, constraints);
  constraints.check();

  std::size_t reads = 0;
  for (std::size_t i = 0; i < members.size(); ++i) {
    parsed.statements.push_back(in_statement(i, [&] {
      partiql::BoundStatement bound =
          partiql::bind_statement(members[i].text, members[i].parameters);
      if (bound.statement().returning != partiql::Returning::None) {
        throw Error::validation("RETURNING clause is not supported in ExecuteTransaction.");
      }
      return bound;
    }));
    if (parsed.statements.back().statement().reads()) ++reads;
  }
  if (reads > 0 && reads < parsed.statements.size()) {
    throw Error::validation(partiql::kMixedTransaction);
  }
  parsed.reads = reads > 0;
  return parsed;
}

// A transaction of SELECTs: one snapshot of the items they name, {"Item": ...} or {} each.
Json run_reads(const RequestContext& ctx, const TransactionRequest& request) {
  std::vector<partiql::KeyedRead> reads;
  std::vector<engine::TransactionRead> keys;
  for (std::size_t i = 0; i < request.statements.size(); ++i) {
    reads.push_back(in_statement(i, [&] {
      return partiql::prepare_keyed_read(
          ctx, request.statements[i],
          "Select statements within ExecuteTransaction must specify the primary key in the where "
          "clause.",
          // DynamoDB Local's message.
          "Reads on indices are not supported within transactions.");
    }));
    keys.push_back({reads.back().table, reads.back().key});
  }
  std::vector<std::optional<engine::Item>> items = engine::Transaction::read(keys);
  Json responses = Json::array();
  TransactionCapacity capacity;
  for (std::size_t i = 0; i < items.size(); ++i) {
    Json response = Json::object();
    if (auto item = partiql::keyed_read_result(request.statements[i], reads[i], items[i])) {
      response["Item"] = item_to_json(*item);
    }
    responses.push_back(std::move(response));
    capacity.add_read(request.statements[i].statement().table,
                      items[i] ? engine::item_size(*items[i]) : 0);
  }
  Json body = {{"Responses", std::move(responses)}};
  ctx.usage.capacity_units += capacity.total();
  capacity.write_to(body, request.capacity);
  return body;
}

// A transaction of writes (and EXISTS checks), all or none, as TransactWriteItems runs them.
Json run_writes(const TransactionRequest& request, std::vector<partiql::StatementWrite>& writes,
                RequestUsage& usage) {
  std::vector<WriteOutcome> outcomes(writes.size());
  std::vector<engine::TransactionAction> actions;
  for (std::size_t i = 0; i < writes.size(); ++i) {
    partiql::StatementWrite& write = writes[i];
    actions.push_back({write.table, write.key, write.decision(outcomes[i]),
                       write.plan.kind != WritePlan::Kind::ConditionCheck});
  }
  engine::Transaction::write(actions);
  TransactionCapacity capacity;
  for (std::size_t i = 0; i < writes.size(); ++i) {
    if (writes[i].plan.kind == WritePlan::Kind::ConditionCheck) {
      capacity.add_read(writes[i].table_name, outcomes[i].old_size);
    } else {
      capacity.add_write(writes[i].table_name,
                         std::max(outcomes[i].old_size, outcomes[i].new_size));
    }
  }
  Json body = Json::object();
  usage.capacity_units += capacity.total();
  capacity.write_to(body, request.capacity);
  return body;
}

}  // namespace

// ExecuteTransaction: up to 100 PartiQL statements, all reads or all writes, all-or-nothing over
// engine::Transaction, with TransactWriteItems' ClientRequestToken. Pinned by
// tests/e2e/python/test_partiql.py.
Json execute_transaction(RequestContext& ctx, const Json& request) {
  TransactionRequest parsed = parse_request(request);
  if (parsed.reads) return run_reads(ctx, parsed);

  std::vector<partiql::StatementWrite> writes;
  for (std::size_t i = 0; i < parsed.statements.size(); ++i) {
    writes.push_back(in_statement(i, [&] {
      return partiql::prepare_write(ctx, parsed.statements[i], parsed.return_on_failure[i]);
    }));
    for (std::size_t j = 0; j + 1 < writes.size(); ++j) {
      if (writes[j].table == writes.back().table && writes[j].key == writes.back().key) {
        // TransactWriteItems' message (transaction_targets.h).
        throw Error::validation(
            "Transaction request cannot include multiple operations on one item");
      }
    }
  }
  if (!parsed.client_token) return run_writes(parsed, writes, ctx.usage);
  engine::IdempotencyStore& tokens = ctx.database.transaction_tokens(ctx.region);
  const std::string& token = *parsed.client_token;
  if (auto replay = tokens.begin(token, "partiql:" + request_fingerprint(request))) {
    // A retry within the window succeeds without writing again, as TransactWriteItems does.
    ctx.answers_for_earlier_write = true;
    return Json::parse(*replay);
  }
  try {
    Json response = run_writes(parsed, writes, ctx.usage);
    tokens.complete(token, response.dump(-1, ' ', false, Json::error_handler_t::replace));
    return response;
  } catch (...) {
    tokens.abandon(token);
    throw;
  }
}

}  // namespace ddb::protocol
