#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "engine/number.h"

namespace ddb::engine {

// The ten DynamoDB data types, in the order of AttributeValue's variant alternatives.
enum class Type : uint8_t { S, N, B, BOOL, NUL, M, L, SS, NS, BS };

// DynamoDB's name for a type, as it appears on the wire ("S", "NULL", "SS", ...).
const char* type_name(Type type);

class AttributeValue;
using Map = std::map<std::string, AttributeValue, std::less<>>;
using List = std::vector<AttributeValue>;

// One DynamoDB value. S and B both hold bytes in a std::string (B holds the decoded binary, not
// base64). Sets are kept sorted in DynamoDB's order and free of duplicates, so equal sets compare
// equal.
class AttributeValue {
 public:
  AttributeValue() : value_(std::in_place_index<4>) {}  // NULL

  static AttributeValue string(std::string s) {
    return AttributeValue(std::in_place_index<0>, std::move(s));
  }
  static AttributeValue number(Number n) {
    return AttributeValue(std::in_place_index<1>, std::move(n));
  }
  static AttributeValue binary(std::string bytes) {
    return AttributeValue(std::in_place_index<2>, std::move(bytes));
  }
  static AttributeValue boolean(bool b) { return AttributeValue(std::in_place_index<3>, b); }
  static AttributeValue null() { return AttributeValue(); }
  static AttributeValue map(Map m) { return AttributeValue(std::in_place_index<5>, std::move(m)); }
  static AttributeValue list(List l) {
    return AttributeValue(std::in_place_index<6>, std::move(l));
  }
  // Requires: no duplicates (protocol rejects them with DynamoDB's message first). Sorts.
  static AttributeValue string_set(std::vector<std::string> members);
  static AttributeValue number_set(std::vector<Number> members);
  static AttributeValue binary_set(std::vector<std::string> members);

  Type type() const { return static_cast<Type>(value_.index()); }

  // Accessors; each requires the matching type().
  const std::string& as_string() const { return std::get<0>(value_); }
  const Number& as_number() const { return std::get<1>(value_); }
  const std::string& as_binary() const { return std::get<2>(value_); }
  bool as_bool() const { return std::get<3>(value_); }
  const Map& as_map() const { return std::get<5>(value_); }
  Map& as_map() { return std::get<5>(value_); }
  const List& as_list() const { return std::get<6>(value_); }
  List& as_list() { return std::get<6>(value_); }
  const std::vector<std::string>& as_string_set() const { return std::get<7>(value_); }
  const std::vector<Number>& as_number_set() const { return std::get<8>(value_); }
  const std::vector<std::string>& as_binary_set() const { return std::get<9>(value_); }

  friend bool operator==(const AttributeValue& a, const AttributeValue& b) = default;

 private:
  using Storage =
      std::variant<std::string, Number, std::string, bool, std::monostate, Map, List,
                   std::vector<std::string>, std::vector<Number>, std::vector<std::string>>;
  template <std::size_t I, typename... Args>
  explicit AttributeValue(std::in_place_index_t<I> index, Args&&... args)
      : value_(index, std::forward<Args>(args)...) {}

  Storage value_;
};

// DynamoDB's key order for two values of the same scalar key type: N by numeric value, S and B by
// unsigned bytes (S is UTF-8, so byte order is code point order). Requires: a.type() == b.type().
// Values of other types compare equal.
std::strong_ordering compare_keys(const AttributeValue& a, const AttributeValue& b);

}  // namespace ddb::engine
