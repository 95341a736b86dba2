#include "protocol/legacy/filter.h"

#include <string>
#include <utility>

namespace ddb::protocol::legacy {

std::optional<Filter> read_filter(const Json& request, FilterMember member) {
  const bool query = member == FilterMember::QueryFilter;
  const Json* map = find_member(request, query ? "QueryFilter" : "ScanFilter");
  std::optional<LogicalOperator> op = read_conditional_operator(request);
  check_conditional_operator_use(op, map);
  if (!map) return std::nullopt;
  expect_map(*map, "com.amazonaws.dynamodb.v20120810.Condition");
  Filter filter;
  filter.join = op.value_or(LogicalOperator::And);
  for (const auto& [attribute, condition] : map->items()) {
    filter.conditions.push_back(
        read_condition(attribute, condition, query ? "queryFilter" : "scanFilter"));
  }
  if (filter.conditions.empty()) return std::nullopt;
  return filter;
}

engine::Condition filter_condition(const Filter& filter) {
  std::vector<engine::Condition> conditions;
  for (const AttributeCondition& condition : filter.conditions) {
    conditions.push_back(to_engine_condition(condition));
  }
  return join_conditions(std::move(conditions), filter.join);
}

}  // namespace ddb::protocol::legacy
