#pragma once

#include <string_view>

#include "protocol/json/json_shape.h"

namespace ddb::protocol {

// The shape of the request of the DynamoDB operation `operation` (its service model's input
// structure, json_shape.h), or nullptr for an operation whose members are type-checked only as its
// handler reads them. Every operation that carries items, keys, expressions or AttributeValues has
// one (GetItem, PutItem, UpdateItem, DeleteItem, Query, Scan, BatchGetItem, BatchWriteItem,
// TransactGetItems, TransactWriteItems, ExecuteStatement, BatchExecuteStatement,
// ExecuteTransaction), and so do CreateTable, UpdateTable (all but its replica and witness
// updates), DescribeTable, DeleteTable, ListTables, DescribeTimeToLive, UpdateTimeToLive,
// TagResource, UntagResource and ListTagsOfResource.
const Shape* request_shape(std::string_view operation);

}  // namespace ddb::protocol
