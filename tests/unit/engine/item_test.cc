#include "engine/item.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::engine {
namespace {

// Expected sizes follow the Developer Guide's "Item sizes and formats": strings and binaries by
// their bytes, numbers 1 byte per two significant digits plus 1, BOOL and NULL 1 byte, maps and
// lists 3 bytes plus 1 byte per element plus the elements (and a map's key names), sets the sum of
// members.

AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

TEST(ValueSize, CountsStringsInUtf8Bytes) {
  EXPECT_EQ(value_size(s("")), 0u);
  EXPECT_EQ(value_size(s("abc")), 3u);
  EXPECT_EQ(value_size(s("\xC3\xA9")), 2u);          // U+00E9
  EXPECT_EQ(value_size(s("\xE2\x82\xAC")), 3u);      // U+20AC
  EXPECT_EQ(value_size(s("\xF0\x9F\x98\x80")), 4u);  // U+1F600
}

TEST(ValueSize, CountsBinariesInBytes) {
  EXPECT_EQ(value_size(AttributeValue::binary(std::string("\x00\xFF\x01", 3))), 3u);
}

TEST(ValueSize, CountsOneBytePerTwoSignificantDigitsPlusOne) {
  EXPECT_EQ(value_size(n("1")), 2u);
  EXPECT_EQ(value_size(n("12")), 2u);
  EXPECT_EQ(value_size(n("123")), 3u);
  EXPECT_EQ(value_size(n("1234")), 3u);
  EXPECT_EQ(value_size(n("12345")), 4u);
  EXPECT_EQ(value_size(n("12345678901234567890123456789012345678")), 20u);  // 38 digits
}

TEST(ValueSize, IgnoresLeadingAndTrailingZerosOfNumbers) {
  EXPECT_EQ(value_size(n("100000")), 2u);
  EXPECT_EQ(value_size(n("0.001")), 2u);
  EXPECT_EQ(value_size(n("000123.4500")), 4u);  // 12345
  EXPECT_EQ(value_size(n("1E100")), 2u);
}

TEST(ValueSize, CountsBoolAndNullAsOneByte) {
  EXPECT_EQ(value_size(AttributeValue::boolean(true)), 1u);
  EXPECT_EQ(value_size(AttributeValue::boolean(false)), 1u);
  EXPECT_EQ(value_size(AttributeValue::null()), 1u);
}

TEST(ValueSize, CountsThreeBytesPlusOnePerElementForMaps) {
  EXPECT_EQ(value_size(AttributeValue::map({})), 3u);
  // 3 + (1 + name "a" 1 + "xy" 2)
  EXPECT_EQ(value_size(AttributeValue::map({{"a", s("xy")}})), 7u);
  // 3 + (1 + "name" 4 + "abc" 3) + (1 + "\xC3\xA9" 2 + BOOL 1)
  EXPECT_EQ(value_size(AttributeValue::map(
                {{"name", s("abc")}, {"\xC3\xA9", AttributeValue::boolean(true)}})),
            15u);
}

TEST(ValueSize, CountsThreeBytesPlusOnePerElementForLists) {
  EXPECT_EQ(value_size(AttributeValue::list({})), 3u);
  // 3 + (1 + 2) + (1 + 2)
  EXPECT_EQ(value_size(AttributeValue::list({s("ab"), n("12")})), 9u);
}

TEST(ValueSize, CountsNestedDocumentsRecursively) {
  // inner list: 3 + (1 + 1) = 5; map: 3 + (1 + "l" 1 + 5) = 10; outer list: 3 + (1 + 10) = 14
  AttributeValue inner = AttributeValue::list({AttributeValue::null()});
  AttributeValue map = AttributeValue::map({{"l", inner}});
  EXPECT_EQ(value_size(AttributeValue::list({map})), 14u);
}

TEST(ValueSize, CountsSetsAsTheSumOfTheirMembers) {
  EXPECT_EQ(value_size(AttributeValue::string_set({"a", "bc", "\xE2\x82\xAC"})), 6u);
  EXPECT_EQ(value_size(AttributeValue::number_set({Number::parse("1"), Number::parse("123")})), 5u);
  EXPECT_EQ(value_size(AttributeValue::binary_set({"ab", "cde"})), 5u);
}

TEST(ItemSize, AddsEveryAttributeNameToItsValue) {
  EXPECT_EQ(item_size({}), 0u);
  EXPECT_EQ(item_size({{"pk", s("abc")}}), 5u);
  EXPECT_EQ(item_size({{"pk", s("abc")}, {"n", n("12345")}}), 10u);
}

TEST(ItemSize, CountsAttributeNamesInUtf8Bytes) {
  EXPECT_EQ(item_size({{"\xC3\xA9t\xC3\xA9", AttributeValue::boolean(true)}}), 6u);
}

const KeySchema kHashOnly{{"pk", Type::S}, std::nullopt};
KeySchema composite() { return ddb::test::composite_schema("pk", Type::S, "sk", Type::N); }

TEST(KeyOf, TakesThePartitionKeyOfAHashOnlyTable) {
  Item item{{"pk", s("a")}, {"sk", n("1")}, {"x", s("y")}};
  Key key = key_of(item, kHashOnly);
  EXPECT_EQ(key.partition, s("a"));
  EXPECT_FALSE(key.sort.has_value());
}

TEST(KeyOf, TakesBothKeysOfACompositeTable) {
  Item item{{"pk", s("a")}, {"sk", n("1")}, {"x", s("y")}};
  Key key = key_of(item, composite());
  EXPECT_EQ(key.partition, s("a"));
  ASSERT_TRUE(key.sort.has_value());
  EXPECT_EQ(*key.sort, n("1"));
}

TEST(KeyToItem, HoldsOnlyTheKeyAttributes) {
  EXPECT_EQ(key_to_item(Key{s("a"), std::nullopt}, kHashOnly), (Item{{"pk", s("a")}}));
  EXPECT_EQ(key_to_item(Key{s("a"), n("1")}, composite()), (Item{{"pk", s("a")}, {"sk", n("1")}}));
}

TEST(KeyToItem, RoundTripsWithKeyOf) {
  Item item{{"pk", s("p")}, {"sk", n("-2.5")}, {"other", AttributeValue::boolean(true)}};
  Item key_item = key_to_item(key_of(item, composite()), composite());
  EXPECT_EQ(key_item, (Item{{"pk", s("p")}, {"sk", n("-2.5")}}));
  EXPECT_EQ(key_of(key_item, composite()), key_of(item, composite()));
}

TEST(Limits, MatchDynamoDb) {
  EXPECT_EQ(kMaxItemBytes, 409600u);
  EXPECT_EQ(kMaxPartitionKeyBytes, 2048u);
  EXPECT_EQ(kMaxSortKeyBytes, 1024u);
}

}  // namespace
}  // namespace ddb::engine
