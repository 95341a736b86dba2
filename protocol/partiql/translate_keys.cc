// The Translator's reading of key terms (translate.h): a write's full key, a SELECT's key
// predicates and the values of an IN on the partition key.

#include <algorithm>
#include <string>
#include <utility>

#include "engine/error.h"
#include "protocol/partiql/messages.h"
#include "protocol/partiql/translate.h"

namespace ddb::protocol::partiql {

namespace {

using engine::AttributeValue;
using engine::Condition;
using engine::Error;
using engine::Type;

// The attribute a one-step path names, or nullptr.
const std::string* top_level_name(const Expr& expr) {
  if (expr.kind != Expr::Kind::Path || expr.path.size() != 1) return nullptr;
  return &expr.path[0].name;
}

}  // namespace

Translator::KeyedWhere Translator::split_key(const Expr& where,
                                             const std::vector<std::string>& key_names) const {
  KeyedWhere result;
  std::vector<const Expr*> rest;
  for (const Expr* term : conjuncts(where)) {
    const std::string* name = nullptr;
    const Expr* value = nullptr;
    if (term->kind == Expr::Kind::Compare && term->comparator == engine::Comparator::Eq) {
      for (int side = 0; side < 2 && !name; ++side) {
        const std::string* candidate = top_level_name(term->children[side]);
        if (candidate && is_constant(term->children[1 - side]) &&
            std::find(key_names.begin(), key_names.end(), *candidate) != key_names.end()) {
          name = candidate;
          value = &term->children[1 - side];
        }
      }
    }
    if (!name) {
      rest.push_back(term);
      continue;
    }
    if (result.key.contains(*name)) {
      throw Error::validation("Multiple conditions on same key " + *name +
                              ". Only single item Update/Insert/Delete are supported");
    }
    result.key.emplace(*name, constant(*value));
  }
  if (result.key.size() != key_names.size()) throw Error::validation(kIncompleteKey);
  for (const Expr* term : rest) {
    Condition next = condition(*term);
    if (!result.rest) {
      result.rest = std::move(next);
      continue;
    }
    Condition both;
    both.kind = Condition::Kind::And;
    both.children = {std::move(*result.rest), std::move(next)};
    result.rest = std::move(both);
  }
  return result;
}

std::vector<KeyPredicate> Translator::key_predicates(const std::optional<Expr>& where,
                                                     const engine::IndexKeySchema& schema) const {
  std::vector<KeyPredicate> predicates;
  if (!where) return predicates;
  const auto type_of = [&schema](const std::string& name) -> std::optional<Type> {
    for (const auto* list : {&schema.partition, &schema.sort}) {
      for (const engine::KeyAttribute& attribute : *list) {
        if (attribute.name == name) return attribute.type;
      }
    }
    return std::nullopt;
  };
  const auto add = [&](const std::string& name, KeyPredicate::Op op,
                       std::vector<AttributeValue> values) {
    std::optional<Type> type = type_of(name);
    if (!type) return;
    for (const AttributeValue& value : values) {
      if (value.type() != *type) return;
    }
    for (const KeyPredicate& existing : predicates) {
      if (existing.attribute == name) return;
    }
    predicates.push_back({name, op, std::move(values)});
  };
  for (const Expr* term : conjuncts(*where)) {
    if (term->kind == Expr::Kind::Compare && term->comparator != engine::Comparator::Ne) {
      for (int side = 0; side < 2; ++side) {
        const std::string* name = top_level_name(term->children[side]);
        const Expr& other = term->children[1 - side];
        if (!name || !is_constant(other)) continue;
        // `value < sk` is `sk > value`.
        engine::Comparator op = term->comparator;
        if (side == 1) {
          if (op == engine::Comparator::Lt)
            op = engine::Comparator::Gt;
          else if (op == engine::Comparator::Le)
            op = engine::Comparator::Ge;
          else if (op == engine::Comparator::Gt)
            op = engine::Comparator::Lt;
          else if (op == engine::Comparator::Ge)
            op = engine::Comparator::Le;
        }
        static constexpr KeyPredicate::Op kOps[] = {KeyPredicate::Op::Eq, KeyPredicate::Op::Eq,
                                                    KeyPredicate::Op::Lt, KeyPredicate::Op::Le,
                                                    KeyPredicate::Op::Gt, KeyPredicate::Op::Ge};
        add(*name, kOps[static_cast<int>(op)], {constant(other)});
        break;
      }
    } else if (term->kind == Expr::Kind::Between) {
      const std::string* name = top_level_name(term->children[0]);
      if (name && is_constant(term->children[1]) && is_constant(term->children[2])) {
        add(*name, KeyPredicate::Op::Between,
            {constant(term->children[1]), constant(term->children[2])});
      }
    } else if (term->kind == Expr::Kind::Call && term->name == "begins_with" &&
               term->children.size() == 2) {
      const std::string* name = top_level_name(term->children[0]);
      if (name && is_constant(term->children[1])) {
        add(*name, KeyPredicate::Op::BeginsWith, {constant(term->children[1])});
      }
    }
  }
  return predicates;
}

std::vector<AttributeValue> Translator::partition_candidates(
    const std::optional<Expr>& where, const engine::KeyAttribute& attribute) const {
  if (!where) return {};
  for (const Expr* term : conjuncts(*where)) {
    const std::string* name =
        term->kind == Expr::Kind::In ? top_level_name(term->children[0]) : nullptr;
    if (!name || *name != attribute.name) continue;
    std::vector<AttributeValue> values;
    for (std::size_t i = 1; i < term->children.size(); ++i) {
      if (!is_constant(term->children[i])) return {};
      AttributeValue value = constant(term->children[i]);
      if (value.type() != attribute.type) return {};
      if (std::find(values.begin(), values.end(), value) == values.end()) {
        values.push_back(std::move(value));
      }
    }
    return values;
  }
  return {};
}

}  // namespace ddb::protocol::partiql
