#include "engine/sort_key_range.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::engine {
namespace {

AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }
AttributeValue b(std::string bytes) { return AttributeValue::binary(std::move(bytes)); }

TEST(SortKeyRange, BeginsWithEndsBeforeTheNextPrefix) {
  SortKeyRange range = SortKeyRange::begins_with(s("ORDER#"));
  ASSERT_TRUE(range.lower.has_value());
  EXPECT_EQ(range.lower->value, s("ORDER#"));
  EXPECT_TRUE(range.lower->inclusive);
  ASSERT_TRUE(range.upper.has_value());
  EXPECT_EQ(range.upper->value, s("ORDER$"));
  EXPECT_FALSE(range.upper->inclusive);
}

TEST(SortKeyRange, BeginsWithContainsExactlyTheKeysWithThePrefix) {
  SortKeyRange range = SortKeyRange::begins_with(s("ORDER#"));
  EXPECT_TRUE(range.contains(s("ORDER#")));
  EXPECT_TRUE(range.contains(s("ORDER#2024")));
  EXPECT_TRUE(range.contains(s("ORDER#\xF4\x8F\xBF\xBF")));  // U+10FFFF, the largest code point
  EXPECT_FALSE(range.contains(s("ORDER")));
  EXPECT_FALSE(range.contains(s("ORDER\"")));
  EXPECT_FALSE(range.contains(s("ORDER$")));
  EXPECT_FALSE(range.contains(s("ORDER$A")));
  EXPECT_FALSE(range.contains(s("order#1")));
}

TEST(SortKeyRange, BeginsWithIncrementsTheLastByteOfAMultibyteCharacter) {
  // "caf\xC3\xA9" (café): the next prefix is "caf\xC3\xAA" (cafê).
  SortKeyRange range = SortKeyRange::begins_with(s("caf\xC3\xA9"));
  ASSERT_TRUE(range.upper.has_value());
  EXPECT_EQ(range.upper->value, s("caf\xC3\xAA"));
  EXPECT_TRUE(range.contains(s("caf\xC3\xA9s")));
  EXPECT_FALSE(range.contains(s("cafe")));
}

TEST(SortKeyRange, BeginsWithDropsTrailingFFBytesBeforeIncrementing) {
  SortKeyRange range = SortKeyRange::begins_with(b("a\xFF\xFF"));
  ASSERT_TRUE(range.upper.has_value());
  EXPECT_EQ(range.upper->value, b("b"));
  EXPECT_FALSE(range.upper->inclusive);
  EXPECT_TRUE(range.contains(b("a\xFF\xFF")));
  EXPECT_TRUE(range.contains(b(std::string("a\xFF\xFF\xFF\x00", 5))));
  EXPECT_FALSE(range.contains(b("a\xFF\xFE")));
  EXPECT_FALSE(range.contains(b("b")));
}

TEST(SortKeyRange, BeginsWithAllFFBytesHasNoUpperBound) {
  SortKeyRange range = SortKeyRange::begins_with(b("\xFF\xFF"));
  ASSERT_TRUE(range.lower.has_value());
  EXPECT_EQ(range.lower->value, b("\xFF\xFF"));
  EXPECT_FALSE(range.upper.has_value());
  EXPECT_TRUE(range.contains(b("\xFF\xFF")));
  EXPECT_TRUE(range.contains(b("\xFF\xFF\xFF\xFF")));
  EXPECT_FALSE(range.contains(b("\xFF\xFE\xFF")));
  EXPECT_FALSE(range.contains(b("\xFF")));
}

TEST(SortKeyRange, BeginsWithEmptyPrefixHasNoUpperBound) {
  SortKeyRange range = SortKeyRange::begins_with(s(""));
  EXPECT_FALSE(range.upper.has_value());
  EXPECT_TRUE(range.contains(s("")));
  EXPECT_TRUE(range.contains(s("anything")));
}

TEST(SortKeyRange, BeginsWithBinaryPrefixUsesUnsignedBytes) {
  SortKeyRange range = SortKeyRange::begins_with(b(std::string("\x00\x7F", 2)));
  ASSERT_TRUE(range.upper.has_value());
  EXPECT_EQ(range.upper->value, b(std::string("\x00\x80", 2)));
  EXPECT_TRUE(range.contains(b(std::string("\x00\x7F\xFF", 3))));
  EXPECT_FALSE(range.contains(b(std::string("\x00\x80", 2))));
  EXPECT_FALSE(range.contains(b(std::string("\x00\x7E\xFF", 3))));

  SortKeyRange zero = SortKeyRange::begins_with(b(std::string("\x00", 1)));
  ASSERT_TRUE(zero.upper.has_value());
  EXPECT_EQ(zero.upper->value, b("\x01"));
  EXPECT_TRUE(zero.contains(b(std::string("\x00\x00", 2))));
  EXPECT_FALSE(zero.contains(b("")));
}

