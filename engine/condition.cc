#include "engine/condition.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/operand.h"

namespace ddb::engine {

namespace {

// The types that <, <=, >, >= and BETWEEN order; any other type makes them false.
bool is_ordered(Type type) { return type == Type::N || type == Type::S || type == Type::B; }

// Whether a and b can be ordered against each other: both present, same type, one of N, S, B.
// A missing attribute or a type mismatch read from the item makes the comparison false rather
// than an error (scylladb test_condition_expression.py, test_update_condition_lt and the like);
// mismatched constants are rejected by protocol before the item is read.
bool orderable(const AttributeValue* a, const AttributeValue* b) {
  return a != nullptr && b != nullptr && a->type() == b->type() && is_ordered(a->type());
}

bool equal(const AttributeValue* a, const AttributeValue* b) {
  return a != nullptr && b != nullptr && *a == *b;
}

bool compare(Comparator comparator, const AttributeValue* a, const AttributeValue* b) {
  switch (comparator) {
    case Comparator::Eq:
      return equal(a, b);
    // `<>` is the negation of `=`: true when either side is missing, even both (scylladb
    // test_condition_expression.py, test_update_condition_ne and test_update_condition_ne_two_
    // unset, run against DynamoDB; truora/minidyn#23).
    case Comparator::Ne:
      return !equal(a, b);
    case Comparator::Lt:
      return orderable(a, b) && compare_keys(*a, *b) < 0;
    case Comparator::Le:
      return orderable(a, b) && compare_keys(*a, *b) <= 0;
    case Comparator::Gt:
      return orderable(a, b) && compare_keys(*a, *b) > 0;
    case Comparator::Ge:
      return orderable(a, b) && compare_keys(*a, *b) >= 0;
  }
  return false;
}

bool between(const AttributeValue* value, const AttributeValue* lower,
             const AttributeValue* upper) {
  // Bounds in the wrong order read from the item make BETWEEN false, not an error (scylladb
  // test_update_condition_between).
  return orderable(value, lower) && orderable(value, upper) && compare_keys(*lower, *value) <= 0 &&
         compare_keys(*value, *upper) <= 0;
}

bool in(const Condition& condition, const Item& item) {
  const OperandValue value = read_operand(condition.operands.at(0), item);
  if (value.get() == nullptr) return false;
  for (std::size_t i = 1; i < condition.operands.size(); ++i) {
    if (equal(value.get(), read_operand(condition.operands[i], item).get())) return true;
  }
  return false;
}

bool exists(const Operand& operand, const Item& item) {
  if (operand.kind == Operand::Kind::Path) return find_value(item, operand.path) != nullptr;
  return read_operand(operand, item).get() != nullptr;
}

bool attribute_type(const AttributeValue* value, const AttributeValue* type) {
  return value != nullptr && type != nullptr && type->type() == Type::S &&
         type->as_string() == type_name(value->type());
}

bool begins_with(const AttributeValue* value, const AttributeValue* prefix) {
  if (value == nullptr || prefix == nullptr || value->type() != prefix->type()) return false;
  if (value->type() == Type::S) {
    return std::string_view(value->as_string()).starts_with(prefix->as_string());
  }
  if (value->type() == Type::B) {
    return std::string_view(value->as_binary()).starts_with(prefix->as_binary());
  }
  return false;
}

template <typename Member>
bool has_member(const std::vector<Member>& set, const Member& member) {
  return std::binary_search(set.begin(), set.end(), member);
}

// contains(): a substring of an S or a B, a member of a set, an element of a list (scylladb
// test_update_condition_contains: B and L work too, and a list element may be of any type).
bool contains(const AttributeValue* haystack, const AttributeValue* needle) {
  if (haystack == nullptr || needle == nullptr) return false;
  switch (haystack->type()) {
    case Type::S:
      return needle->type() == Type::S &&
             haystack->as_string().find(needle->as_string()) != std::string::npos;
    case Type::B:
      return needle->type() == Type::B &&
             haystack->as_binary().find(needle->as_binary()) != std::string::npos;
    case Type::SS:
      return needle->type() == Type::S &&
             has_member(haystack->as_string_set(), needle->as_string());
    case Type::NS:
      return needle->type() == Type::N &&
             has_member(haystack->as_number_set(), needle->as_number());
    case Type::BS:
      return needle->type() == Type::B &&
             has_member(haystack->as_binary_set(), needle->as_binary());
    case Type::L:
      for (const AttributeValue& element : haystack->as_list()) {
        if (element == *needle) return true;
      }
      return false;
    default:
      return false;
  }
}

}  // namespace

bool evaluate(const Condition& condition, const Item& item) {
  const auto operand = [&](std::size_t i) { return read_operand(condition.operands.at(i), item); };
  switch (condition.kind) {
    case Condition::Kind::Compare:
      return compare(condition.comparator, operand(0).get(), operand(1).get());
    case Condition::Kind::Between:
      return between(operand(0).get(), operand(1).get(), operand(2).get());
    case Condition::Kind::In:
      return in(condition, item);
    case Condition::Kind::AttributeExists:
      return exists(condition.operands.at(0), item);
    case Condition::Kind::AttributeNotExists:
      return !exists(condition.operands.at(0), item);
    case Condition::Kind::AttributeType:
      return attribute_type(operand(0).get(), operand(1).get());
    case Condition::Kind::BeginsWith:
      return begins_with(operand(0).get(), operand(1).get());
    case Condition::Kind::Contains:
      return contains(operand(0).get(), operand(1).get());
    case Condition::Kind::And:
      return evaluate(condition.children.at(0), item) && evaluate(condition.children.at(1), item);
    case Condition::Kind::Or:
      return evaluate(condition.children.at(0), item) || evaluate(condition.children.at(1), item);
    case Condition::Kind::Not:
      return !evaluate(condition.children.at(0), item);
  }
  return false;
}

}  // namespace ddb::engine
