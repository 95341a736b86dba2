#include "engine/value.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <compare>
#include <string>
#include <vector>

namespace ddb::engine {
namespace {

AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }
AttributeValue b(std::string bytes) { return AttributeValue::binary(std::move(bytes)); }

TEST(CompareKeys, OrdersNumbersByValueNotBySpelling) {
  EXPECT_EQ(compare_keys(n("9"), n("10")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(n("-10"), n("-9")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(n("-1"), n("0")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(n("0.001"), n("0.01")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(n("1E2"), n("99.999")), std::strong_ordering::greater);
  EXPECT_EQ(compare_keys(n("-1E-130"), n("1E-130")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(n("12345678901234567890123456789012345678"),
                         n("12345678901234567890123456789012345679")),
            std::strong_ordering::less);
}

TEST(CompareKeys, TreatsEverySpellingOfOneNumberAsEqual) {
  for (const char* spelling : {"100", "1E2", "1e+2", "100.000", "0100", "+100", "10E1", ".1E3"}) {
    EXPECT_EQ(compare_keys(n(spelling), n("100")), std::strong_ordering::equal) << spelling;
  }
  EXPECT_EQ(compare_keys(n("-0"), n("0")), std::strong_ordering::equal);
  EXPECT_EQ(compare_keys(n("0.0"), n("0E5")), std::strong_ordering::equal);
}

TEST(CompareKeys, OrdersStringsByUtf8Bytes) {
  EXPECT_EQ(compare_keys(s("A"), s("a")), std::strong_ordering::less);  // 0x41 < 0x61
  EXPECT_EQ(compare_keys(s("Z"), s("a")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(s("10"), s("9")), std::strong_ordering::less);  // bytes, not numbers
  // U+00E9 is C3 A9 and U+20AC is E2 82 AC: both sort after every ASCII character.
  EXPECT_EQ(compare_keys(s("z"), s("\xC3\xA9")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(s("\xC3\xA9"), s("\xE2\x82\xAC")), std::strong_ordering::less);
  // U+1F600 (F0 9F 98 80) sorts after U+FFFD (EF BF BD) by bytes, although UTF-16 would put it
  // first.
  EXPECT_EQ(compare_keys(s("\xEF\xBF\xBD"), s("\xF0\x9F\x98\x80")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(s("same"), s("same")), std::strong_ordering::equal);
}

TEST(CompareKeys, PutsAStringBeforeTheStringsItIsAPrefixOf) {
  EXPECT_EQ(compare_keys(s("ORDER"), s("ORDER#1")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(s("ORDER#1"), s("ORDER")), std::strong_ordering::greater);
  EXPECT_EQ(compare_keys(s(""), s("a")), std::strong_ordering::less);
}

TEST(CompareKeys, OrdersBinariesByUnsignedBytes) {
  EXPECT_EQ(compare_keys(b(std::string("\x00", 1)), b("\x01")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(b("\x7F"), b("\x80")), std::strong_ordering::less);  // not signed char
  EXPECT_EQ(compare_keys(b("\x80"), b("\xFF")), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(b("\xFF"), b(std::string("\xFF\x00", 2))), std::strong_ordering::less);
  EXPECT_EQ(compare_keys(b(std::string("a\x00", 2)), b("a")), std::strong_ordering::greater);
  EXPECT_EQ(compare_keys(b(std::string("\x00\xFF", 2)), b(std::string("\x00\xFF", 2))),
            std::strong_ordering::equal);
}

TEST(CompareKeys, SortsNumbersNumerically) {
  std::vector<AttributeValue> values = {n("10"), n("-2.5"), n("9"), n("0"), n("1E1"), n("-3")};
  std::sort(values.begin(), values.end(), [](const AttributeValue& a, const AttributeValue& b) {
    return compare_keys(a, b) < 0;
  });
  std::vector<std::string> texts;
  for (const auto& v : values) texts.push_back(v.as_number().to_string());
  EXPECT_EQ(texts, (std::vector<std::string>{"-3", "-2.5", "0", "9", "10", "10"}));
}

TEST(AttributeValue, StringSetIsSortedByBytes) {
  AttributeValue set = AttributeValue::string_set({"b", "\xC3\xA9", "B", "a"});
  EXPECT_EQ(set.type(), Type::SS);
  EXPECT_EQ(set.as_string_set(), (std::vector<std::string>{"B", "a", "b", "\xC3\xA9"}));
}

TEST(AttributeValue, NumberSetIsSortedNumerically) {
  AttributeValue set = AttributeValue::number_set(
      {Number::parse("10"), Number::parse("-1"), Number::parse("9"), Number::parse("0.5")});
  std::vector<std::string> texts;
  for (const auto& member : set.as_number_set()) texts.push_back(member.to_string());
  EXPECT_EQ(texts, (std::vector<std::string>{"-1", "0.5", "9", "10"}));
}

TEST(AttributeValue, BinarySetIsSortedByUnsignedBytes) {
  AttributeValue set = AttributeValue::binary_set({"\xFF", "\x80", std::string("\x00", 1), "\x7F"});
  EXPECT_EQ(set.as_binary_set(),
            (std::vector<std::string>{std::string("\x00", 1), "\x7F", "\x80", "\xFF"}));
}

TEST(AttributeValue, SetsWithTheSameMembersInAnyOrderAreEqual) {
  EXPECT_EQ(AttributeValue::string_set({"a", "b", "c"}),
            AttributeValue::string_set({"c", "a", "b"}));
  EXPECT_EQ(AttributeValue::number_set({Number::parse("1"), Number::parse("2")}),
            AttributeValue::number_set({Number::parse("2.0"), Number::parse("1E0")}));
  EXPECT_EQ(AttributeValue::binary_set({"x", "y"}), AttributeValue::binary_set({"y", "x"}));
  EXPECT_NE(AttributeValue::string_set({"a", "b"}), AttributeValue::string_set({"a"}));
}

TEST(AttributeValue, EqualityRequiresTheSameTypeAndValue) {
  EXPECT_EQ(s("1"), s("1"));
  EXPECT_NE(s("1"), n("1"));
  EXPECT_NE(s("abc"), b("abc"));  // S and B both hold bytes, but are different types
  EXPECT_EQ(n("1.50"), n("1.5"));
  EXPECT_EQ(AttributeValue::null(), AttributeValue());
  EXPECT_NE(AttributeValue::boolean(true), AttributeValue::boolean(false));
  EXPECT_NE(AttributeValue::string_set({"a"}), AttributeValue::binary_set({"a"}));
  EXPECT_EQ(AttributeValue::map({{"a", n("1")}, {"b", s("x")}}),
            AttributeValue::map({{"b", s("x")}, {"a", n("1.0")}}));
  EXPECT_NE(AttributeValue::map({{"a", n("1")}}), AttributeValue::map({{"a", n("2")}}));
  EXPECT_EQ(AttributeValue::list({s("a"), n("1")}), AttributeValue::list({s("a"), n("1")}));
  EXPECT_NE(AttributeValue::list({s("a"), n("1")}), AttributeValue::list({n("1"), s("a")}));
}

TEST(AttributeValue, DefaultIsNull) {
  AttributeValue v;
  EXPECT_EQ(v.type(), Type::NUL);
  EXPECT_STREQ(type_name(v.type()), "NULL");
}

TEST(TypeName, UsesDynamoDbSpelling) {
  EXPECT_STREQ(type_name(Type::S), "S");
  EXPECT_STREQ(type_name(Type::N), "N");
  EXPECT_STREQ(type_name(Type::B), "B");
  EXPECT_STREQ(type_name(Type::BOOL), "BOOL");
  EXPECT_STREQ(type_name(Type::M), "M");
  EXPECT_STREQ(type_name(Type::L), "L");
  EXPECT_STREQ(type_name(Type::SS), "SS");
  EXPECT_STREQ(type_name(Type::NS), "NS");
  EXPECT_STREQ(type_name(Type::BS), "BS");
}

}  // namespace
}  // namespace ddb::engine
