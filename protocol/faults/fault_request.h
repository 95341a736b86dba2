#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// What fault rules look at in a request: its operation and the tables it names.
struct FaultRequest {
  std::string_view operation;
  // The tables named, in request order: TableName; the keys of RequestItems (batches); one entry
  // per action of TransactItems (so the i-th action's table is tables[i]). Views of the request,
  // ARNs reduced to the name. PartiQL statements are not read: they name no table here.
  std::vector<std::string_view> tables;
  // The actions of a transaction (TransactItems, or ExecuteTransaction's TransactStatements);
  // 0 for other operations.
  std::size_t transaction_items = 0;
};

// What rules see of `request` (a parsed request body), which must outlive the result. Reads only
// what is there and has the right JSON type: the request has not been validated yet.
FaultRequest fault_request(std::string_view operation, const Json& request);

// The table name a TableName value gives: the value itself, or the part of a table ARN
// (arn:aws:dynamodb:<region>:<account>:table/<name>) after "table/".
std::string_view table_name_in(std::string_view name_or_arn);

}  // namespace ddb::protocol
