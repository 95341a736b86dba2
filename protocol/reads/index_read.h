#pragma once

#include <memory>
#include <optional>

#include "engine/expression.h"
#include "engine/index.h"
#include "engine/table.h"
#include "protocol/json/json_fields.h"
#include "protocol/reads/read_page.h"

namespace ddb::protocol {

// Query and Scan with IndexName: DynamoDB's rules for reading a secondary index, its
// ExclusiveStartKey and its pages. The operations call these in this order, after the table was
// found.

// The index `read.index_name` names on `table` (Requires: it is set), checked as DynamoDB checks it
// before it looks at the key condition. ValidationExceptions:
//   - no such index: "The table does not have the specified index: <name>"
//   - ConsistentRead on a GSI: "Consistent reads are not supported on global secondary indexes"
//   - a GSI UpdateTable is still building: "Cannot read from backfilling global secondary index:
//     <name>"
//   - Select ALL_ATTRIBUTES on a GSI whose projection is not ALL: "One or more parameter values
//     were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index <name>
//     because its projection type is not ALL"
std::shared_ptr<const engine::Index> open_index(const engine::Table& table,
                                                const ReadRequest& read);

// A Query's filter may only read attributes the index projects: "One or more parameter values were
// invalid: Secondary index <name> does not project one or more filter attributes: [a, b]".
void check_filter_projected(const engine::Index& index, const engine::Condition& filter);

// Decodes ExclusiveStartKey for an index read: exactly the table's and the index's key attributes,
// else "The provided starting key is invalid"; an index key of the wrong type is "The provided key
// element does not match the schema", a table key of the wrong type "The provided starting key is
// invalid: The provided key element does not match the schema".
std::optional<engine::IndexPosition> parse_index_start_key(const Json& request,
                                                           const engine::Index& index);

// How the read returns entries (for page_response): checks that a ProjectionExpression or
// AttributesToGet on a GSI names only projected attributes ("One or more parameter values were
// invalid: Global secondary index <name> does not project [a, b]"), and fetches the table item of
// each entry when an LSI read wants attributes its entries lack. `table` must outlive the result.
IndexSource index_source(const std::shared_ptr<const engine::Table>& table,
                         const engine::Index& index, const ReadRequest& read);

// An index page, with the LastEvaluatedKey DynamoDB returns: the table's key attributes and the
// index's.
ReadPage index_page(engine::IndexPage page, const engine::Index& index);

}  // namespace ddb::protocol
