#include "protocol/expr/reserved_words.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>

namespace ddb::protocol::expr {
namespace {

TEST(ReservedWords, HasTheDeveloperGuideCount) { EXPECT_EQ(reserved_words().size(), 573u); }

TEST(ReservedWords, ListIsSortedUpperCaseAndUnique) {
  const auto& words = reserved_words();
  EXPECT_TRUE(std::is_sorted(words.begin(), words.end()));
  EXPECT_EQ(std::adjacent_find(words.begin(), words.end()), words.end());
  for (std::string_view word : words) {
    for (char c : word) EXPECT_TRUE(c >= 'A' && c <= 'Z') << word;
  }
}

TEST(ReservedWords, FirstAndLastMatchTheDeveloperGuide) {
  EXPECT_EQ(reserved_words().front(), "ABORT");
  EXPECT_EQ(reserved_words().back(), "ZONE");
}

TEST(ReservedWords, EveryListedWordIsReserved) {
  for (std::string_view word : reserved_words()) EXPECT_TRUE(is_reserved_word(word)) << word;
}

TEST(ReservedWords, MatchesAnyCase) {
  struct Case {
    std::string_view name;
    bool reserved;
  };
  const Case cases[] = {
      {"name", true},
      {"Name", true},
      {"NAME", true},
      {"nAmE", true},
      {"status", true},
      {"size", true},
      {"abOrt", true},
      {"zone", true},
      {"ttl", true},
      {"data", true},
      {"key", true},
      {"value", true},
      {"hash", true},
      {"flattern", true},
      {"innter", true},
      {"loged", true},
      {"names2", false},
      {"pk", false},
      {"sk", false},
      {"Price", false},
      {"abort_", false},
      {"abor", false},
      {"zones", false},
      {"", false},
      {"attribute_exists", false},
      {"begins_with", false},
      {"nam", false},
      {"a", false},
      {"ZZZZ", false},
      {"AAAA", false},
      {"REMOVE", false},
      {"remove", false},
  };
  for (const Case& c : cases) EXPECT_EQ(is_reserved_word(c.name), c.reserved) << c.name;
}

}  // namespace
}  // namespace ddb::protocol::expr
