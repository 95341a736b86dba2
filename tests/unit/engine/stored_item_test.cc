#include "engine/stored_item.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace ddb::engine {
namespace {

AttributeValue n(const std::string& text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

StoredItem store(const Item& item, std::vector<std::string_view> parts = {}) {
  return StoredItem::encode(item, parts);
}

// Every type, nested, with empty members, numbers of every kind and bytes that look like the
// encoding's own lengths.
Item every_type() {
  Map nested{{"inner", AttributeValue::list({n("-0.001"), AttributeValue::null()})}, {"", s("")}};
  return Item{
      {"s", s("text")},
      {"empty", s("")},
      {"n0", n("0")},
      {"nbig", n("-9.9999999999999999999999999999999999999E125")},
      {"nsmall", n("1E-130")},
      {"b", AttributeValue::binary(std::string("\x00\x80\xFF\x7F", 4))},
      {"t", AttributeValue::boolean(true)},
      {"f", AttributeValue::boolean(false)},
      {"null", AttributeValue::null()},
      {"m", AttributeValue::map(nested)},
      {"em", AttributeValue::map({})},
      {"l", AttributeValue::list({s("a"), AttributeValue::map(nested), AttributeValue::list({})})},
      {"ss", AttributeValue::string_set({"b", "a", ""})},
      {"ns", AttributeValue::number_set({Number::parse("10"), Number::parse("-2.5")})},
      {"bs", AttributeValue::binary_set({std::string("\x01", 1), std::string(300, 'x')})},
      {std::string(200, 'k'), s(std::string(70000, 'v'))},
      {std::string(15, 'f'), s("a name of exactly 15 bytes")},
      {std::string(14, 'f'), s("and of 14")},
  };
}

TEST(StoredItem, DecodesToTheItemItEncoded) {
  Item item = every_type();
  EXPECT_EQ(store(item).decode(), item);
  EXPECT_EQ(store(Item{}).decode(), Item{});
}

TEST(StoredItem, KnowsTheItemsSizeWithoutDecoding) {
  Item item = every_type();
  EXPECT_EQ(store(item).item_size(), item_size(item));
}

TEST(StoredItem, KeepsItsKeyParts) {
  std::string long_part(500, 'p');
  StoredItem stored = store(Item{{"a", s("b")}}, {"sort", "", long_part});
  ASSERT_EQ(stored.key_part_count(), 3u);
  EXPECT_EQ(stored.key_part(0), "sort");
  EXPECT_EQ(stored.key_part(1), "");
  EXPECT_EQ(stored.key_part(2), long_part);
  EXPECT_EQ(stored.decode(), (Item{{"a", s("b")}}));
}

TEST(StoredItem, AKeyPartEqualToAnAttributeIsStoredOnce) {
  Item item{{"pk", s("user#1")},
            {"sk", s(std::string(100, 's'))},
            {"b", AttributeValue::binary(std::string("\x00\x01", 2))}};
  std::string sort(100, 's');
  StoredItem shared = store(item, {sort, std::string_view("\x00\x01", 2), "user#1"});
  StoredItem inline_parts = store(item, {std::string(100, 't'), "zz", "other!"});
  EXPECT_EQ(shared.key_part(0), sort);
  EXPECT_EQ(shared.key_part(1), std::string_view("\x00\x01", 2));
  EXPECT_EQ(shared.key_part(2), "user#1");
  EXPECT_EQ(inline_parts.key_part(0), std::string(100, 't'));
  EXPECT_LT(shared.encoded_bytes() + 100, inline_parts.encoded_bytes());
  EXPECT_EQ(shared.decode(), item);
}

// An attribute whose bytes are kept in a key part reads back with its own type, by decode() and by
// attribute(); two parts with the same bytes share no attribute, so the second keeps its own.
TEST(StoredItem, AnAttributeKeptInAKeyPartKeepsItsType) {
  Item item{{"bin", AttributeValue::binary("same")},
            {"num", n("7")},
            {"str", s("same")},
            {"zz", s("other")}};
  StoredItem stored = store(item, {"same", "same", "same"});
  EXPECT_EQ(stored.decode(), item);
  EXPECT_EQ(stored.attribute("bin"), AttributeValue::binary("same"));
  EXPECT_EQ(stored.attribute("str"), s("same"));
  EXPECT_EQ(stored.attribute("zz"), s("other"));
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(stored.key_part(i), "same");
}

TEST(StoredItem, ReadsOneAttribute) {
  StoredItem stored = store(every_type(), {"k"});
  EXPECT_EQ(stored.attribute("nbig"), n("-9.9999999999999999999999999999999999999E125"));
  EXPECT_EQ(stored.attribute("m"), every_type().at("m"));
  EXPECT_EQ(stored.attribute("bs"), every_type().at("bs"));
  EXPECT_FALSE(stored.attribute("missing").has_value());
  EXPECT_FALSE(stored.attribute("inner").has_value());  // only top-level names
}

// The bench item (bench/bench.py): pk, sk, gpk, gsk strings, a 950-byte string and a number, 999
// bytes by DynamoDB's measure. Its encoding, sort key included, fits a 1,024-byte size class of
// malloc (glibc: 1,040-byte chunk) and of mimalloc.
TEST(StoredItem, TakesLittleMoreThanTheItemsBytes) {
  Item item{{"pk", s("p000123")}, {"sk", s("ts#00000042")},
            {"gpk", s("g123")},   {"gsk", s("ts#00000042")},
            {"c", n("0")},        {"data", s(std::string(950, 'x'))}};
  StoredItem stored = store(item, {"ts#00000042"});
  EXPECT_EQ(item_size(item), 999u);
  EXPECT_LE(stored.encoded_bytes(), 1024u);
  EXPECT_EQ(stored.decode(), item);
}

}  // namespace
}  // namespace ddb::engine
