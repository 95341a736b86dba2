#include "engine/durable/codec.h"

#include <bit>
#include <cstring>
#include <utility>
#include <vector>

#include "engine/error.h"

namespace ddb::engine::durable {

namespace {

// Deeper than any item DynamoDB accepts (32 levels), so a well-formed file never hits it, while a
// corrupted count cannot make the decoder recurse without bound.
constexpr int kMaxDecodeDepth = 64;

}  // namespace

void Encoder::u32(uint32_t value) {
  for (int i = 0; i < 4; ++i) u8(static_cast<uint8_t>(value >> (8 * i)));
}

void Encoder::u64(uint64_t value) {
  for (int i = 0; i < 8; ++i) u8(static_cast<uint8_t>(value >> (8 * i)));
}

void Encoder::varint(uint64_t value) {
  while (value >= 0x80) {
    u8(static_cast<uint8_t>(value | 0x80));
    value >>= 7;
  }
  u8(static_cast<uint8_t>(value));
}

void Encoder::bytes(std::string_view value) {
  varint(value.size());
  out_.append(value);
}

void Encoder::f64(double value) { u64(std::bit_cast<uint64_t>(value)); }

void Encoder::value(const AttributeValue& value) {
  u8(static_cast<uint8_t>(value.type()));
  switch (value.type()) {
    case Type::S:
      bytes(value.as_string());
      break;
    case Type::N:
      bytes(value.as_number().to_string());
      break;
    case Type::B:
      bytes(value.as_binary());
      break;
    case Type::BOOL:
      u8(value.as_bool() ? 1 : 0);
      break;
    case Type::NUL:
      break;
    case Type::M:
      item(value.as_map());
      break;
    case Type::L:
      varint(value.as_list().size());
      for (const AttributeValue& member : value.as_list()) this->value(member);
      break;
    case Type::SS:
      varint(value.as_string_set().size());
      for (const std::string& member : value.as_string_set()) bytes(member);
      break;
    case Type::NS:
      varint(value.as_number_set().size());
      for (const Number& member : value.as_number_set()) bytes(member.to_string());
      break;
    case Type::BS:
      varint(value.as_binary_set().size());
      for (const std::string& member : value.as_binary_set()) bytes(member);
      break;
  }
}

void Encoder::item(const Item& item) {
  varint(item.size());
  for (const auto& [name, value] : item) {
    bytes(name);
    this->value(value);
  }
}

void Encoder::key(const Key& key) {
  value(key.partition);
  u8(key.sort ? 1 : 0);
  if (key.sort) value(*key.sort);
}

std::string_view Decoder::take(std::size_t count) {
  if (count > in_.size() - position_) throw CorruptData("record ends inside a value");
  std::string_view out = in_.substr(position_, count);
  position_ += count;
  return out;
}

uint8_t Decoder::u8() { return static_cast<uint8_t>(take(1)[0]); }

uint32_t Decoder::u32() {
  std::string_view raw = take(4);
  uint32_t value = 0;
  for (int i = 0; i < 4; ++i) value |= uint32_t{static_cast<uint8_t>(raw[i])} << (8 * i);
  return value;
}

uint64_t Decoder::u64() {
  std::string_view raw = take(8);
  uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value |= uint64_t{static_cast<uint8_t>(raw[i])} << (8 * i);
  return value;
}

uint64_t Decoder::varint() {
  uint64_t value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    uint8_t byte = u8();
    value |= uint64_t{byte & 0x7fu} << shift;
    if (!(byte & 0x80)) return value;
  }
  throw CorruptData("malformed varint");
}

std::string_view Decoder::bytes() { return take(varint()); }

double Decoder::f64() { return std::bit_cast<double>(u64()); }

void Decoder::expect_done() const {
  if (!done()) throw CorruptData("unexpected bytes after the end of a record");
}

AttributeValue Decoder::value() { return value_at_depth(0); }

AttributeValue Decoder::value_at_depth(int depth) {
  if (depth > kMaxDecodeDepth) throw CorruptData("value nested too deeply");
  const auto number = [](std::string_view text) {
    try {
      return Number::parse(text);
    } catch (const Error&) {
      throw CorruptData("malformed number");
    }
  };
  // A count can never exceed the bytes left (every member takes at least one), which bounds what
  // a corrupted count can make the decoder reserve.
  const auto count = [this] {
    uint64_t n = varint();
    if (n > in_.size() - position_) throw CorruptData("count larger than the record");
    return static_cast<std::size_t>(n);
  };
  uint8_t tag = u8();
  switch (static_cast<Type>(tag)) {
    case Type::S:
      return AttributeValue::string(std::string(bytes()));
    case Type::N:
      return AttributeValue::number(number(bytes()));
    case Type::B:
      return AttributeValue::binary(std::string(bytes()));
    case Type::BOOL:
      return AttributeValue::boolean(u8() != 0);
    case Type::NUL:
      return AttributeValue::null();
    case Type::M: {
      Map map;
      for (std::size_t i = 0, n = count(); i < n; ++i) {
        std::string name(bytes());
        map.insert_or_assign(std::move(name), value_at_depth(depth + 1));
      }
      return AttributeValue::map(std::move(map));
    }
    case Type::L: {
      List list;
      std::size_t n = count();
      list.reserve(n);
      for (std::size_t i = 0; i < n; ++i) list.push_back(value_at_depth(depth + 1));
      return AttributeValue::list(std::move(list));
    }
    case Type::SS:
    case Type::BS: {
      std::vector<std::string> members;
      std::size_t n = count();
      members.reserve(n);
      for (std::size_t i = 0; i < n; ++i) members.emplace_back(bytes());
      return static_cast<Type>(tag) == Type::SS ? AttributeValue::string_set(std::move(members))
                                                : AttributeValue::binary_set(std::move(members));
    }
    case Type::NS: {
      std::vector<Number> members;
      std::size_t n = count();
      members.reserve(n);
      for (std::size_t i = 0; i < n; ++i) members.push_back(number(bytes()));
      return AttributeValue::number_set(std::move(members));
    }
  }
  throw CorruptData("unknown value type " + std::to_string(tag));
}

Item Decoder::item() {
  Item item;
  uint64_t n = varint();
  if (n > in_.size() - position_) throw CorruptData("count larger than the record");
  for (uint64_t i = 0; i < n; ++i) {
    std::string name(bytes());
    item.insert_or_assign(std::move(name), value());
  }
  return item;
}

Key Decoder::key() {
  Key key;
  key.partition = value();
  if (u8() != 0) key.sort = value();
  return key;
}

}  // namespace ddb::engine::durable
