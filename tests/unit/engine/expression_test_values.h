#pragma once

// Short builders for the expression tests: values, items and document paths written out literally.

#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/expression.h"

namespace ddb::engine::test_values {

inline AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }
inline AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }
inline AttributeValue b(std::string bytes) { return AttributeValue::binary(std::move(bytes)); }
inline AttributeValue boolean(bool value) { return AttributeValue::boolean(value); }
inline AttributeValue null() { return AttributeValue::null(); }
inline AttributeValue l(std::initializer_list<AttributeValue> elements) {
  return AttributeValue::list(List(elements));
}
inline AttributeValue m(std::initializer_list<Map::value_type> members) {
  return AttributeValue::map(Map(members));
}
inline AttributeValue ss(std::initializer_list<std::string> members) {
  return AttributeValue::string_set(std::vector<std::string>(members));
}
inline AttributeValue ns(std::initializer_list<const char*> members) {
  std::vector<Number> numbers;
  for (const char* member : members) numbers.push_back(Number::parse(member));
  return AttributeValue::number_set(std::move(numbers));
}
inline AttributeValue bs(std::initializer_list<std::string> members) {
  return AttributeValue::binary_set(std::vector<std::string>(members));
}
inline Item item(std::initializer_list<Map::value_type> attributes) { return Item(attributes); }

// "a.b[2].c" -> {a, b, [2], c}. Names are taken literally up to the next '.' or '['.
inline DocumentPath path(std::string_view text) {
  DocumentPath out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '.') {
      ++i;
    } else if (text[i] == '[') {
      const std::size_t close = text.find(']', i);
      PathStep step;
      step.is_index = true;
      step.index = static_cast<uint32_t>(
          std::strtoul(std::string(text.substr(i + 1, close - i - 1)).c_str(), nullptr, 10));
      out.push_back(step);
      i = close + 1;
    } else {
      const std::size_t end = text.find_first_of(".[", i);
      PathStep step;
      step.name = std::string(text.substr(i, end == std::string_view::npos ? end : end - i));
      out.push_back(step);
      i = end == std::string_view::npos ? text.size() : end;
    }
  }
  return out;
}

inline Operand path_operand(std::string_view text) {
  Operand operand;
  operand.kind = Operand::Kind::Path;
  operand.path = path(text);
  return operand;
}
inline Operand value_operand(AttributeValue value) {
  Operand operand;
  operand.kind = Operand::Kind::Value;
  operand.value = std::move(value);
  return operand;
}
inline Operand size_operand(std::string_view text) {
  Operand operand;
  operand.kind = Operand::Kind::Size;
  operand.path = path(text);
  return operand;
}
inline Operand if_not_exists(std::string_view text, Operand fallback) {
  Operand operand;
  operand.kind = Operand::Kind::IfNotExists;
  operand.path = path(text);
  operand.operands.push_back(std::move(fallback));
  return operand;
}
inline Operand call(Operand::Kind kind, Operand first, Operand second) {
  Operand operand;
  operand.kind = kind;
  operand.operands.push_back(std::move(first));
  operand.operands.push_back(std::move(second));
  return operand;
}

}  // namespace ddb::engine::test_values
