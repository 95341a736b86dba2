#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// The JSON type of a slot of a request's model, as DynamoDB's deserializer reads it: the shapes of
// the service model (String, Integer, Long, Boolean, Blob, structure, map, list).
enum class ShapeKind : std::uint8_t { String, Integer, Long, Boolean, Blob, Structure, Map, List };

struct ShapeMember;

// One shape of a request's model. Shapes are static constants (protocol/requests/request_shapes):
// they point at each other, and an AttributeValue's M and L at the AttributeValue itself.
struct Shape {
  ShapeKind kind;
  // Structure: its model name ("KeysAndAttributes"); Map: the Java type of its values
  // ("com.amazonaws.dynamodb.v20120810.AttributeValue"). The messages name them.
  std::string_view type_name{};
  const Shape* element = nullptr;        // Map: its values' shape; List: its members'
  const ShapeMember* members = nullptr;  // Structure: its members, which a body may omit
  std::size_t member_count = 0;
};

struct ShapeMember {
  std::string_view name;
  const Shape* shape;
};

// The shape of the member `name` of `structure`, or nullptr for a name the model does not have
// (the deserializer ignores it).
const Shape* member_shape(const Shape& structure, std::string_view name);

// Whether `value` can fill a slot of `shape` without a closer look: the common case, inline. A
// false answer is settled by type_error().
inline bool fits_plainly(const Shape& shape, const Json& value) {
  switch (value.type()) {
    case Json::value_t::object:
      return shape.kind == ShapeKind::Structure || shape.kind == ShapeKind::Map;
    case Json::value_t::array:
      return shape.kind == ShapeKind::List;
    case Json::value_t::string:
      return shape.kind == ShapeKind::String;
    case Json::value_t::boolean:
      return shape.kind == ShapeKind::Boolean;
    case Json::value_t::number_integer:
      return shape.kind == ShapeKind::Integer || shape.kind == ShapeKind::Long;
    default:
      return false;
  }
}

// The SerializationException message DynamoDB's deserializer gives for `value` in a slot of
// `shape` (the top level of `value` only: a container's members are checked on their own), or
// nothing when it fits. `element`: the slot is a list member or a map value, where a structure
// has its own message for a scalar ("Unexpected value type in payload"). A JSON null fits a
// structure's member (it is absent), not an element. The messages are json_fields.h's.
std::optional<std::string> type_error(const Shape& shape, const Json& value, bool element);

// The first value in `document` that does not fit `shape` and its members, or nothing: the check
// DynamoDB makes while it reads a body, before any constraint. For documents read_json hands to
// nlohmann, whose objects do not keep the members' order: the first error in that order.
std::optional<std::string> first_type_error(const Json& document, const Shape& shape);

}  // namespace ddb::protocol
