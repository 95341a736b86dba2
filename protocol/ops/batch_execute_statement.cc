#include <string>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "protocol/capacity/throughput.h"
#include "protocol/json/value_json.h"
#include "protocol/messages.h"
#include "protocol/operations.h"
#include "protocol/partiql/bound_statement.h"
#include "protocol/partiql/statement_read.h"
#include "protocol/partiql/statement_write.h"
#include "protocol/requests/constraints.h"
#include "protocol/requests/item_request.h"
#include "protocol/writes/conditional_write.h"

namespace ddb::protocol {

namespace {

using engine::Error;
using engine::ErrorType;

// The Code of a statement's Error: the exception's name without "Exception", as
// TransactionCanceledException's reasons spell them (ValidationError for a validation failure).
std::string error_code(const Error& error) {
  switch (error.type()) {
    case ErrorType::ConditionalCheckFailed:
      return "ConditionalCheckFailed";
    case ErrorType::DuplicateItem:
      return "DuplicateItem";
    case ErrorType::ResourceNotFound:
      return "ResourceNotFound";
    case ErrorType::ItemCollectionSizeLimitExceeded:
      return "ItemCollectionSizeLimitExceeded";
    case ErrorType::TransactionInProgress:
      return "TransactionConflict";
    // Under --capacity enforce (BatchStatementErrorCodeEnum's names).
    case ErrorType::ProvisionedThroughputExceeded:
      return "ProvisionedThroughputExceeded";
    case ErrorType::Throttling:
      return "ThrottlingError";
    default:
      return "ValidationError";
  }
}

struct BatchEntry {
  partiql::StatementMembers members;
  bool consistent = false;
  bool return_on_failure = false;
  // The statement, parsed and bound, or why it could not be.
  std::optional<partiql::BoundStatement> bound;
  std::optional<Error> invalid;
};

Json error_json(const Error& error) {
  return {{"Code", error_code(error)}, {"Message", error.message()}};
}

// One statement's answer: {"TableName", "Item"} for a read that found its item, {"TableName"}
// for another success, {"TableName", "Error": {Code, Message}} for a failure (TableName as far as
// the statement parsed; seen from AWS in scylladb's test_batch.py captures).
// Each statement's capacity is reported as its GetItem, PutItem, UpdateItem or DeleteItem would
// report it (`capacity` receives that ConsumedCapacity entry), and the batch sums them per table.
Json run_one(const RequestContext& ctx, const BatchEntry& entry, CapacityDetail detail,
             Json& capacity) {
  Json response = Json::object();
  if (entry.invalid) {
    response["Error"] = error_json(*entry.invalid);
    return response;
  }
  const partiql::BoundStatement& bound = *entry.bound;
  response["TableName"] = bound.statement().table;
  try {
    if (bound.statement().reads()) {
      // Captured from AWS, for a WHERE without the key and for a read of an index alike.
      const char* message =
          "Select statements within BatchExecuteStatement must specify the primary key in the "
          "where clause.";
      partiql::KeyedRead read = partiql::prepare_keyed_read(ctx, bound, message, message);
      admit_read(ctx, *read.table, {}, read.key);
      std::optional<engine::Item> item = read.table->get(read.key);
      const double units = read_units(item ? engine::item_size(*item) : 0, entry.consistent);
      add_consumed_capacity(capacity, detail, bound.statement().table, units);
      charge_read(ctx, *read.table, {}, read.key, units);
      if (auto result = partiql::keyed_read_result(bound, read, item)) {
        response["Item"] = item_to_json(*result);
      }
      return response;
    }
    partiql::StatementWrite write = partiql::prepare_write(ctx, bound, entry.return_on_failure);
    ResponseBody body = partiql::run_write(ctx, write, detail);
    if (auto* units = find_member(body.members(), "ConsumedCapacity")) {
      capacity["ConsumedCapacity"] = *units;
    }
  } catch (const Error& error) {
    response["Error"] = error_json(error);
  }
  return response;
}

// Adds one statement's ConsumedCapacity entry to the batch's, one entry per table in the order the
// tables first appear: CapacityUnits summed, and with INDEXES the table's part under Table.
void add_to_totals(Json& totals, const Json& entry) {
  for (Json& total : totals) {
    if (total["TableName"] != entry["TableName"]) continue;
    total["CapacityUnits"] =
        total["CapacityUnits"].get<double>() + entry["CapacityUnits"].get<double>();
    if (total.contains("Table") && entry.contains("Table")) {
      total["Table"]["CapacityUnits"] = total["Table"]["CapacityUnits"].get<double>() +
                                        entry["Table"]["CapacityUnits"].get<double>();
    }
    return;
  }
  totals.push_back(entry);
}

}  // namespace

// BatchExecuteStatement: up to 25 PartiQL statements run one by one, each answering in order with
// its item or its Error; a failed statement does not fail the batch. Pinned by
// tests/e2e/python/test_partiql.py.
Json batch_execute_statement(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  const Json* list = get_list(request, "Statements");
  constraints.not_null(list != nullptr, "statements");
  std::vector<BatchEntry> entries;
  if (list) {
    if (list->empty()) constraints.add(constraint_violation("'[]'", "statements", kMinLengthOne));
    if (list->size() > 25) {
      constraints.add(
          "Value at 'statements' failed to satisfy constraint: Member must have length less than "
          "or equal to 25");
    }
    for (std::size_t i = 0; i < list->size(); ++i) {
      const Json& element = (*list)[i];
      expect_structure_element(element, "BatchStatementRequest");
      std::string path = "statements." + std::to_string(i + 1) + ".member.";
      BatchEntry entry;
      entry.members = partiql::read_statement_members(element, path + "statement", constraints);
      entry.consistent = get_bool(element, "ConsistentRead").value_or(false);
      auto failure = get_string(element, "ReturnValuesOnConditionCheckFailure");
      constraints.one_of(failure, {"ALL_OLD", "NONE"},
                         path + "returnValuesOnConditionCheckFailure");
      entry.return_on_failure = failure == "ALL_OLD";
      entries.push_back(std::move(entry));
    }
  }
  CapacityDetail detail = parse_return_consumed_capacity(request, constraints);
  constraints.check();

  // Reads and writes may not mix (Developer Guide, "Running batch operations with PartiQL"): the
  // statements are sorted out before any runs. The message is ours; AWS's was not found.
  bool any_read = false;
  bool any_write = false;
  for (BatchEntry& entry : entries) {
    try {
      entry.bound = partiql::bind_statement(entry.members.text, entry.members.parameters);
      (entry.bound->statement().reads() ? any_read : any_write) = true;
    } catch (const Error& error) {
      // The statement answers with its own Error.
      entry.invalid = error;
    }
  }
  if (any_read && any_write) {
    throw Error::validation(
        "BatchExecuteStatement API does not support both read and write operations in the same "
        "request.");
  }
  Json responses = Json::array();
  Json totals = Json::array();
  for (const BatchEntry& entry : entries) {
    Json capacity = Json::object();
    responses.push_back(run_one(ctx, entry, detail, capacity));
    if (capacity.contains("ConsumedCapacity")) add_to_totals(totals, capacity["ConsumedCapacity"]);
  }
  Json body = {{"Responses", std::move(responses)}};
  if (detail != CapacityDetail::None) body["ConsumedCapacity"] = std::move(totals);
  return body;
}

}  // namespace ddb::protocol
