#include "engine/key_bytes.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace ddb::engine {
namespace {

AttributeValue n(const std::string& text) { return AttributeValue::number(Number::parse(text)); }

std::string bytes_of(const AttributeValue& value) {
  std::string out;
  append_key_bytes(value, out);
  return out;
}

int sign(int c) { return (c > 0) - (c < 0); }

int byte_order(const AttributeValue& a, const AttributeValue& b) {
  return sign(std::string_view(bytes_of(a)).compare(bytes_of(b)));
}

int key_order(const AttributeValue& a, const AttributeValue& b) {
  auto c = compare_keys(a, b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

TEST(KeyBytes, StringsAndBinariesAreTheirOwnBytes) {
  EXPECT_EQ(bytes_of(AttributeValue::string("ORDER#1")), "ORDER#1");
  EXPECT_EQ(bytes_of(AttributeValue::binary(std::string("\x00\xFF", 2))),
            std::string("\x00\xFF", 2));
  EXPECT_EQ(bytes_of(AttributeValue::null()), "");
}

TEST(KeyBytes, NumbersOrderByValue) {
  std::vector<std::string> ascending = {
      "-1E125", "-100", "-12", "-10", "-9.99", "-1.23", "-1.2", "-1", "-0.5", "-1E-130", "0",
      "1E-130", "0.5",  "1",   "1.2", "1.23",  "9.99",  "10",   "12", "100",  "1E125"};
  for (std::size_t i = 0; i < ascending.size(); ++i) {
    for (std::size_t j = 0; j < ascending.size(); ++j) {
      int expected = i < j ? -1 : (i > j ? 1 : 0);
      EXPECT_EQ(byte_order(n(ascending[i]), n(ascending[j])), expected)
          << ascending[i] << " vs " << ascending[j];
    }
  }
}

TEST(KeyBytes, EqualNumbersHaveEqualBytesWhateverTheirSpelling) {
  EXPECT_EQ(bytes_of(n("1")), bytes_of(n("1.000")));
  EXPECT_EQ(bytes_of(n("1")), bytes_of(n("10E-1")));
  EXPECT_EQ(bytes_of(n("-0")), bytes_of(n("0.0")));
  EXPECT_EQ(bytes_of(n("-25")), bytes_of(n("-2.5e1")));
}

TEST(KeyBytes, RandomNumbersOrderAsCompareKeys) {
  std::mt19937 random(7);
  std::uniform_int_distribution<int> digit_count(1, 38);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_int_distribution<int> exponent(-120, 80);  // + up to 37 digits stays <= 125
  std::uniform_int_distribution<int> coin(0, 1);
  std::vector<AttributeValue> values;
  for (int i = 0; i < 400; ++i) {
    std::string text = coin(random) ? "-" : "";
    // Few digits and exponents near each other often, so that prefixes and ties are common.
    int count = coin(random) ? digit_count(random) : 1 + digit(random) % 3;
    for (int d = 0; d < count; ++d) text += static_cast<char>('0' + digit(random));
    text += "E" + std::to_string(coin(random) ? exponent(random) : digit(random) - 5);
    values.push_back(n(text));
  }
  for (const auto& a : values) {
    for (const auto& b : values) {
      ASSERT_EQ(byte_order(a, b), key_order(a, b))
          << a.as_number().to_string() << " vs " << b.as_number().to_string();
    }
  }
}

TEST(KeyProbe, ViewsStringsInPlaceAndEncodesNumbers) {
  AttributeValue text = AttributeValue::string("abc");
  KeyProbe probe(text, n("12"), AttributeValue::null());
  ASSERT_EQ(probe.size(), 3u);
  EXPECT_EQ(probe[0].data(), text.as_string().data());
  EXPECT_EQ(std::string(probe[1]), bytes_of(n("12")));
  EXPECT_EQ(probe[2], "");
}

}  // namespace
}  // namespace ddb::engine
