#pragma once

// Hand-built engine trees and values for the legacy conversion tests, so that expected results
// are written out rather than produced by the code under test.

#include <string>
#include <utility>
#include <vector>

#include "engine/expression.h"
#include "engine/number.h"
#include "engine/value.h"

namespace ddb::test::legacy_trees {

using engine::AttributeValue;
using engine::Condition;
using engine::Operand;

inline AttributeValue S(std::string s) { return AttributeValue::string(std::move(s)); }
inline AttributeValue N(std::string_view n) {
  return AttributeValue::number(engine::Number::parse(n));
}

inline engine::DocumentPath path(std::string name) {
  engine::PathStep step;
  step.name = std::move(name);
  return {step};
}

inline Operand at(std::string name) {
  Operand operand;
  operand.kind = Operand::Kind::Path;
  operand.path = path(std::move(name));
  return operand;
}

inline Operand val(AttributeValue value) {
  Operand operand;
  operand.kind = Operand::Kind::Value;
  operand.value = std::move(value);
  return operand;
}

inline Condition node(Condition::Kind kind, std::vector<Operand> operands) {
  Condition condition;
  condition.kind = kind;
  condition.operands = std::move(operands);
  return condition;
}

inline Condition cmp(std::string name, engine::Comparator comparator, AttributeValue value) {
  Condition condition =
      node(Condition::Kind::Compare, {at(std::move(name)), val(std::move(value))});
  condition.comparator = comparator;
  return condition;
}

inline Condition exists(std::string name) {
  return node(Condition::Kind::AttributeExists, {at(std::move(name))});
}

inline Condition not_exists(std::string name) {
  return node(Condition::Kind::AttributeNotExists, {at(std::move(name))});
}

inline Condition logical(Condition::Kind kind, std::vector<Condition> children) {
  Condition condition;
  condition.kind = kind;
  condition.children = std::move(children);
  return condition;
}

inline Condition both(Condition a, Condition b) {
  return logical(Condition::Kind::And, {std::move(a), std::move(b)});
}

inline Condition either(Condition a, Condition b) {
  return logical(Condition::Kind::Or, {std::move(a), std::move(b)});
}

inline Condition negation(Condition a) { return logical(Condition::Kind::Not, {std::move(a)}); }

}  // namespace ddb::test::legacy_trees
