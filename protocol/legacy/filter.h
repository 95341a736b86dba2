#pragma once

#include <optional>
#include <vector>

#include "engine/expression.h"
#include "engine/item.h"
#include "protocol/json/json_fields.h"
#include "protocol/legacy/comparison.h"
#include "protocol/legacy/conditional_operator.h"

namespace ddb::protocol::legacy {

// A Query's QueryFilter or a Scan's ScanFilter with its ConditionalOperator, validated.
struct Filter {
  std::vector<AttributeCondition> conditions;  // in attribute-name order; never empty
  LogicalOperator join = LogicalOperator::And;
};

enum class FilterMember { QueryFilter, ScanFilter };

// Reads the filter member and ConditionalOperator; std::nullopt when the member is absent or an
// empty map. Call after add_legacy_constraints and check_expression_members, and before the table
// lookup (Query: before KeyConditions, which dynalite test/query.js shows is checked after the
// QueryFilter). A QueryFilter may not name a key attribute; Query checks that as it does for a
// FilterExpression ("QueryFilter can only contain non-primary key attributes: ..."). Checks, in
// order: ConditionalOperator use (legacy/conditional_operator.h), then each Condition's values and
// validate_condition (legacy/comparison.h), attribute by attribute.
std::optional<Filter> read_filter(const Json& request, FilterMember member);

// The engine condition the filter evaluates (the conditions joined by its ConditionalOperator).
engine::Condition filter_condition(const Filter& filter);

}  // namespace ddb::protocol::legacy
