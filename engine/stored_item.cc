#include "engine/stored_item.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ddb::engine {

// Layout: u8 key part count; each key part as varint length and its bytes; varint item size;
// varint bytes of the attributes; each attribute in name order. Attribute: a tag byte (type << 4 |
// name length, 15 meaning a varint length follows), the name, a varint payload length and the
// payload: S and B their bytes; N a sign byte, a zigzag varint exponent and the digits; BOOL one
// byte; NULL nothing; M its members as attributes; L its elements as attributes with empty names;
// SS and BS (varint length, bytes) per member; NS (varint length, N payload) per member. A
// top-level S or B value equal to a key part (the usual case: the sort key) is stored once, in the
// key part: its attribute's type is kStringInKeyPart or kBinaryInKeyPart and its payload the
// part's index (one byte). Varints are LEB128. Every value says its length, so that attribute()
// skips the ones it does not want, and the key parts' bytes come first, so that the comparisons
// of a partition's tree read one place of the item, not two.

namespace {

std::size_t varint_size(std::size_t value) {
  std::size_t size = 1;
  while (value >= 0x80) {
    value >>= 7;
    ++size;
  }
  return size;
}

char* put_varint(char* out, std::size_t value) {
  while (value >= 0x80) {
    *out++ = static_cast<char>((value & 0x7F) | 0x80);
    value >>= 7;
  }
  *out++ = static_cast<char>(value);
  return out;
}

char* put_bytes(char* out, std::string_view bytes) {
  if (!bytes.empty()) std::memcpy(out, bytes.data(), bytes.size());
  return out + bytes.size();
}

uint32_t zigzag(int32_t value) {
  return (static_cast<uint32_t>(value) << 1) ^ static_cast<uint32_t>(value >> 31);
}

int32_t unzigzag(uint32_t value) {
  return static_cast<int32_t>(value >> 1) ^ -static_cast<int32_t>(value & 1);
}

std::size_t number_payload_size(const Number& n) {
  return 1 + varint_size(zigzag(n.exponent())) + n.digits().size();
}

char* put_number_payload(char* out, const Number& n) {
  *out++ = n.is_negative() ? 1 : 0;
  out = put_varint(out, zigzag(n.exponent()));
  return put_bytes(out, n.digits());
}

std::size_t payload_size(const AttributeValue& value);

constexpr std::size_t kLongName = 15;
// Tag types beyond Type's values: an S or B attribute whose bytes are a key part's.
constexpr unsigned kStringInKeyPart = 14;
constexpr unsigned kBinaryInKeyPart = 15;
constexpr std::size_t kNotAKeyPart = SIZE_MAX;

// The bytes of an attribute before its payload: tag, name and payload length.
std::size_t prefix_size(std::string_view name, std::size_t payload) {
  std::size_t size = 1 + name.size() + varint_size(payload);
  if (name.size() >= kLongName) size += varint_size(name.size());
  return size;
}

std::size_t encoded_size(std::string_view name, const AttributeValue& value) {
  std::size_t payload = payload_size(value);
  return prefix_size(name, payload) + payload;
}

std::size_t bytes_size(std::string_view bytes) { return varint_size(bytes.size()) + bytes.size(); }

std::size_t payload_size(const AttributeValue& value) {
  switch (value.type()) {
    case Type::S:
      return value.as_string().size();
    case Type::B:
      return value.as_binary().size();
    case Type::N:
      return number_payload_size(value.as_number());
    case Type::BOOL:
      return 1;
    case Type::NUL:
      return 0;
    case Type::M: {
      std::size_t size = 0;
      for (const auto& [name, member] : value.as_map()) size += encoded_size(name, member);
      return size;
    }
    case Type::L: {
      std::size_t size = 0;
      for (const auto& member : value.as_list()) size += encoded_size({}, member);
      return size;
    }
    case Type::SS:
    case Type::BS: {
      std::size_t size = 0;
      const auto& members =
          value.type() == Type::SS ? value.as_string_set() : value.as_binary_set();
      for (const auto& member : members) size += bytes_size(member);
      return size;
    }
    case Type::NS: {
      std::size_t size = 0;
      for (const auto& member : value.as_number_set()) {
        std::size_t payload = number_payload_size(member);
        size += varint_size(payload) + payload;
      }
      return size;
    }
  }
  return 0;
}

// An attribute's tag byte and name.
char* put_tag(char* out, unsigned type, std::string_view name) {
  *out++ = static_cast<char>(type << 4 | std::min(name.size(), kLongName));
  if (name.size() >= kLongName) out = put_varint(out, name.size());
  return put_bytes(out, name);
}

char* put_named(char* out, std::string_view name, const AttributeValue& value) {
  out = put_tag(out, static_cast<unsigned>(value.type()), name);
  out = put_varint(out, payload_size(value));
  switch (value.type()) {
    case Type::S:
      return put_bytes(out, value.as_string());
    case Type::B:
      return put_bytes(out, value.as_binary());
    case Type::N:
      return put_number_payload(out, value.as_number());
    case Type::BOOL:
      *out++ = value.as_bool() ? 1 : 0;
      return out;
    case Type::NUL:
      return out;
    case Type::M:
      for (const auto& [member_name, member] : value.as_map())
        out = put_named(out, member_name, member);
      return out;
    case Type::L:
      for (const auto& member : value.as_list()) out = put_named(out, {}, member);
      return out;
    case Type::SS:
    case Type::BS: {
      const auto& members =
          value.type() == Type::SS ? value.as_string_set() : value.as_binary_set();
      for (const auto& member : members) {
        out = put_varint(out, member.size());
        out = put_bytes(out, member);
      }
      return out;
    }
    case Type::NS:
      for (const auto& member : value.as_number_set()) {
        out = put_varint(out, number_payload_size(member));
        out = put_number_payload(out, member);
      }
      return out;
  }
  return out;
}

// An S or B attribute whose bytes are key part `part`'s.
char* put_key_part_attribute(char* out, std::string_view name, Type type, std::size_t part) {
  out = put_tag(out, type == Type::S ? kStringInKeyPart : kBinaryInKeyPart, name);
  *out++ = 1;  // the payload's length
  *out++ = static_cast<char>(part);
  return out;
}

// Reads what put_* wrote. The encoding is our own and immutable, so nothing is checked.
struct Reader {
  const char* at;

