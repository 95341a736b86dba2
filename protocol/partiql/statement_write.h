#pragma once

#include <memory>
#include <string>

#include "engine/item.h"
#include "engine/table.h"
#include "protocol/context.h"
#include "protocol/json/response_body.h"
#include "protocol/partiql/bound_statement.h"
#include "protocol/requests/item_request.h"
#include "protocol/writes/write_plan.h"

namespace ddb::protocol::partiql {

// An INSERT, UPDATE, DELETE or EXISTS(...) check lowered onto one item write of the engine, the
// same WritePlan PutItem, UpdateItem, DeleteItem and TransactWriteItems' ConditionCheck run:
//   - INSERT puts its VALUE on the condition that the key is free; a taken key is
//     DuplicateItemException "Duplicate primary key exists in table".
//   - UPDATE applies its SET and REMOVE clauses to the item its WHERE names by its full key; the
//     rest of the WHERE is the condition, and the item must exist (DynamoDB answers an UPDATE of a
//     missing item with ConditionalCheckFailedException, as recorded against DynamoDB Local).
//   - DELETE removes the item its WHERE names, on the rest of the WHERE as its condition; a missing
//     item is no error.
//   - EXISTS checks that the item exists and meets the rest of the WHERE.
struct StatementWrite {
  std::shared_ptr<engine::Table> table;
  std::string table_name;
  engine::Key key;
  WritePlan plan;
  bool insert = false;
  // RETURNING in ReturnValues' terms: ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW or NONE.
  std::string return_values = "NONE";

  // The decision to run under the item's lock (see WritePlan::decision), an INSERT's failed
  // condition turned into DuplicateItemException. The write and `outcome` must outlive it.
  engine::WriteDecision decision(WriteOutcome& outcome);
};

// Checks a write statement against its table and builds its write. `return_item_on_failure`:
// ReturnValuesOnConditionCheckFailure=ALL_OLD.
StatementWrite prepare_write(const RequestContext& ctx, const BoundStatement& bound,
                             bool return_item_on_failure);

// Runs a prepared write alone (ExecuteStatement, BatchExecuteStatement): {"Items": []}, or the
// RETURNING item as the one element of Items, and ConsumedCapacity as the equivalent PutItem,
// UpdateItem or DeleteItem reports it. Admitted and charged as they are under --capacity enforce
// (protocol/capacity/throughput.h).
ResponseBody run_write(const RequestContext& ctx, StatementWrite& write, CapacityDetail capacity);

}  // namespace ddb::protocol::partiql
