#pragma once

#include <optional>
#include <string_view>

#include "engine/expression.h"
#include "engine/table.h"
#include "protocol/constraints.h"
#include "protocol/expression_attributes.h"
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
  // FilterExpression (or, translated, QueryFilter/ScanFilter): applied to the items a page read.
  std::optional<engine::Condition> filter;
  CapacityDetail capacity = CapacityDetail::None;
};

// Reads TableName, Limit, Select, ConsistentRead and ReturnConsumedCapacity, with the model's
// constraints (AttributesToGet's too) and DynamoDB's Select rules. `query`: the request is a Query.
ReadRequest parse_read_request(const Json& request, Constraints& constraints, bool query);

// Resolves the expressions Query and Scan share: ProjectionExpression into `read.projection` and
// FilterExpression into `read.filter`, in that order of DynamoDB's messages (the filter first).
// AttributesToGet and the legacy filters are the operation's to set (they come earlier).
void resolve_read_expressions(const Json& request, ReadRequest& read,
                              ExpressionAttributes& attributes);

// Decodes ExclusiveStartKey, which must hold exactly the table's key attributes. The messages
// differ by operation: Query says "The provided starting key is invalid" when attributes are
// missing or extra and "The provided key element does not match the schema" for a wrong type; Scan
// says "The provided starting key is invalid: The provided key element does not match the schema".
enum class StartKeyRules { Query, Scan };
std::optional<engine::Key> parse_start_key(const Json& request, const engine::KeySchema& schema,
                                           StartKeyRules rules);

// Items (unless COUNT), Count, ScannedCount, LastEvaluatedKey and ConsumedCapacity of a page. The
// filter applies after the page was read: Limit and the 1 MB limit count the items read
// (ScannedCount, and the capacity), Count the ones that passed.
Json page_response(const engine::Page& page, const ReadRequest& read,
                   const engine::KeySchema& schema);

}  // namespace ddb::protocol
