#pragma once

#include <optional>
#include <string_view>

#include "engine/table.h"
#include "protocol/constraints.h"
#include "protocol/item_request.h"
#include "protocol/projection.h"

namespace ddb::protocol {

// The parameters Query and Scan share: what to return, how many, and the capacity report.
struct ReadRequest {
  std::string table_name;
  engine::PageLimits limits;
  bool count_only = false;  // Select COUNT
  bool consistent = false;
  Projection projection;
  CapacityDetail capacity = CapacityDetail::None;
};

// Reads TableName, Limit, Select, ConsistentRead, AttributesToGet and ReturnConsumedCapacity, with
// the model's constraints and DynamoDB's Select rules. `query`: the request is a Query.
ReadRequest parse_read_request(const Json& request, Constraints& constraints, bool query);

// Decodes ExclusiveStartKey, which must hold exactly the table's key attributes. The messages differ
// by operation: Query says "The provided starting key is invalid" when attributes are missing or
// extra and "The provided key element does not match the schema" for a wrong type; Scan says
// "The provided starting key is invalid: The provided key element does not match the schema".
enum class StartKeyRules { Query, Scan };
std::optional<engine::Key> parse_start_key(const Json& request, const engine::KeySchema& schema,
                                           StartKeyRules rules);

// Items (unless COUNT), Count, ScannedCount, LastEvaluatedKey and ConsumedCapacity of a page.
Json page_response(const engine::Page& page, const ReadRequest& read, const engine::KeySchema& schema);

}  // namespace ddb::protocol
