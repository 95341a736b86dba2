#pragma once

#include <optional>
#include <string>
#include <vector>

#include "protocol/json/json_fields.h"
#include "protocol/requests/item_request.h"
#include "protocol/writes/write_plan.h"

namespace ddb::protocol {

// One action of TransactWriteItems: a Put, Update, Delete or ConditionCheck on one table.
struct TransactWriteAction {
  std::string table_name;
  WritePlan plan;
};

// A TransactWriteItems request, validated as far as the request alone allows.
struct TransactWriteRequest {
  std::vector<TransactWriteAction> actions;
  CapacityDetail capacity = CapacityDetail::None;
  bool collection_metrics = false;
  std::optional<std::string> client_token;
};

// Decodes and validates a TransactWriteItems request, throwing DynamoDB's ValidationException for
// whatever needs no table: first the model's constraints, all reported together
// ("2 validation errors detected: ..."), then each action in request order: exactly one of the
// four members, its expression members, values and expressions (bare messages: the transactions'
// validator puts none in the "1 validation error detected: " envelope) and a Put item's size; last
// the 4 MB limit of the transaction.
TransactWriteRequest parse_transact_write_request(const Json& request);

// The model's constraints of TransactItems, shared with TransactGetItems: not null, and 1 to 100
// actions.
void add_transact_items_constraints(const Json* items, Constraints& constraints);

}  // namespace ddb::protocol
