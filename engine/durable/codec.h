#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/item.h"
#include "engine/value.h"

namespace ddb::engine::durable {

// What a data file that cannot be read back throws: a record that does not decode, a checksum
// that does not match, a missing file. The server reports it and exits rather than start with
// less than was acknowledged.
class CorruptData : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Appends the binary encoding of values to a byte string: fixed little-endian integers, LEB128
// varints and length-prefixed bytes.
class Encoder {
 public:
  explicit Encoder(std::string& out) : out_(out) {}

  void u8(uint8_t value) { out_.push_back(static_cast<char>(value)); }
  void u32(uint32_t value);
  void u64(uint64_t value);
  void varint(uint64_t value);
  void bytes(std::string_view value);  // varint length, then the bytes
  void f64(double value);
  void value(const AttributeValue& value);
  void item(const Item& item);
  void key(const Key& key);

 private:
  std::string& out_;
};

// Reads what Encoder wrote. Every read past the end or of a malformed value throws CorruptData.
class Decoder {
 public:
  explicit Decoder(std::string_view in) : in_(in) {}

  uint8_t u8();
  uint32_t u32();
  uint64_t u64();
  uint64_t varint();
  std::string_view bytes();
  double f64();
  AttributeValue value();
  Item item();
  Key key();

  bool done() const { return position_ == in_.size(); }
  // Throws CorruptData unless every byte was read.
  void expect_done() const;

 private:
  std::string_view take(std::size_t count);
  AttributeValue value_at_depth(int depth);

  std::string_view in_;
  std::size_t position_ = 0;
};

// Writes one numbered, length-prefixed field whose body `write` produces, so that a reader can
// skip to the next field or take the body as a Decoder of its own.
template <typename Write>
void field(Encoder& out, uint8_t number, Write&& write) {
  std::string body;
  Encoder body_out(body);
  write(body_out);
  out.u8(number);
  out.bytes(body);
}

// Reads an enumerator written as one byte; CorruptData past `last`, the enum's last value.
template <typename Enum>
Enum enumerator(Decoder& in, Enum last) {
  uint8_t value = in.u8();
  if (value > static_cast<uint8_t>(last)) throw CorruptData("enumerator out of range");
  return static_cast<Enum>(value);
}

}  // namespace ddb::engine::durable
