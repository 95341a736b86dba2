#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"
#include "protocol/requests/item_request.h"
#include "protocol/writes/index_capacity.h"

namespace ddb::protocol {

// What BatchGetItem and BatchWriteItem share: the model constraints of their RequestItems map
// (table name -> per-table request) and their per-table ConsumedCapacity list.

// The model checks of the RequestItems map itself, added to `constraints`:
//   absent: "Value null at 'requestItems' failed to satisfy constraint: Member must not be null";
//   empty: "Value at 'RequestItems' failed to satisfy constraint: Member must have length greater
//     than or equal to 1" (DynamoDB's newer validator, which us-east-1 gives for both operations
//     since 2026; the older text was "The requestItems parameter is required for BatchGetItem");
//   a table name outside 3-255 characters of [a-zA-Z0-9_.-]: one violation for the whole map,
//     "Value '<echo>' at 'requestItems' failed to satisfy constraint: Map keys must satisfy
//     constraint: [...]", where `echo` prints the map as the operation does (called only then).
// Sources: paritysuite batchGetItem.test.ts and validation-ordering/batchOperations.test.ts
// (us-east-1 and eu-west-2, 2026-10), architect/dynalite test/batchGetItem.js.
void add_request_items_constraints(const Json* request_items,
                                   const std::function<std::string()>& echo,
                                   Constraints& constraints);

// The ConsumedCapacity list of a batch operation: one entry per table, in the order the tables
// were first charged, each {"TableName":t,"CapacityUnits":u} (and "Table":{"CapacityUnits":u} for
// INDEXES). Index writes (BatchWriteItem) count in u, and INDEXES lists each index's part under
// GlobalSecondaryIndexes or LocalSecondaryIndexes, as PutItem's report does (issue 20: a new item
// with a GSI and an LSI key costs 3.0). Batch operations never report Read/WriteCapacityUnits
// (ExtendDB#212, dynalite test/batchGetItem.js, both against AWS).
class BatchCapacity {
 public:
  void charge(std::string_view table, double units, const std::vector<IndexUnits>& indexes = {});
  // Adds "ConsumedCapacity" to `response` unless `detail` is None.
  void add_to(Json& response, CapacityDetail detail) const;
  // The units charged in all, tables and indexes.
  double total() const;

 private:
  struct TableUnits {
    std::string table;
    double units = 0;
    std::vector<IndexUnits> indexes;
  };
  std::vector<TableUnits> tables_;
};

}  // namespace ddb::protocol
