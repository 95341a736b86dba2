#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/item.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/item_request.h"

namespace ddb::protocol {

// One WriteRequest: a PutRequest's Item or a DeleteRequest's Key, decoded; not yet checked against
// the table's key schema.
struct WriteRequest {
  bool put = false;
  engine::Item attributes;
  std::size_t item_bytes = 0;  // the size of a put's item
};

// The writes BatchWriteItem asks of one table (one entry of RequestItems).
struct TableWrites {
  std::string table;
  std::vector<WriteRequest> writes;  // in request order
};

struct BatchWriteRequest {
  std::vector<TableWrites> tables;  // in the order of the RequestItems map
  CapacityDetail capacity = CapacityDetail::None;
  bool collection_metrics = false;
};

// Decodes a BatchWriteItem request and runs every check that needs no table, in DynamoDB's order:
// the ReturnConsumedCapacity and ReturnItemCollectionMetrics enums, reported alone when either is
// wrong; the model's constraints on RequestItems, reported together; "Too many items requested for
// the BatchWriteItem call" (more than 25 requests over all tables); then, request by request, its
// shape, its attribute values and its item's size. Nothing here needs the table to exist
// (dynalite test/batchWriteItem.js: an oversized item on a missing table is a ValidationException).
BatchWriteRequest parse_batch_write_request(const Json& request);

}  // namespace ddb::protocol
