#include "protocol/json/json_shape.h"

#include "engine/error.h"

namespace ddb::protocol {

namespace {

// Throws the deserializer's SerializationException when `value` does not fit `shape`.
void expect_shape(const Shape& shape, const Json& value, bool element) {
  switch (shape.kind) {
    case ShapeKind::String:
      expect_string(value);
      return;
    case ShapeKind::Integer:
      expect_whole_number(value, "Integer");
      return;
    case ShapeKind::Long:
      expect_whole_number(value, "Long");
      return;
    case ShapeKind::Boolean:
      expect_bool(value);
      return;
    case ShapeKind::Blob:
      expect_binary(value);
      return;
    case ShapeKind::Structure:
      if (element) {
        expect_structure_element(value, shape.type_name);
      } else {
        expect_structure(value, shape.type_name);
      }
      return;
    case ShapeKind::Map:
      expect_map(value, shape.type_name);
      return;
    case ShapeKind::List:
      expect_list(value);
      return;
  }
}

void check_tree(const Shape& shape, const Json& value, bool element) {
  if (value.is_null() && !element) return;
  if (!fits_plainly(shape, value)) expect_shape(shape, value, element);
  switch (shape.kind) {
    case ShapeKind::Structure:
      for (const auto& [name, member] : value.get_ref<const Json::object_t&>()) {
        if (const Shape* inner = member_shape(shape, name)) check_tree(*inner, member, false);
      }
      return;
    case ShapeKind::Map:
      for (const auto& [name, member] : value.get_ref<const Json::object_t&>()) {
        check_tree(*shape.element, member, true);
      }
      return;
    case ShapeKind::List:
      for (const Json& member : value) check_tree(*shape.element, member, true);
      return;
    default:
      return;
  }
}

}  // namespace

const Shape* member_shape(const Shape& structure, std::string_view name) {
  for (std::size_t i = 0; i < structure.member_count; ++i) {
    if (structure.members[i].name == name) return structure.members[i].shape;
  }
  return nullptr;
}

std::optional<std::string> type_error(const Shape& shape, const Json& value, bool element) {
  if (value.is_null() && !element) return std::nullopt;
  if (fits_plainly(shape, value)) return std::nullopt;
  try {
    expect_shape(shape, value, element);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return std::nullopt;
}

std::optional<std::string> first_type_error(const Json& document, const Shape& shape) {
  try {
    check_tree(shape, document, false);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return std::nullopt;
}

}  // namespace ddb::protocol
