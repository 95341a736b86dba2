#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/expression.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol::legacy {

// ConditionalOperator: how the conditions of Expected, QueryFilter or ScanFilter combine.
enum class LogicalOperator : uint8_t { And, Or };

// Reads ConditionalOperator; std::nullopt when absent. Requires: its enum constraint was checked
// (add_legacy_constraints); an unknown value reads as And.
std::optional<LogicalOperator> read_conditional_operator(const Json& request);

// ConditionalOperator only makes sense with a map of two or more conditions. `conditions` is the
// Expected / QueryFilter / ScanFilter member (nullptr when absent). Messages (the ones the
// DynamoDB Accelerator client's RequestValidator copies from DynamoDB; the second also in
// paritysuite deepRequests.test.ts, eu-west-2/eu-central-1/ap-southeast-2 2026-10):
//   absent:   "ConditionalOperator cannot be used without Filter or Expected"
//   0 or 1:   "ConditionalOperator can only be used when Filter or Expected has two or more
//             elements"
void check_conditional_operator_use(const std::optional<LogicalOperator>& conditional_operator,
                                    const Json* conditions);

// `conditions` joined left to right with AND or OR: ((c1 AND c2) AND c3). One condition is
// returned as it is. Requires: !conditions.empty().
engine::Condition join_conditions(std::vector<engine::Condition> conditions, LogicalOperator op);

}  // namespace ddb::protocol::legacy
