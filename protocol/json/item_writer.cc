#include "protocol/json/item_writer.h"

#include "protocol/json/base64.h"
#include "protocol/json/json_writer.h"

namespace ddb::protocol {

namespace {

// `{"<type>":` for each engine::Type, in the enum's order.
constexpr std::string_view kOpening[] = {R"({"S":)",    R"({"N":)", R"({"B":)", R"({"BOOL":)",
                                         R"({"NULL":)", R"({"M":)", R"({"L":)", R"({"SS":)",
                                         R"({"NS":)",   R"({"BS":)"};

// Base64 has nothing to escape.
void write_binary(const std::string& bytes, std::string& out) {
  out += '"';
  out += base64_encode(bytes);
  out += '"';
}

template <typename Members, typename Write>
void write_array(const Members& members, std::string& out, Write write) {
  out += '[';
  bool first = true;
  for (const auto& member : members) {
    if (!first) out += ',';
    first = false;
    write(member);
  }
  out += ']';
}

}  // namespace

void write_value(const engine::AttributeValue& value, std::string& out) {
  using engine::Type;
  out += kOpening[static_cast<std::size_t>(value.type())];
  switch (value.type()) {
    case Type::S:
      write_json_string(value.as_string(), out);
      break;
    case Type::N:
      write_json_string(value.as_number().to_string(), out);
      break;
    case Type::B:
      write_binary(value.as_binary(), out);
      break;
    case Type::BOOL:
      out += value.as_bool() ? "true" : "false";
      break;
    case Type::NUL:
      out += "true";
      break;
    case Type::M:
      write_item(value.as_map(), out);
      break;
    case Type::L:
      write_array(value.as_list(), out,
                  [&](const engine::AttributeValue& member) { write_value(member, out); });
      break;
    case Type::SS:
      write_array(value.as_string_set(), out,
                  [&](const std::string& member) { write_json_string(member, out); });
      break;
    case Type::NS:
      write_array(value.as_number_set(), out, [&](const engine::Number& member) {
        write_json_string(member.to_string(), out);
      });
      break;
    case Type::BS:
      write_array(value.as_binary_set(), out,
                  [&](const std::string& member) { write_binary(member, out); });
      break;
  }
  out += '}';
}

void write_item(const engine::Item& item, std::string& out) {
  out += '{';
  bool first = true;
  for (const auto& [name, value] : item) {
    if (!first) out += ',';
    first = false;
    write_json_string(name, out);
    out += ':';
    write_value(value, out);
  }
  out += '}';
}

std::string item_text(const engine::Item& item) {
  // Room for the text as it usually comes out, the item's bytes and the JSON around each
  // attribute, so that it is written without reallocating (a text that needs more, binaries in
  // base64 for example, grows as usual).
  std::string out;
  out.reserve(engine::item_size(item) * 5 / 4 + 16 * item.size() + 16);
  write_item(item, out);
  return out;
}

}  // namespace ddb::protocol
