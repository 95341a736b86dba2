#pragma once

#include <string>
#include <vector>

#include "engine/item.h"
#include "protocol/json/json_fields.h"
#include "protocol/reads/projection.h"
#include "protocol/requests/item_request.h"

namespace ddb::protocol {

// The reads BatchGetItem asks of one table (one entry of RequestItems, a KeysAndAttributes).
struct TableReads {
  std::string table;
  // The entry as sent; UnprocessedKeys gives it back with the keys left unread.
  const Json* request = nullptr;
  // The Keys, decoded, in request order; not yet checked against the table's key schema.
  std::vector<engine::Item> keys;
  Projection projection;
  bool consistent = false;
};

struct BatchGetRequest {
  std::vector<TableReads> tables;  // in the order of the RequestItems map
  CapacityDetail capacity = CapacityDetail::None;
};

// Decodes a BatchGetItem request and runs every check that needs no table, in DynamoDB's order:
// the model's constraints, reported together ("2 validation errors detected: ..."); then, table by
// table, the expression members, AttributesToGet, ProjectionExpression and its names, and each
// key's values, with "Provided list of item keys contains duplicates" and "Too many items
// requested for the BatchGetItem call" (more than 100 keys over all tables) as the keys are read.
// `request` must outlive the result.
BatchGetRequest parse_batch_get_request(const Json& request);

}  // namespace ddb::protocol
