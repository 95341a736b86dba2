#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/item.h"
#include "engine/operand.h"

namespace ddb::engine {

enum class Comparator : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

// A condition (ConditionExpression, FilterExpression, and the legacy
// Expected/QueryFilter/ScanFilter translated into the same tree).
struct Condition {
  enum class Kind : uint8_t {
    Compare,             // operands {left, right}, `comparator`
    Between,             // operands {value, lower, upper}
    In,                  // operands {value, candidate...}
    AttributeExists,     // operands {path}
    AttributeNotExists,  // operands {path}
    AttributeType,       // operands {path, type name value (S)}
    BeginsWith,          // operands {value, prefix}
    Contains,            // operands {haystack, needle}
    And,                 // children {a, b}
    Or,                  // children {a, b}
    Not,                 // children {a}
  };
  Kind kind = Kind::Compare;
  Comparator comparator = Comparator::Eq;
  std::vector<Operand> operands;
  std::vector<Condition> children;
  friend bool operator==(const Condition&, const Condition&) = default;

  // A condition of a kind that reads `operands` (a Compare needs its `comparator` set too).
  static Condition of(Kind kind, std::vector<Operand> operands) {
    Condition condition;
    condition.kind = kind;
    condition.operands = std::move(operands);
    return condition;
  }
  // And, Or or Not over `children`.
  static Condition over(Kind kind, std::vector<Condition> children) {
    Condition condition;
    condition.kind = kind;
    condition.children = std::move(children);
    return condition;
  }
};

// Evaluates `condition` against `item` (an empty item when there is none) with DynamoDB's
// semantics: comparisons between different types are false, not errors; a missing attribute makes
// a comparison false, except `<>`, which is true; size() of a missing path, or of an N, BOOL or
// NULL, is absent. Does not copy the item. Never throws for a tree protocol has validated.
bool evaluate(const Condition& condition, const Item& item);

}  // namespace ddb::engine