TEST(SortKeyRange, BeginsWithKeepsTheBinaryType) {
  SortKeyRange range = SortKeyRange::begins_with(b("ab"));
  ASSERT_TRUE(range.upper.has_value());
  EXPECT_EQ(range.upper->value.type(), Type::B);
}

TEST(SortKeyRange, AllContainsEverything) {
  SortKeyRange range = SortKeyRange::all();
  EXPECT_TRUE(range.contains(n("-1E125")));
  EXPECT_TRUE(range.contains(n("0")));
  EXPECT_TRUE(range.above_lower(s("")));
  EXPECT_TRUE(range.below_upper(s("\xFF")));
}

TEST(SortKeyRange, EqualContainsOnlyEqualNumbers) {
  SortKeyRange range = SortKeyRange::equal(n("10"));
  EXPECT_TRUE(range.contains(n("1E1")));
  EXPECT_TRUE(range.contains(n("10.00")));
  EXPECT_FALSE(range.contains(n("10.0001")));
  EXPECT_FALSE(range.contains(n("9.9999")));
}

TEST(SortKeyRange, ExclusiveBoundsLeaveTheBoundOut) {
  EXPECT_FALSE(SortKeyRange::less(n("5")).contains(n("5")));
  EXPECT_TRUE(SortKeyRange::less(n("5")).contains(n("4.999")));
  EXPECT_FALSE(SortKeyRange::greater(n("5")).contains(n("5")));
  EXPECT_TRUE(SortKeyRange::greater(n("5")).contains(n("5.001")));
  EXPECT_FALSE(SortKeyRange::greater(n("5")).contains(n("-6")));
}

TEST(SortKeyRange, InclusiveBoundsKeepTheBound) {
  EXPECT_TRUE(SortKeyRange::less_equal(s("m")).contains(s("m")));
  EXPECT_FALSE(SortKeyRange::less_equal(s("m")).contains(s("m\x01")));
  EXPECT_TRUE(SortKeyRange::greater_equal(s("m")).contains(s("m")));
  EXPECT_FALSE(SortKeyRange::greater_equal(s("m")).contains(s("l\xFF")));
}

TEST(SortKeyRange, BetweenIncludesBothEnds) {
  SortKeyRange range = SortKeyRange::between(n("1"), n("3"));
  EXPECT_TRUE(range.contains(n("1")));
  EXPECT_TRUE(range.contains(n("2.5")));
  EXPECT_TRUE(range.contains(n("3")));
  EXPECT_FALSE(range.contains(n("0.999")));
  EXPECT_FALSE(range.contains(n("3.001")));
}

TEST(SortKeyRange, BetweenEqualBoundsIsOneKey) {
  SortKeyRange range = SortKeyRange::between(s("k"), s("k"));
  EXPECT_TRUE(range.contains(s("k")));
  EXPECT_FALSE(range.contains(s("k0")));
  EXPECT_FALSE(range.contains(s("j")));
}

TEST(SortKeyRange, AboveLowerAndBelowUpperCheckOneSideEach) {
  SortKeyRange range{SortKeyBound{n("1"), false}, SortKeyBound{n("3"), true}};
  EXPECT_FALSE(range.above_lower(n("1")));
  EXPECT_TRUE(range.above_lower(n("100")));  // above the lower bound, even though past the upper
  EXPECT_FALSE(range.below_upper(n("100")));
  EXPECT_TRUE(range.below_upper(n("3")));
  EXPECT_TRUE(range.below_upper(n("-100")));  // below the upper bound, even though under the lower
  EXPECT_FALSE(range.contains(n("-100")));
  EXPECT_FALSE(range.contains(n("1")));
  EXPECT_TRUE(range.contains(n("3")));
}

TEST(SortKeyRange, UnboundedSidesAcceptEverything) {
  SortKeyRange lower_only = SortKeyRange::greater(s("b"));
  EXPECT_TRUE(lower_only.below_upper(s("\xF4\x8F\xBF\xBF")));
  SortKeyRange upper_only = SortKeyRange::less(s("b"));
  EXPECT_TRUE(upper_only.above_lower(s("")));
}

}  // namespace
}  // namespace ddb::engine
