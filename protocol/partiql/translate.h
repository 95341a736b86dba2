#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/expression.h"
#include "engine/item.h"
#include "engine/table_definition.h"
#include "protocol/partiql/ast.h"
#include "protocol/reads/key_condition.h"

namespace ddb::protocol::partiql {

// Lowers a parsed statement's expressions onto the engine's trees, with its `?` parameters bound
// to `parameters` (in order; the caller has checked that the counts match). Messages are
// DynamoDB's (messages.h says where each comes from).
class Translator {
 public:
  explicit Translator(const std::vector<engine::AttributeValue>& parameters)
      : parameters_(parameters) {}

  // Whether `expr` is a value known without an item: a literal, a parameter, or a list, map or
  // set of such.
  static bool is_constant(const Expr& expr);
  // The value of a constant expression.
  engine::AttributeValue constant(const Expr& expr) const;
  // A WHERE clause as a condition.
  engine::Condition condition(const Expr& expr) const;
  // An UPDATE's SET and REMOVE clauses as update actions.
  std::vector<engine::UpdateAction> actions(const std::vector<UpdateClause>& clauses) const;
  // An INSERT's item: its VALUE, which must be a map.
  engine::Item item(const Expr& value) const;

  // A write's WHERE split into the item's key (an equality on each of `key_names`, each exactly
  // once among the top-level AND terms) and the rest, the write's condition. Throws "Where clause
  // does not contain a mandatory equality on all key attributes" when one is missing.
  struct KeyedWhere {
    engine::Item key;
    std::optional<engine::Condition> rest;
  };
  KeyedWhere split_key(const Expr& where, const std::vector<std::string>& key_names) const;

  // The key-style terms among a SELECT's top-level AND terms on the attributes of `schema`
  // (equality, <, <=, >, >=, BETWEEN, begins_with with constant operands, at most one per
  // attribute), for match_key_schema or match_index_key_schema to turn into a Query. Empty when
  // the WHERE is absent or is not an AND of terms.
  std::vector<KeyPredicate> key_predicates(const std::optional<Expr>& where,
                                           const engine::IndexKeySchema& schema) const;

  // The values of `attribute IN (...)` among the WHERE's top-level AND terms, each once, in the
  // order written; empty when there is no such term or a value is not of the attribute's type.
  std::vector<engine::AttributeValue> partition_candidates(
      const std::optional<Expr>& where, const engine::KeyAttribute& attribute) const;

 private:
  engine::Operand operand(const Expr& expr, bool update) const;

  const std::vector<engine::AttributeValue>& parameters_;
};

// The top-level AND terms of `expr`, in order (one term when it is not an AND).
std::vector<const Expr*> conjuncts(const Expr& expr);

}  // namespace ddb::protocol::partiql
