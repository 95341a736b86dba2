#pragma once

#include <optional>

#include "engine/value.h"

namespace ddb::engine {

// One end of a sort-key range.
struct SortKeyBound {
  AttributeValue value;
  bool inclusive = true;
};

// The sort-key part of a Query's key condition as a range of DynamoDB's key order. An absent bound
// is unbounded. Every key condition on the sort key (=, <, <=, >, >=, BETWEEN, begins_with) is one
// range.
struct SortKeyRange {
  std::optional<SortKeyBound> lower;
  std::optional<SortKeyBound> upper;

  static SortKeyRange all() { return {}; }
  static SortKeyRange equal(const AttributeValue& v) { return {{{v, true}}, {{v, true}}}; }
  static SortKeyRange less(const AttributeValue& v) { return {std::nullopt, {{v, false}}}; }
  static SortKeyRange less_equal(const AttributeValue& v) { return {std::nullopt, {{v, true}}}; }
  static SortKeyRange greater(const AttributeValue& v) { return {{{v, false}}, std::nullopt}; }
  static SortKeyRange greater_equal(const AttributeValue& v) { return {{{v, true}}, std::nullopt}; }
  static SortKeyRange between(const AttributeValue& low, const AttributeValue& high) {
    return {{{low, true}}, {{high, true}}};
  }
  // begins_with(sk, prefix) for S or B: the half-open range [prefix, next prefix), where the next
  // prefix drops trailing 0xFF bytes and increments the last byte ("ORDER#" -> "ORDER$"). A prefix
  // of only 0xFF bytes (or empty) has no upper bound.
  static SortKeyRange begins_with(const AttributeValue& prefix);

  // Whether `v` (same type as the bounds) lies in the range, or on the right side of one bound.
  bool contains(const AttributeValue& v) const { return above_lower(v) && below_upper(v); }
  bool above_lower(const AttributeValue& v) const;
  bool below_upper(const AttributeValue& v) const;
};

}  // namespace ddb::engine
