// Sort-key hygiene: numbers in string sort keys whose lengths vary, so that they sort as text.

#include "protocol/admin/sort_key_hygiene.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::protocol {
namespace {

TEST(SortKeyHygiene, FlagsNumbersOfDifferentLengthsInOnePattern) {
  SortKeyHygiene hygiene;
  for (const char* value : {"ORDER#9", "ORDER#10", "ORDER#7"}) hygiene.observe(value);
  auto findings = hygiene.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].pattern, "ORDER#{n}");
  EXPECT_EQ(findings[0].number, 1u);
  EXPECT_EQ(findings[0].shortest, 1u);
  EXPECT_EQ(findings[0].longest, 2u);
  EXPECT_EQ(findings[0].shortest_example, "ORDER#9");
  EXPECT_EQ(findings[0].longest_example, "ORDER#10");
  EXPECT_EQ(findings[0].values, 3u);
}

TEST(SortKeyHygiene, ZeroPaddedNumbersAreFine) {
  SortKeyHygiene hygiene;
  for (const char* value : {"ORDER#0009", "ORDER#0010", "ORDER#1234"}) hygiene.observe(value);
  EXPECT_TRUE(hygiene.findings().empty());
}

TEST(SortKeyHygiene, NamesTheFirstNumberThatVaries) {
  SortKeyHygiene hygiene;
  hygiene.observe("2024-01-5");
  hygiene.observe("2024-01-15");
  auto findings = hygiene.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].pattern, "{n}-{n}-{n}");
  EXPECT_EQ(findings[0].number, 3u);
}

TEST(SortKeyHygiene, DigitsNextToLettersAreText) {
  // Hexadecimal identifiers and version words are not numbers that should have been padded.
  SortKeyHygiene hygiene;
  for (const char* value : {"id#9f86d0", "id#12ab3", "v2#x", "v10#x"}) hygiene.observe(value);
  EXPECT_TRUE(hygiene.findings().empty());
}

TEST(SortKeyHygiene, KeysWithoutNumbersAreIgnored) {
  SortKeyHygiene hygiene;
  hygiene.observe("PROFILE");
  hygiene.observe("");
  EXPECT_TRUE(hygiene.findings().empty());
}

TEST(SortKeyHygiene, FollowsABoundedNumberOfPatterns) {
  SortKeyHygiene hygiene;
  for (std::size_t i = 0; i < SortKeyHygiene::kMaxPatterns; ++i) {
    hygiene.observe("P" + std::string(i + 1, '.') + "1");
  }
  // A new pattern once the patterns are taken is not followed, however its numbers vary.
  hygiene.observe("NEW#1");
  hygiene.observe("NEW#10");
  EXPECT_TRUE(hygiene.findings().empty());
}

TEST(SortKeyHygiene, ALiteralPlaceholderInAValueIsHarmless) {
  SortKeyHygiene hygiene;
  hygiene.observe("a#{n}#5");
  hygiene.observe("a#1#5");
  hygiene.observe("a#1#50");
  auto findings = hygiene.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].pattern, "a#{n}#{n}");
}

}  // namespace
}  // namespace ddb::protocol
