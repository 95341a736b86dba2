#include "protocol/json/value_json.h"

#include <algorithm>

#include "engine/error.h"
#include "protocol/json/base64.h"
#include "protocol/messages.h"

namespace ddb::protocol {

using engine::AttributeValue;
using engine::Error;
using engine::Number;

namespace {

std::string decode_binary(const Json& json) {
  expect_binary(json);
  return *base64_decode(json.get_ref<const std::string&>());
}

Number decode_number(const Json& json) {
  expect_string(json);
  return Number::parse(json.get_ref<const std::string&>());
}

// DynamoDB's message for a duplicate set member lists the members before the first repeat in byte
// order, then the repeated member, then the rest as sent: BS [/w==, AA==, AA==] is listed
// ["AA==","/w==","AA=="] (paritysuite valueLayers captures from AWS, 2026).
template <typename T, typename Render>
std::string duplicates_listing(const std::vector<T>& members, std::size_t repeat_at,
                               const char* separator, Render render) {
  std::vector<T> sorted(members.begin(), members.begin() + static_cast<std::ptrdiff_t>(repeat_at));
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  sorted.insert(sorted.end(), members.begin() + static_cast<std::ptrdiff_t>(repeat_at),
                members.end());
  std::string text = "[";
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (i > 0) text += separator;
    text += Json(render(sorted[i])).dump();
  }
  return text + "]";
}

// Index of the first member equal to an earlier one, or members.size().
template <typename T>
std::size_t first_repeat(const std::vector<T>& members) {
  std::vector<T> seen;
  for (std::size_t i = 0; i < members.size(); ++i) {
    auto position = std::lower_bound(seen.begin(), seen.end(), members[i]);
    if (position != seen.end() && *position == members[i]) return i;
    seen.insert(position, members[i]);
  }
  return members.size();
}

template <typename T, typename Decode>
std::vector<T> decode_set_members(const Json& json, const char* empty_message, Decode decode) {
  expect_list(json);
  if (json.empty()) throw Error::validation(std::string(kInvalidParameterValues) + empty_message);
  std::vector<T> members;
  members.reserve(json.size());
  for (const auto& member : json) members.push_back(decode(member));
  return members;
}

AttributeValue decode_string_set(const Json& json) {
  auto members =
      decode_set_members<std::string>(json, "An string set  may not be empty", [](const Json& m) {
        expect_string(m);
        return m.get<std::string>();
      });
  std::size_t repeat = first_repeat(members);
  if (repeat < members.size()) {
    throw Error::validation(
        std::string(kInvalidParameterValues) + "Input collection " +
        duplicates_listing(members, repeat, ", ", [](const std::string& m) { return m; }) +
        " contains duplicates.");
  }
  return AttributeValue::string_set(std::move(members));
}

AttributeValue decode_number_set(const Json& json) {
  auto members = decode_set_members<Number>(json, "An number set  may not be empty", decode_number);
  if (first_repeat(members) < members.size()) {
    throw Error::validation(std::string(kInvalidParameterValues) +
                            "Input collection contains duplicates.");
  }
  return AttributeValue::number_set(std::move(members));
}

AttributeValue decode_binary_set(const Json& json) {
  auto members =
      decode_set_members<std::string>(json, "Binary sets should not be empty", decode_binary);
  std::size_t repeat = first_repeat(members);
  if (repeat < members.size()) {
    throw Error::validation(std::string(kInvalidParameterValues) + "Input collection " +
                            duplicates_listing(members, repeat, ",", base64_encode) +
                            "of type BS contains duplicates.");
  }
  return AttributeValue::binary_set(std::move(members));
}

AttributeValue decode_value(const Json& json, int depth);

engine::Map decode_map(const Json& json, int depth) {
  expect_map(json, kAttributeValueType);
  engine::Map map;
  for (const auto& [name, member] : json.get_ref<const Json::object_t&>()) {
    map.emplace_hint(map.end(), name, decode_value(member, depth));
    if (name.empty() || name.size() > kMaxAttributeNameBytes) check_attribute_name(name);
  }
  return map;
}

AttributeValue decode_value(const Json& json, int depth) {
  expect_structure_element(json, "AttributeValue");
  if (depth > engine::kMaxNestingDepth) {
    throw Error::validation(kNestingMessage);
  }
  const Json* typed = nullptr;
  std::string_view type;
  int types_set = 0;
  for (const auto& [name, member] : json.get_ref<const Json::object_t&>()) {
    if (member.is_null()) continue;
    ++types_set;
    typed = &member;
    type = name;
  }
  if (types_set == 0) {
    throw Error::validation(
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
  }
  if (types_set > 1) {
    throw Error::validation(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
        "supported datatypes");
  }
  const Json& v = *typed;
  if (type == "S") {
    expect_string(v);
    return AttributeValue::string(v.get<std::string>());
  }
  if (type == "N") return AttributeValue::number(decode_number(v));
  if (type == "B") return AttributeValue::binary(decode_binary(v));
  if (type == "BOOL") return AttributeValue::boolean(expect_bool(v));
  if (type == "NULL") {
    if (!expect_bool(v)) {
      throw Error::validation(std::string(kInvalidParameterValues) +
                              "Null attribute value types must have the value of true");
    }
    return AttributeValue::null();
  }
  if (type == "M") return AttributeValue::map(decode_map(v, depth + 1));
  if (type == "L") {
    expect_list(v);
    engine::List list;
    list.reserve(v.size());
    for (const auto& member : v) list.push_back(decode_value(member, depth + 1));
    return AttributeValue::list(std::move(list));
  }
  if (type == "SS") return decode_string_set(v);
  if (type == "NS") return decode_number_set(v);
  if (type == "BS") return decode_binary_set(v);
  // An unknown member name is ignored by the deserializer, leaving no type set.
  throw Error::validation(
      "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
}

// A one-member object {"<type>": value}, built in place: an initializer list would first build a
// two-element array and then convert it (the GetItem profile showed that cost per attribute).
Json typed(const char* type, Json value) {
  Json json(Json::value_t::object);
  json.get_ref<Json::object_t&>().emplace(type, std::move(value));
  return json;
}

}  // namespace

void check_attribute_name(std::string_view name) {
  if (name.empty()) throw Error::validation("Empty attribute name");
  if (name.size() > kMaxAttributeNameBytes) {
    throw Error::validation("Attribute name is too large, must be less than 65536 bytes");
  }
}

AttributeValue value_from_json(const Json& json) { return decode_value(json, 1); }

engine::Item item_from_json(const Json& json) { return decode_map(json, 1); }

Json value_to_json(const AttributeValue& value) {
  using engine::Type;
  switch (value.type()) {
    case Type::S:
      return typed("S", value.as_string());
    case Type::N:
      return typed("N", value.as_number().to_string());
    case Type::B:
      return typed("B", base64_encode(value.as_binary()));
    case Type::BOOL:
      return typed("BOOL", value.as_bool());
    case Type::NUL:
      return typed("NULL", true);
    case Type::M:
      return typed("M", item_to_json(value.as_map()));
    case Type::L: {
      Json list = Json::array();
      auto& members = list.get_ref<Json::array_t&>();
      members.reserve(value.as_list().size());
      for (const auto& member : value.as_list()) members.push_back(value_to_json(member));
      return typed("L", std::move(list));
    }
    case Type::SS:
      return typed("SS", value.as_string_set());
    case Type::NS: {
      Json set = Json::array();
      for (const auto& member : value.as_number_set()) set.push_back(member.to_string());
      return typed("NS", std::move(set));
    }
    case Type::BS: {
      Json set = Json::array();
      for (const auto& member : value.as_binary_set()) set.push_back(base64_encode(member));
      return typed("BS", std::move(set));
    }
  }
  return {};
}

// engine::Item and Json objects order names the same way (std::less on the bytes), so each member
// goes at the end of the object without a search.
Json item_to_json(const engine::Item& item) {
  Json json = Json::object();
  auto& members = json.get_ref<Json::object_t&>();
  for (const auto& [name, value] : item)
    members.emplace_hint(members.end(), name, value_to_json(value));
  return json;
}

}  // namespace ddb::protocol
