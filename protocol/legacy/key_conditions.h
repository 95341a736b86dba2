#pragma once

#include <vector>

#include "engine/item.h"
#include "protocol/json/json_fields.h"
#include "protocol/legacy/comparison.h"
#include "protocol/reads/key_condition.h"

namespace ddb::protocol::legacy {

// A Query's KeyConditions, read and validated without the table: each Condition's values and
// validate_condition (legacy/comparison.h), attribute by attribute, then the count: "Conditions
// can be of length 1 or 2 only" for none or more than two (dynalite test/query.js, from AWS). On an
// index (`index_read`) up to eight pass, as a multi-attribute key has up to eight attributes; an
// index with a single-attribute key refuses more than two in key_predicates.
// Call after add_legacy_constraints, check_expression_members, the QueryFilter and the
// "Either the KeyConditions or KeyConditionExpression parameter must be specified" check.
// Requires: the request has KeyConditions.
std::vector<AttributeCondition> read_key_conditions(const Json& request, bool index_read);

// Once the key schema is known: the conditions as KeyPredicates for match_key_schema, which then
// applies the rules shared with KeyConditionExpression ("Query key condition not supported",
// "Condition parameter type does not match schema type", ...). Before that, in DynamoDB's order
// (dynalite test/query.js, from AWS):
//   "Query condition missed key schema element: pk" (no condition on the partition key; with two
//     conditions, one not on the sort key names the sort key; on a table without one, "Query key
//     condition not supported");
//   "Attempted conditional constraint is not an indexable operation" (NE, NULL, NOT_NULL,
//     CONTAINS, NOT_CONTAINS or IN on a key attribute).
std::vector<KeyPredicate> key_predicates(const std::vector<AttributeCondition>& conditions,
                                         const engine::KeySchema& schema);

// The same on an index: a single-attribute key as above; a multi-attribute key's conditions become
// KeyPredicates for match_index_key_schema, which checks which attributes they name.
std::vector<KeyPredicate> key_predicates(const std::vector<AttributeCondition>& conditions,
                                         const engine::IndexKeySchema& schema);

}  // namespace ddb::protocol::legacy
