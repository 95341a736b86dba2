#include "protocol/legacy/conditional_operator.h"

#include <utility>

#include "engine/error.h"

namespace ddb::protocol::legacy {

std::optional<LogicalOperator> read_conditional_operator(const Json& request) {
  auto text = get_string(request, "ConditionalOperator");
  if (!text) return std::nullopt;
  return *text == "OR" ? LogicalOperator::Or : LogicalOperator::And;
}

void check_conditional_operator_use(const std::optional<LogicalOperator>& conditional_operator,
                                    const Json* conditions) {
  if (!conditional_operator) return;
  if (!conditions) {
    throw engine::Error::validation(
        "ConditionalOperator cannot be used without Filter or Expected");
  }
  if (conditions->size() < 2) {
    throw engine::Error::validation(
        "ConditionalOperator can only be used when Filter or Expected has two or more elements");
  }
}

engine::Condition join_conditions(std::vector<engine::Condition> conditions, LogicalOperator op) {
  engine::Condition joined = std::move(conditions.front());
  for (std::size_t i = 1; i < conditions.size(); ++i) {
    engine::Condition next;
    next.kind =
        op == LogicalOperator::Or ? engine::Condition::Kind::Or : engine::Condition::Kind::And;
    next.children.push_back(std::move(joined));
    next.children.push_back(std::move(conditions[i]));
    joined = std::move(next);
  }
  return joined;
}

}  // namespace ddb::protocol::legacy
