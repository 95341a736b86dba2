#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace ddb::protocol {

using Json = nlohmann::json;

// Typed access to the members of a request object. A member that is absent or JSON null is absent,
// as in DynamoDB's deserializer; a member of the wrong JSON type is a SerializationException with
// the deserializer's message, which names the Java type of the model (so callers pass the model's
// type name, e.g. "ProvisionedThroughput", or "AttributeValue" for a map's values).
const Json* find_member(const Json& object, std::string_view name);
std::optional<std::string> get_string(const Json& object, std::string_view name);
std::optional<int64_t> get_integer(const Json& object, std::string_view name);  // Integer
std::optional<int64_t> get_long(const Json& object, std::string_view name);     // Long
std::optional<bool> get_bool(const Json& object, std::string_view name);
// A structure member, e.g. get_structure(body, "ProvisionedThroughput", "ProvisionedThroughput").
const Json* get_structure(const Json& object, std::string_view name, std::string_view model_type);
// A map member with string keys; `value_type` is the Java type of its values, e.g.
// "com.amazonaws.dynamodb.v20120810.AttributeValue" or "java.lang.String".
const Json* get_map(const Json& object, std::string_view name, std::string_view value_type);
const Json* get_list(const Json& object, std::string_view name);

// Checks a value: a string; a whole number for an Integer or Long (`java_name`); a boolean (or
// one of the strings the deserializer reads as one: "true", "yes", "false", "no"); a structure
// member of the given model type; a blob (B), which is a base64 string.
void expect_string(const Json& value);
int64_t expect_whole_number(const Json& value, std::string_view java_name);
bool expect_bool(const Json& value);
void expect_structure(const Json& value, std::string_view model_type);
void expect_binary(const Json& value);
// Checks a structure inside a list or map, which has its own message for a scalar.
void expect_structure_element(const Json& value, std::string_view model_type);
// Checks a map or list value in a nested position (an AttributeValue's M or L).
void expect_map(const Json& value, std::string_view value_type);
void expect_list(const Json& value);

// The Java type names DynamoDB's deserializer uses for common value types.
inline constexpr std::string_view kAttributeValueType =
    "com.amazonaws.dynamodb.v20120810.AttributeValue";
inline constexpr std::string_view kStringType = "java.lang.String";

}  // namespace ddb::protocol
