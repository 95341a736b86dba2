#include "protocol/legacy/key_conditions.h"

#include <optional>
#include <string>

#include "engine/error.h"
#include "protocol/messages.h"

namespace ddb::protocol::legacy {

using engine::Error;

namespace {

std::optional<KeyPredicate::Op> indexable(ComparisonOperator op) {
  switch (op) {
    case ComparisonOperator::Eq:
      return KeyPredicate::Op::Eq;
    case ComparisonOperator::Le:
      return KeyPredicate::Op::Le;
    case ComparisonOperator::Lt:
      return KeyPredicate::Op::Lt;
    case ComparisonOperator::Ge:
      return KeyPredicate::Op::Ge;
    case ComparisonOperator::Gt:
      return KeyPredicate::Op::Gt;
    case ComparisonOperator::BeginsWith:
      return KeyPredicate::Op::BeginsWith;
    case ComparisonOperator::Between:
      return KeyPredicate::Op::Between;
    default:
      return std::nullopt;
  }
}

constexpr std::size_t kMaxIndexKeyAttributes = 8;
constexpr const char* kConditionCount = "Conditions can be of length 1 or 2 only";

[[noreturn]] void missed(const std::string& name) {
  throw Error::validation(std::string(kQueryMissedKeyElement) + name);
}

KeyPredicate to_predicate(const AttributeCondition& condition) {
  std::optional<KeyPredicate::Op> op = indexable(condition.op);
  if (!op)
    throw Error::validation("Attempted conditional constraint is not an indexable operation");
  return KeyPredicate{condition.attribute, *op, condition.values};
}

}  // namespace

std::vector<AttributeCondition> read_key_conditions(const Json& request, bool index_read) {
  const Json* map = find_member(request, "KeyConditions");
  std::vector<AttributeCondition> conditions;
  if (map) {
    expect_map(*map, "com.amazonaws.dynamodb.v20120810.Condition");
    for (const auto& [attribute, condition] : map->items()) {
      conditions.push_back(read_condition(attribute, condition, "keyConditions"));
    }
  }
  if (conditions.empty() || conditions.size() > (index_read ? kMaxIndexKeyAttributes : 2)) {
    throw Error::validation(kConditionCount);
  }
  return conditions;
}

std::vector<KeyPredicate> key_predicates(const std::vector<AttributeCondition>& conditions,
                                         const engine::KeySchema& schema) {
  bool has_partition = false;
  for (const auto& condition : conditions) {
    has_partition = has_partition || condition.attribute == schema.partition.name;
  }
  if (!has_partition) missed(schema.partition.name);
  for (const auto& condition : conditions) {
    if (condition.attribute == schema.partition.name) continue;
    if (!schema.sort) throw Error::validation("Query key condition not supported");
    if (condition.attribute != schema.sort->name) missed(schema.sort->name);
  }
  std::vector<KeyPredicate> predicates;
  for (const auto& condition : conditions) predicates.push_back(to_predicate(condition));
  return predicates;
}

std::vector<KeyPredicate> key_predicates(const std::vector<AttributeCondition>& conditions,
                                         const engine::IndexKeySchema& schema) {
  if (auto single = schema.single()) {
    if (conditions.size() > 2) throw Error::validation(kConditionCount);
    return key_predicates(conditions, *single);
  }
  std::vector<KeyPredicate> predicates;
  for (const auto& condition : conditions) predicates.push_back(to_predicate(condition));
  return predicates;
}

}  // namespace ddb::protocol::legacy
