#include "protocol/json/json_fields.h"

#include "engine/error.h"
#include "protocol/json/base64.h"

namespace ddb::protocol {

// The messages below are DynamoDB's JSON deserializer's (Coral's), as AWS returns them today.

namespace {

using engine::Error;

constexpr std::string_view kModelPackage = "com.amazonaws.dynamodb.v20120810.";
constexpr const char* kStartOfStructure = "Start of structure or map found where not expected";

const char* scalar_token(const Json& value) {
  switch (value.type()) {
    case Json::value_t::string:
      return "STRING_VALUE";
    case Json::value_t::boolean:
      return value.get<bool>() ? "TRUE_VALUE" : "FALSE_VALUE";
    case Json::value_t::number_float:
      return "DECIMAL_VALUE";
    default:
      return "NUMBER_VALUE";
  }
}

[[noreturn]] void unrecognized_collection(std::string_view java_class) {
  throw Error::serialization("Unrecognized collection type " + std::string(java_class));
}

// A scalar field (String, Integer, Long, Boolean) holding a value of another JSON type.
[[noreturn]] void wrong_scalar(const Json& value, std::string_view java_name) {
  if (value.is_object()) throw Error::serialization(kStartOfStructure);
  if (value.is_array()) unrecognized_collection("class java.lang." + std::string(java_name));
  if (java_name == "Boolean" && value.is_string()) {
    throw Error::serialization("Unexpected token received from parser");
  }
  throw Error::serialization(std::string(scalar_token(value)) + " cannot be converted to " +
                             std::string(java_name));
}

std::optional<int64_t> get_whole_number(const Json& object, std::string_view name,
                                        std::string_view java_name) {
  const Json* member = find_member(object, name);
  if (!member) return std::nullopt;
  return expect_whole_number(*member, java_name);
}

}  // namespace

const Json* find_member(const Json& object, std::string_view name) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return nullptr;
  return &*it;
}

std::optional<std::string> get_string(const Json& object, std::string_view name) {
  const Json* member = find_member(object, name);
  if (!member) return std::nullopt;
  expect_string(*member);
  return member->get<std::string>();
}

std::optional<int64_t> get_integer(const Json& object, std::string_view name) {
  return get_whole_number(object, name, "Integer");
}

std::optional<int64_t> get_long(const Json& object, std::string_view name) {
  return get_whole_number(object, name, "Long");
}

std::optional<bool> get_bool(const Json& object, std::string_view name) {
  const Json* member = find_member(object, name);
  if (!member) return std::nullopt;
  return expect_bool(*member);
}

const Json* get_structure(const Json& object, std::string_view name, std::string_view model_type) {
  const Json* member = find_member(object, name);
  if (member) expect_structure(*member, model_type);
  return member;
}

const Json* get_map(const Json& object, std::string_view name, std::string_view value_type) {
  const Json* member = find_member(object, name);
  if (member) expect_map(*member, value_type);
  return member;
}

const Json* get_list(const Json& object, std::string_view name) {
  const Json* member = find_member(object, name);
  if (member) expect_list(*member);
  return member;
}

void expect_string(const Json& value) {
  if (!value.is_string()) wrong_scalar(value, "String");
}

int64_t expect_whole_number(const Json& value, std::string_view java_name) {
  if (value.is_number_integer() && !value.is_number_unsigned()) return value.get<int64_t>();
  if (value.is_number_unsigned()) {
    // Larger than any Integer or Long: the deserializer reports it as a number it cannot convert.
    if (value.get<uint64_t>() <= static_cast<uint64_t>(INT64_MAX)) {
      return static_cast<int64_t>(value.get<uint64_t>());
    }
    throw Error::serialization("NUMBER_VALUE cannot be converted to " + std::string(java_name));
  }
  wrong_scalar(value, java_name);
}

bool expect_bool(const Json& value) {
  if (value.is_boolean()) return value.get<bool>();
  // The deserializer reads some strings as booleans: "true" and "no" (issue 20's captures), "yes"
  // (scylladb/scylladb#9432, UpdateTimeToLive's Enabled); "false" as the pair of "true". Any other
  // string, "23" or "dog", is "Unexpected token received from parser".
  if (value.is_string()) {
    const auto& text = value.get_ref<const std::string&>();
    if (text == "true" || text == "yes") return true;
    if (text == "false" || text == "no") return false;
  }
  wrong_scalar(value, "Boolean");
}

void expect_structure(const Json& value, std::string_view model_type) {
  if (value.is_object()) return;
  if (value.is_array())
    unrecognized_collection("class " + std::string(kModelPackage) + std::string(model_type));
  throw Error::serialization("Unexpected field type");
}

void expect_binary(const Json& value) {
  if (value.is_object()) throw Error::serialization(kStartOfStructure);
  if (value.is_array()) unrecognized_collection("class java.nio.ByteBuffer");
  if (!value.is_string())
    throw Error::serialization("only base-64-encoded strings are convertible to bytes");
  const auto& text = value.get_ref<const std::string&>();
  if (text.size() % 4 != 0) {
    throw Error::serialization(
        "Base64 encoded length is expected a multiple of 4 bytes but found: " +
        std::to_string(text.size()));
  }
  // "dectected" is DynamoDB's spelling.
  if (!base64_valid(text))
    throw Error::serialization("Invalid last non-pad Base64 character dectected");
}

void expect_structure_element(const Json& value, std::string_view model_type) {
  if (value.is_object()) return;
  if (value.is_array())
    unrecognized_collection("class " + std::string(kModelPackage) + std::string(model_type));
  throw Error::serialization("Unexpected value type in payload");
}

void expect_map(const Json& value, std::string_view value_type) {
  if (value.is_object()) return;
  if (value.is_array()) {
    unrecognized_collection("java.util.Map<java.lang.String, " + std::string(value_type) + ">");
  }
  throw Error::serialization("Unexpected field type");
}

void expect_list(const Json& value) {
  if (value.is_array()) return;
  if (value.is_object()) throw Error::serialization(kStartOfStructure);
  throw Error::serialization("Unexpected field type");
}

}  // namespace ddb::protocol
