#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/item.h"
#include "engine/sort_key_range.h"
#include "engine/table_definition.h"
#include "protocol/expr/ast.h"
#include "protocol/requests/expression_attributes.h"

namespace ddb::protocol {

// One condition of a KeyConditionExpression on one attribute, with names and values resolved.
struct KeyPredicate {
  enum class Op { Eq, Lt, Le, Gt, Ge, Between, BeginsWith };
  std::string attribute;
  Op op = Op::Eq;
  std::vector<engine::AttributeValue> values;  // two for Between, one otherwise
};

// A Query's key condition, checked against the key schema.
struct KeyCondition {
  engine::AttributeValue partition;
  engine::SortKeyRange range;
  // Whether the condition names exactly one item (equality on every key attribute).
  bool single_item = false;
};

// Splits a parsed KeyConditionExpression into its per-attribute predicates and checks everything
// that does not need the table: only AND, only key-style comparisons, BETWEEN and begins_with, the
// key attribute as the first operand, operand types. Messages are DynamoDB's.
std::vector<KeyPredicate> key_predicates(const expr::Condition& condition,
                                         ExpressionAttributes& attributes);

// Matches the predicates with the key schema of the table or, on a Query with IndexName, of the
// index `index_name`: equality on the partition key, at most one predicate on the sort key, values
// of the key's types. On an index, equality on every key attribute still selects any number of
// entries (single_item is false), and an empty string or binary value gets the index form of the
// message ("... IndexName: <index>, IndexKey: <attribute>").
KeyCondition match_key_schema(const std::vector<KeyPredicate>& predicates,
                              const engine::KeySchema& schema, std::string_view index_name = {});

// The same for a Query with IndexName. A multi-attribute key (engine/key_tuple.h) needs equality on
// every partition-key attribute and conditions on a leading run of its sort-key attributes:
// equality on each but the last, which may have any sort-key condition. Its partition value and
// range are then over key tuples. A single-attribute key goes to match_key_schema.
KeyCondition match_index_key_schema(const std::vector<KeyPredicate>& predicates,
                                    const engine::IndexKeySchema& schema,
                                    std::string_view index_name);

}  // namespace ddb::protocol
