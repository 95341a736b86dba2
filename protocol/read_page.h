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
// the model's constraints and DynamoDB's Select rules; `limit_path` is the member path for messages.
ReadRequest parse_read_request(const Json& request, Constraints& constraints);

// Decodes ExclusiveStartKey, which must hold exactly the table's key attributes.
// `invalid_prefix` is the text DynamoDB puts before "The provided key element does not match the
// schema" for this operation.
std::optional<engine::Key> parse_start_key(const Json& request, const engine::KeySchema& schema,
                                           std::string_view invalid_prefix);

// Items (unless COUNT), Count, ScannedCount, LastEvaluatedKey and ConsumedCapacity of a page.
Json page_response(const engine::Page& page, const ReadRequest& read, const engine::KeySchema& schema);

}  // namespace ddb::protocol
