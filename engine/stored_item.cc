#include "engine/stored_item.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ddb::engine {

// Layout: u8 key part count; each key part as varint (length << 1 | reference) followed by its
// bytes or, for a reference (a part equal to a top-level S or B value, the usual case: the sort
// key), by the varint offset of those bytes from the start of the encoding; varint item size;
// varint bytes of the attributes; each attribute in name order. Attribute: a tag byte (type << 4 |
// name length, 15 meaning a varint length follows), the name, a varint payload length and the
// payload: S and B their bytes; N a sign byte, a zigzag varint exponent and the digits; BOOL one
// byte; NULL nothing; M its members as attributes; L its elements as attributes with empty names;
// SS and BS (varint length, bytes) per member; NS (varint length, N payload) per member. Varints
// are LEB128. Every value says its length, so that attribute() skips the ones it does not want, and
// the key parts come first, so that comparisons read them at once. The bench's 1 KB item takes
// 1,021 bytes, within a 1,024-byte allocator size class.

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

char* put_named(char* out, std::string_view name, const AttributeValue& value) {
  auto type = static_cast<unsigned>(value.type());
  *out++ = static_cast<char>(type << 4 | std::min(name.size(), kLongName));
  if (name.size() >= kLongName) out = put_varint(out, name.size());
  out = put_bytes(out, name);
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

// Reads an attribute's tag and name; leaves `in` at its payload length.
std::pair<Type, std::string_view> read_tag(Reader& in) {
  auto tag = static_cast<unsigned char>(*in.at++);
  std::size_t length = tag & 0x0F;
  if (length == kLongName) length = in.varint();
  return {static_cast<Type>(tag >> 4), in.bytes(length)};
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
        map.emplace_hint(map.end(), std::string(name), read_payload(member_type, members));
      }
      return AttributeValue::map(std::move(map));
    }
    case Type::L: {
      List list;
      while (members.at != end) {
        Type member_type = read_tag(members).first;
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
  constexpr std::size_t kNone = SIZE_MAX;
  constexpr std::size_t kMaxReferences = 3;
  const std::size_t part_count = key_parts.size();
  // Pass 1: the attributes' bytes, the item's size, and where a top-level S or B payload equal to
  // a key part starts (that part then refers to it).
  std::array<std::size_t, kMaxReferences> reference{kNone, kNone, kNone};
  std::size_t attributes = 0;
  std::size_t size = 0;
  for (const auto& [name, value] : item) {
    std::size_t payload = payload_size(value);
    std::size_t prefix = prefix_size(name, payload);
    size += name.size() + value_size(value);
    if (value.type() == Type::S || value.type() == Type::B) {
      std::string_view bytes = value.type() == Type::S ? value.as_string() : value.as_binary();
      for (std::size_t i = 0; i < std::min(part_count, kMaxReferences); ++i) {
        if (reference[i] == kNone && !bytes.empty() && key_parts[i] == bytes) {
          reference[i] = attributes + prefix;
        }
      }
    }
    attributes += prefix + payload;
  }
  const auto is_reference = [&](std::size_t i) {
    return i < kMaxReferences && reference[i] != kNone;
  };
  // A reference is an offset from the start of the encoding, which depends on the header's size,
  // which depends on the offsets' varint sizes: grow the guess until it holds (a few rounds).
  const auto header_size = [&](std::size_t guess) {
    std::size_t header = 1 + varint_size(size) + varint_size(attributes);
    for (std::size_t i = 0; i < part_count; ++i) {
      header += varint_size(key_parts[i].size() << 1);
      header += is_reference(i) ? varint_size(guess + reference[i]) : key_parts[i].size();
    }
    return header;
  };
  std::size_t header = header_size(0);
  for (std::size_t next = header_size(header); next != header; next = header_size(header)) {
    header = next;
  }

  auto bytes = std::make_unique_for_overwrite<char[]>(header + attributes);
  char* out = bytes.get();
  *out++ = static_cast<char>(part_count);
  for (std::size_t i = 0; i < part_count; ++i) {
    out = put_varint(out, key_parts[i].size() << 1 | (is_reference(i) ? 1 : 0));
    out = is_reference(i) ? put_varint(out, header + reference[i]) : put_bytes(out, key_parts[i]);
  }
  out = put_varint(out, size);
  out = put_varint(out, attributes);
  for (const auto& [name, value] : item) out = put_named(out, name, value);
  return StoredItem(std::move(bytes));
}

namespace {

void skip_part(Reader& in) {
  std::size_t word = in.varint();
  if (word & 1) {
    in.varint();
  } else {
    in.at += word >> 1;
  }
}

// Where the item size varint starts: after the key parts.
Reader after_parts(const char* bytes) {
  Reader in{bytes + 1};
  for (auto i = static_cast<unsigned char>(bytes[0]); i > 0; --i) skip_part(in);
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
  for (std::size_t skipped = 0; skipped < i; ++skipped) skip_part(in);
  std::size_t word = in.varint();
  if (word & 1) return {bytes_.get() + in.varint(), word >> 1};
  return {in.at, word >> 1};
}

Item StoredItem::decode() const {
  Item item;
  Reader in = after_parts(bytes_.get());
  in.varint();
  std::size_t attributes = in.varint();
  const char* end = in.at + attributes;
  while (in.at != end) {
    auto [type, name] = read_tag(in);
    item.emplace_hint(item.end(), std::piecewise_construct, std::forward_as_tuple(name),
                      std::forward_as_tuple(read_payload(type, in)));
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
    if (found == name) return read_payload(type, in);
    in.sized();
  }
  return std::nullopt;
}

}  // namespace ddb::engine
