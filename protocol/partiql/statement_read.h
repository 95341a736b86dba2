#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "protocol/context.h"
#include "protocol/json/response_body.h"
#include "protocol/partiql/bound_statement.h"
#include "protocol/requests/item_request.h"

namespace ddb::protocol::partiql {

// ExecuteStatement's parameters of a SELECT.
struct ReadOptions {
  bool consistent = false;
  std::size_t limit = 0;  // Limit: items evaluated per page; 0 for none
  std::optional<std::string> next_token;
  CapacityDetail capacity = CapacityDetail::None;
  // What identifies the statement for NextToken (a token is only good for the statement and
  // parameters that produced it), computed only when a token is read or written.
  std::function<std::string()> fingerprint;
};

// Runs one page of a SELECT, planned as DynamoDB plans it: when the WHERE fixes the partition key
// of the table or of the index read (an equality on every partition-key attribute among its
// top-level AND terms), a Query of that partition, with a sort-key term of key-condition shape as
// its range; otherwise a Scan. The whole WHERE filters the items read, so Limit counts items
// evaluated, as in Query and Scan. ORDER BY the sort key (DESC) reads the partition backwards.
// The response holds Items, LastEvaluatedKey and NextToken when the page stopped early, and
// ConsumedCapacity as the equivalent Query or Scan reports it.
ResponseBody run_select(const RequestContext& ctx, const BoundStatement& bound,
                        const ReadOptions& options);

// The item a transaction's or a batch's SELECT names by its table's full key: reads in
// ExecuteTransaction and BatchExecuteStatement must name one item, so a WHERE without the full key
// is `incomplete_key_message` and a read of an index `index_message` (after the refusal of an
// index with a multi-attribute key, which comes first).
struct KeyedRead {
  std::shared_ptr<const engine::Table> table;
  engine::Key key;
  std::optional<engine::Condition> rest;  // the rest of the WHERE, a filter on the item
};
KeyedRead prepare_keyed_read(const RequestContext& ctx, const BoundStatement& bound,
                             const char* incomplete_key_message, const char* index_message);

// The item a keyed read returns: projected as the SELECT asks; nothing when the item is missing
// or the rest of the WHERE rejects it.
std::optional<engine::Item> keyed_read_result(const BoundStatement& bound, const KeyedRead& read,
                                              const std::optional<engine::Item>& item);

}  // namespace ddb::protocol::partiql