  std::size_t varint() {
    std::size_t value = 0;
    int shift = 0;
    for (;;) {
      auto byte = static_cast<unsigned char>(*at++);
      value |= static_cast<std::size_t>(byte & 0x7F) << shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }
  std::string_view bytes(std::size_t size) {
    std::string_view view(at, size);
    at += size;
    return view;
  }
  std::string_view sized() { return bytes(varint()); }
};

Number read_number(std::string_view payload) {
  Reader in{payload.data()};
  bool negative = *in.at++ != 0;
  auto exponent = unzigzag(static_cast<uint32_t>(in.varint()));
  const char* end = payload.data() + payload.size();
  return Number::from_parts(negative, std::string(in.at, end), exponent);
}

// Reads an attribute's tag and name; leaves `in` at its payload length. The type is a Type's value
// or, at the top level only, kStringInKeyPart or kBinaryInKeyPart.
std::pair<unsigned, std::string_view> read_tag(Reader& in) {
  auto tag = static_cast<unsigned char>(*in.at++);
  std::size_t length = tag & 0x0F;
  if (length == kLongName) length = in.varint();
  return {static_cast<unsigned>(tag >> 4), in.bytes(length)};
}

AttributeValue read_payload(Type type, Reader& in) {
  std::string_view payload = in.sized();
  const char* end = payload.data() + payload.size();
  Reader members{payload.data()};
  switch (type) {
    case Type::S:
      return AttributeValue::string(std::string(payload));
    case Type::B:
      return AttributeValue::binary(std::string(payload));
    case Type::N:
      return AttributeValue::number(read_number(payload));
    case Type::BOOL:
      return AttributeValue::boolean(payload[0] != 0);
    case Type::NUL:
      return AttributeValue::null();
    case Type::M: {
      Map map;
      while (members.at != end) {
        auto [member_type, name] = read_tag(members);
        map.emplace_hint(map.end(), std::string(name),
                         read_payload(static_cast<Type>(member_type), members));
      }
      return AttributeValue::map(std::move(map));
    }
    case Type::L: {
      List list;
      while (members.at != end) {
        auto member_type = static_cast<Type>(read_tag(members).first);
        list.push_back(read_payload(member_type, members));
      }
      return AttributeValue::list(std::move(list));
    }
    case Type::SS:
    case Type::BS: {
      std::vector<std::string> set;
      while (members.at != end) set.emplace_back(members.sized());
      return type == Type::SS ? AttributeValue::string_set(std::move(set))
                              : AttributeValue::binary_set(std::move(set));
    }
    case Type::NS: {
      std::vector<Number> set;
      while (members.at != end) set.push_back(read_number(members.sized()));
      return AttributeValue::number_set(std::move(set));
    }
  }
  return AttributeValue::null();
}

}  // namespace

StoredItem StoredItem::encode(const Item& item, std::span<const std::string_view> key_parts) {
  // The key part a top-level attribute's bytes are stored in: the first part, not yet taken by an
  // earlier attribute (a bit of `taken`), that equals an S or B value (not empty: a table without
  // a sort key has an empty part). Key parts are at most three (an index's sort key and the
  // table's key).
  const auto part_of = [&](const AttributeValue& value, uint32_t& taken) {
    if (value.type() != Type::S && value.type() != Type::B) return kNotAKeyPart;
    std::string_view bytes = value.type() == Type::S ? value.as_string() : value.as_binary();
    if (bytes.empty()) return kNotAKeyPart;
    for (std::size_t i = 0; i < std::min<std::size_t>(key_parts.size(), 32); ++i) {
      if ((taken & (1u << i)) == 0 && key_parts[i] == bytes) {
        taken |= 1u << i;
        return i;
      }
    }
    return kNotAKeyPart;
  };
  uint32_t taken = 0;
  std::size_t attributes = 0;
  std::size_t size = 0;
  for (const auto& [name, value] : item) {
    size += name.size() + value_size(value);
    if (part_of(value, taken) != kNotAKeyPart) {
      attributes += prefix_size(name, 1) + 1;
    } else {
      attributes += encoded_size(name, value);
    }
  }
  std::size_t header = 1 + varint_size(size) + varint_size(attributes);
  for (std::string_view part : key_parts) header += bytes_size(part);

  auto bytes = std::make_unique_for_overwrite<char[]>(header + attributes);
  char* out = bytes.get();
  *out++ = static_cast<char>(key_parts.size());
  for (std::string_view part : key_parts) {
    out = put_varint(out, part.size());
    out = put_bytes(out, part);
  }
  out = put_varint(out, size);
  out = put_varint(out, attributes);
  taken = 0;
  for (const auto& [name, value] : item) {
    std::size_t part = part_of(value, taken);
    out = part == kNotAKeyPart ? put_named(out, name, value)
                               : put_key_part_attribute(out, name, value.type(), part);
  }
  return StoredItem(std::move(bytes));
}

namespace {

// Where the item size varint starts: after the key parts.
Reader after_parts(const char* bytes) {
  Reader in{bytes + 1};
  for (auto i = static_cast<unsigned char>(bytes[0]); i > 0; --i) in.sized();
  return in;
}

}  // namespace

const char* StoredItem::attributes_begin() const {
  Reader in = after_parts(bytes_.get());
  in.varint();
  in.varint();
  return in.at;
}

std::size_t StoredItem::encoded_bytes() const {
  Reader in = after_parts(bytes_.get());
  in.varint();
  std::size_t attributes = in.varint();
  return static_cast<std::size_t>(in.at - bytes_.get()) + attributes;
}

StoredItem StoredItem::copy() const {
  const std::size_t size = encoded_bytes();
  auto bytes = std::make_unique_for_overwrite<char[]>(size);
  std::memcpy(bytes.get(), bytes_.get(), size);
  return StoredItem(std::move(bytes));
}

std::size_t StoredItem::item_size() const { return after_parts(bytes_.get()).varint(); }

std::size_t StoredItem::key_part_count() const { return static_cast<unsigned char>(bytes_[0]); }

std::string_view StoredItem::key_part(std::size_t i) const {
  Reader in{bytes_.get() + 1};
  for (std::size_t skipped = 0; skipped < i; ++skipped) in.sized();
  return in.sized();
}

namespace {

// A top-level attribute's value: read_payload, or the key part the attribute refers to.
AttributeValue read_attribute(const StoredItem& stored, unsigned type, Reader& in) {
  if (type != kStringInKeyPart && type != kBinaryInKeyPart) {
    return read_payload(static_cast<Type>(type), in);
  }
  std::string bytes(stored.key_part(static_cast<unsigned char>(in.sized()[0])));
  return type == kStringInKeyPart ? AttributeValue::string(std::move(bytes))
                                  : AttributeValue::binary(std::move(bytes));
}

}  // namespace

Item StoredItem::decode() const {
  Item item;
  Reader in = after_parts(bytes_.get());
  in.varint();
  std::size_t attributes = in.varint();
  const char* end = in.at + attributes;
  while (in.at != end) {
    auto [type, name] = read_tag(in);
    item.emplace_hint(item.end(), std::piecewise_construct, std::forward_as_tuple(name),
                      std::forward_as_tuple(read_attribute(*this, type, in)));
  }
  return item;
}

std::optional<AttributeValue> StoredItem::attribute(std::string_view name) const {
  Reader in = after_parts(bytes_.get());
  in.varint();
  std::size_t attributes = in.varint();
  const char* end = in.at + attributes;
  while (in.at != end) {
    auto [type, found] = read_tag(in);
    if (found == name) return read_attribute(*this, type, in);
    in.sized();
  }
  return std::nullopt;
}

}  // namespace ddb::engine
