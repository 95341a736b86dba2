#include "protocol/admin/seed/seed_items.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::protocol {
namespace {

SeedError line_error(std::string_view text) {
  try {
    read_item_lines("Users", text);
  } catch (const SeedError& error) {
    return error;
  }
  return SeedError("", "no error");
}

TEST(SeedItems, ReadsOneDynamoDbJsonItemPerLine) {
  SeedItems items = read_item_lines(
      "Users", "{\"pk\": {\"S\": \"u1\"}}\n{\"pk\": {\"S\": \"u2\"}, \"n\": {\"N\": \"1\"}}\n");
  EXPECT_EQ(items.table, "Users");
  ASSERT_EQ(items.items.size(), 2u);
  EXPECT_EQ(items.items[1], Json::parse(R"({"pk": {"S": "u2"}, "n": {"N": "1"}})"));
  EXPECT_EQ(items.lines, (std::vector<std::size_t>{1, 2}));
  EXPECT_TRUE(items.path.empty());
}

TEST(SeedItems, SkipsBlankLinesAndReadsCrlfAndAByteOrderMark) {
  SeedItems items = read_item_lines(
      "Users", "\xEF\xBB\xBF{\"pk\": {\"S\": \"u1\"}}\r\n\r\n   \n{\"pk\": {\"S\": \"u2\"}}");
  ASSERT_EQ(items.items.size(), 2u);
  EXPECT_EQ(items.lines, (std::vector<std::size_t>{1, 4}));
  EXPECT_EQ(items.items[1], Json::parse(R"({"pk": {"S": "u2"}})"));
}

TEST(SeedItems, ReadsTheLinesOfAnS3Export) {
  SeedItems items = read_item_lines("Users", R"({"Item":{"pk":{"S":"u1"},"tags":{"SS":["a","b"]}}})"
                                             "\n"
                                             R"({"Item":{"pk":{"S":"u2"}}})");
  ASSERT_EQ(items.items.size(), 2u);
  EXPECT_EQ(item_of(items.items[0]), Json::parse(R"({"pk":{"S":"u1"},"tags":{"SS":["a","b"]}})"));
  EXPECT_EQ(item_of(items.items[1]), Json::parse(R"({"pk":{"S":"u2"}})"));
}

TEST(SeedItems, TakesAnItemWhoseOnlyAttributeIsNamedItemAsItIs) {
  const Json item = Json::parse(R"({"Item": {"S": "x"}})");
  EXPECT_EQ(item_of(item), item);
  const Json map = Json::parse(R"({"Item": {"M": {"a": {"S": "x"}}}})");
  EXPECT_EQ(item_of(map), map);
  const Json export_line = Json::parse(R"({"Item": {"Item": {"S": "x"}}})");
  EXPECT_EQ(item_of(export_line), Json::parse(R"({"Item": {"S": "x"}})"));
}

TEST(SeedItems, RefusesALineThatIsNotJsonNamingTheLine) {
  SeedError error = line_error("{\"pk\": {\"S\": \"u1\"}}\n\n{\"pk\": {\"S\": \"u2\"}\n");
  EXPECT_EQ(error.line(), 3u);
  EXPECT_EQ(error.error(), "");
  EXPECT_EQ(error.message(),
            "not JSON: syntax error while parsing object - unexpected end of input; expected '}'");
  EXPECT_STREQ(error.what(),
               "3: not JSON: syntax error while parsing object - unexpected end of input; "
               "expected '}'");
}

TEST(SeedItems, RefusesALineThatIsNotAnObject) {
  SeedError error = line_error("{\"pk\": {\"S\": \"u1\"}}\n[1, 2]\n");
  EXPECT_EQ(error.line(), 2u);
  EXPECT_EQ(error.message(), R"(an item must be a JSON object: DynamoDB JSON, or {"Item": {...}})");
}

TEST(SeedItems, ReadsNothingFromAnEmptyText) {
  EXPECT_TRUE(read_item_lines("Users", "").items.empty());
  EXPECT_TRUE(read_item_lines("Users", "\n\n").items.empty());
}

}  // namespace
}  // namespace ddb::protocol
