#include "engine/value.h"

#include <algorithm>

namespace ddb::engine {

const char* type_name(Type type) {
  switch (type) {
    case Type::S:
      return "S";
    case Type::N:
      return "N";
    case Type::B:
      return "B";
    case Type::BOOL:
      return "BOOL";
    case Type::NUL:
      return "NULL";
    case Type::M:
      return "M";
    case Type::L:
      return "L";
    case Type::SS:
      return "SS";
    case Type::NS:
      return "NS";
    case Type::BS:
      return "BS";
  }
  return "?";
}

namespace {

std::strong_ordering compare_bytes(const std::string& a, const std::string& b) {
  // std::string compares with char_traits<char>, which compares as unsigned char: byte order.
  int c = a.compare(b);
  return c < 0 ? std::strong_ordering::less
               : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
}

}  // namespace

AttributeValue AttributeValue::string_set(std::vector<std::string> members) {
  std::sort(members.begin(), members.end());
  return AttributeValue(std::in_place_index<7>, std::move(members));
}

AttributeValue AttributeValue::number_set(std::vector<Number> members) {
  std::sort(members.begin(), members.end());
  return AttributeValue(std::in_place_index<8>, std::move(members));
}

AttributeValue AttributeValue::binary_set(std::vector<std::string> members) {
  std::sort(members.begin(), members.end());
  return AttributeValue(std::in_place_index<9>, std::move(members));
}

std::strong_ordering compare_keys(const AttributeValue& a, const AttributeValue& b) {
  switch (a.type()) {
    case Type::N:
      return a.as_number() <=> b.as_number();
    case Type::S:
      return compare_bytes(a.as_string(), b.as_string());
    case Type::B:
      return compare_bytes(a.as_binary(), b.as_binary());
    default:
      return std::strong_ordering::equal;  // the placeholder sort key of hash-only tables
  }
}

}  // namespace ddb::engine
