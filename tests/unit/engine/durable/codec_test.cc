#include "engine/durable/codec.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::engine::durable {
namespace {

AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

AttributeValue round_trip(const AttributeValue& value) {
  std::string bytes;
  Encoder(bytes).value(value);
  Decoder in(bytes);
  AttributeValue back = in.value();
  in.expect_done();
  return back;
}

// One value of each of the ten types, nested inside a map and a list.
Item every_type() {
  Item item;
  item["s"] = s("h\xC3\xA9llo\0world");
  item["empty"] = s("");
  item["n"] = n("-12345678901234567890123456789012345678");
  item["small"] = n("1E-130");
  item["big"] = n("9.9999999999999999999999999999999999999E+125");
  item["b"] = AttributeValue::binary(std::string("\x00\xff\x10", 3));
  item["t"] = AttributeValue::boolean(true);
  item["f"] = AttributeValue::boolean(false);
  item["null"] = AttributeValue::null();
  item["ss"] = AttributeValue::string_set({"b", "a", "\xF0\x9F\x98\x80"});
  item["ns"] = AttributeValue::number_set({Number::parse("10"), Number::parse("-0.5")});
  item["bs"] = AttributeValue::binary_set({std::string("\x01", 1), std::string("\x00", 1)});
  item["l"] =
      AttributeValue::list({s("x"), n("1"), AttributeValue::list({}), AttributeValue::map({})});
  Item inner = item;
  item["m"] = AttributeValue::map(inner);
  return item;
}

TEST(DurableCodec, RoundTripsEveryAttributeValueType) {
  Item item = every_type();
  for (const auto& [name, value] : item) {
    EXPECT_EQ(round_trip(value), value) << name;
  }
  EXPECT_EQ(round_trip(AttributeValue::map(item)), AttributeValue::map(item));
}

TEST(DurableCodec, RoundTripsItemsAndKeys) {
  Item item = every_type();
  Key composite{s("pk"), n("3.5")};
  Key hash_only{AttributeValue::binary("k"), std::nullopt};
  std::string bytes;
  Encoder out(bytes);
  out.item(item);
  out.key(composite);
  out.key(hash_only);
  Decoder in(bytes);
  EXPECT_EQ(in.item(), item);
  EXPECT_EQ(in.key(), composite);
  EXPECT_EQ(in.key(), hash_only);
  EXPECT_TRUE(in.done());
}

TEST(DurableCodec, RoundTripsIntegersAtTheirLimits) {
  std::string bytes;
  Encoder out(bytes);
  out.varint(0);
  out.varint(UINT64_MAX);
  out.u32(0xdeadbeef);
  out.u64(UINT64_MAX - 1);
  out.f64(1782000000.125);
  Decoder in(bytes);
  EXPECT_EQ(in.varint(), 0u);
  EXPECT_EQ(in.varint(), UINT64_MAX);
  EXPECT_EQ(in.u32(), 0xdeadbeefu);
  EXPECT_EQ(in.u64(), UINT64_MAX - 1);
  EXPECT_EQ(in.f64(), 1782000000.125);
  EXPECT_TRUE(in.done());
}

TEST(DurableCodec, EveryTruncationOfAnItemIsCorruptData) {
  std::string bytes;
  Encoder(bytes).item(every_type());
  for (std::size_t length = 0; length < bytes.size(); ++length) {
    Decoder in(std::string_view(bytes).substr(0, length));
    EXPECT_THROW(
        {
          in.item();
          in.expect_done();
        },
        CorruptData)
        << length;
  }
}

TEST(DurableCodec, RejectsAnUnknownTypeTag) {
  std::string bytes = "\x0a";
  Decoder in(bytes);
  EXPECT_THROW(in.value(), CorruptData);
}

TEST(DurableCodec, RejectsAMalformedNumber) {
  std::string bytes;
  Encoder out(bytes);
  out.u8(static_cast<uint8_t>(Type::N));
  out.bytes("12x");
  Decoder in(bytes);
  EXPECT_THROW(in.value(), CorruptData);
}

TEST(DurableCodec, RejectsACountLargerThanTheBytesLeft) {
  std::string bytes;
  Encoder out(bytes);
  out.u8(static_cast<uint8_t>(Type::L));
  out.varint(1'000'000'000);
  Decoder in(bytes);
  EXPECT_THROW(in.value(), CorruptData);
}

TEST(DurableCodec, RejectsNestingDeeperThanAnyItem) {
  std::string bytes;
  Encoder out(bytes);
  for (int i = 0; i < 100; ++i) {
    out.u8(static_cast<uint8_t>(Type::L));
    out.varint(1);
  }
  out.u8(static_cast<uint8_t>(Type::NUL));
  Decoder in(bytes);
  EXPECT_THROW(in.value(), CorruptData);
}

}  // namespace
}  // namespace ddb::engine::durable
