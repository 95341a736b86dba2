#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/table_definition.h"
#include "protocol/partiql/ast.h"
#include "protocol/partiql/translate.h"
#include "protocol/reads/key_condition.h"

namespace ddb::protocol::partiql {

// The reads a SELECT makes, planned as DynamoDB plans them: one Query when the WHERE's top-level
// AND terms hold an equality on the partition key of the table or index read (with a sort-key term
// of key-condition shape as the Query's range), a Query per value of an IN on the partition key
// (in the order written, duplicates once; not with ORDER BY), or else a Scan. Key terms a Query
// could not take as they stand (a value of another type than the key's, a sort-key term of another
// shape) leave the read a Scan, or the Query without that range: the WHERE filters every item read
// in any case, so the items are the same.
struct ReadPlan {
  std::vector<KeyCondition> queries;  // empty: a Scan
};

// `schema`: the key of the table, or of the index `index_name` (a single-attribute key).
ReadPlan plan_reads(const Translator& translator, const Statement& statement,
                    const engine::IndexKeySchema& schema,
                    const std::optional<std::string>& index_name);

}  // namespace ddb::protocol::partiql
