#include "protocol/partiql/planner.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include "engine/error.h"

namespace ddb::protocol::partiql {

namespace {

using engine::Error;

// The KeyCondition of a Query when the WHERE fixes the partition; nullopt for a Scan. A WHERE
// whose key terms a Query could not take as they stand (a type the key does not have, a sort-key
// term of another shape) is read as a Scan: the filter then decides, which gives the same items.
std::optional<KeyCondition> plan_query(std::vector<KeyPredicate> predicates,
                                       const engine::IndexKeySchema& schema,
                                       const std::optional<std::string>& index_name) {
  for (const engine::KeyAttribute& attribute : schema.partition) {
    bool fixed = false;
    for (const KeyPredicate& predicate : predicates) {
      fixed =
          fixed || (predicate.attribute == attribute.name && predicate.op == KeyPredicate::Op::Eq);
    }
    if (!fixed) return std::nullopt;
  }
  // match_*_key_schema take at most the key's own terms, and for a multi-attribute sort key a
  // leading run; drop sort-key terms until they match.
  while (true) {
    try {
      if (index_name) return match_index_key_schema(predicates, schema, *index_name);
      return match_key_schema(predicates, *schema.single());
    } catch (const Error&) {
      auto last_sort = std::find_if(predicates.rbegin(), predicates.rend(),
                                    [&schema](const KeyPredicate& predicate) {
                                      for (const auto& attribute : schema.sort) {
                                        if (attribute.name == predicate.attribute) return true;
                                      }
                                      return false;
                                    });
      if (last_sort == predicates.rend()) return std::nullopt;
      predicates.erase(std::next(last_sort).base());
    }
  }
}

}  // namespace

ReadPlan plan_reads(const Translator& translator, const Statement& statement,
                    const engine::IndexKeySchema& schema,
                    const std::optional<std::string>& index_name) {
  ReadPlan plan;
  std::vector<KeyPredicate> predicates = translator.key_predicates(statement.where, schema);
  if (auto query = plan_query(predicates, schema, index_name)) {
    plan.queries.push_back(std::move(*query));
    return plan;
  }
  // IN on the partition key: DynamoDB reads each partition (ORDER BY across them is not kept).
  if (schema.partition.size() != 1 || !statement.order_by.empty()) return plan;
  std::vector<engine::AttributeValue> values =
      translator.partition_candidates(statement.where, schema.partition[0]);
  std::erase_if(predicates, [&schema](const KeyPredicate& predicate) {
    return predicate.attribute == schema.partition[0].name;
  });
  for (engine::AttributeValue& value : values) {
    std::vector<KeyPredicate> one = predicates;
    one.push_back({schema.partition[0].name, KeyPredicate::Op::Eq, {std::move(value)}});
    auto query = plan_query(std::move(one), schema, index_name);
    if (!query) return {};
    plan.queries.push_back(std::move(*query));
  }
  return plan;
}

}  // namespace ddb::protocol::partiql
