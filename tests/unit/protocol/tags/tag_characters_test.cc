// The tag character set: \p{L}, \p{N}, \p{Z} and _ . : / = + - @ (scripts/gen_tag_characters.py).

#include "protocol/tags/tag_characters.h"

#include <gtest/gtest.h>

#include <string_view>

namespace ddb::protocol {
namespace {

TEST(TagCharacters, AcceptsLettersNumbersAndSeparatorsOfAnyScript) {
  for (char32_t c : {U'a', U'Z', U'0', U'9', U' ', U'é', U'ж', U'表', U'١', U'\u00A0', U'\u3000',
                     U'\U00020000'}) {
    EXPECT_TRUE(is_tag_character(c)) << static_cast<unsigned>(c);
  }
}

TEST(TagCharacters, AcceptsExactlyTheListedAsciiSymbols) {
  for (char c = 0x21; c < 0x7F; ++c) {
    bool alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    bool listed = std::string_view("_.:/=+-@").find(c) != std::string_view::npos;
    EXPECT_EQ(is_tag_character(static_cast<char32_t>(c)), alphanumeric || listed) << c;
  }
}

TEST(TagCharacters, RefusesControlsMarksSymbolsAndEmoji) {
  for (char32_t c : {U'\t', U'\n', U'\0', U'\u0301', U'€', U'©', U'\U0001F511', U'\U0010FFFF'}) {
    EXPECT_FALSE(is_tag_character(c)) << static_cast<unsigned>(c);
  }
}

}  // namespace
}  // namespace ddb::protocol
