#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expression.h"
#include "engine/index.h"
#include "engine/table.h"
#include "protocol/context.h"
#include "protocol/json/response_body.h"
#include "protocol/reads/projection.h"
#include "protocol/requests/constraints.h"
#include "protocol/requests/expression_attributes.h"
#include "protocol/requests/item_request.h"

namespace ddb::protocol {

// What a Query or Scan returns of each item. Without a Select, DynamoDB picks
// SPECIFIC_ATTRIBUTES when there is a ProjectionExpression or AttributesToGet, else
// ALL_PROJECTED_ATTRIBUTES on an index and ALL_ATTRIBUTES on a table.
enum class Select { AllAttributes, AllProjectedAttributes, Count, SpecificAttributes };

// The parameters Query and Scan share: what to return, how many, and the capacity report.
struct ReadRequest {
  std::string table_name;
  std::optional<std::string> index_name;  // IndexName
  engine::PageLimits limits;
  Select select = Select::AllAttributes;
  bool consistent = false;
  Projection projection;
  // FilterExpression (or, translated, QueryFilter/ScanFilter): applied to the items a page read.
  std::optional<engine::Condition> filter;
  CapacityDetail capacity = CapacityDetail::None;

  bool count_only() const { return select == Select::Count; }
};

// Reads TableName, IndexName, Limit, Select, ConsistentRead and ReturnConsumedCapacity, with the
// model's constraints (AttributesToGet's too) and DynamoDB's Select rules. `query`: the request is
// a Query, whose Select messages come in the "1 validation error detected: " envelope (Scan's do
// not).
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

// One page as read, whatever was read: table items or index entries, and the LastEvaluatedKey as
// the attribute map DynamoDB returns.
struct ReadPage {
  std::vector<engine::Item> items;
  std::optional<engine::Item> last_evaluated_key;
  std::size_t bytes_read = 0;  // for read capacity
};

// A table's page, its LastEvaluatedKey written out under `schema`.
ReadPage table_page(engine::Page page, const engine::KeySchema& schema);

// What an index read adds to page_response: the index, for the capacity report, and, when the read
// returns attributes its entries lack (an LSI read of ALL_ATTRIBUTES or of unprojected attributes),
// `fetch`, which gives an entry's table item, or nullopt when the item is gone.
struct IndexSource {
  const engine::Index* index = nullptr;
  std::function<std::optional<engine::Item>(const engine::Item& entry)> fetch;
};

// Items (unless COUNT), Count, ScannedCount, LastEvaluatedKey and ConsumedCapacity of a page. The
// filter applies after the page was read, to the items (entries) read: Limit and the 1 MB limit
// count the items read (ScannedCount, and the capacity), Count the ones that passed. An index
// read's fetch, if any, runs for the items that passed; an item that vanished is left out. Notes
// the page's counts and units in `usage`.
ResponseBody page_response(const ReadPage& page, const ReadRequest& read, RequestUsage& usage,
                           const IndexSource* index = nullptr);

}  // namespace ddb::protocol
