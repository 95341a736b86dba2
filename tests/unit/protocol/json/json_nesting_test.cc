#include "protocol/json/json_nesting.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(JsonNesting, CountsObjectsAndArraysInsideEachOther) {
  EXPECT_FALSE(json_nesting_exceeds(R"({"a":[{"b":1}]})", 3));
  EXPECT_TRUE(json_nesting_exceeds(R"({"a":[{"b":[]}]})", 3));
  EXPECT_FALSE(json_nesting_exceeds(nested(3), 3));
  EXPECT_TRUE(json_nesting_exceeds(nested(4), 3));
}

TEST(JsonNesting, SiblingsDoNotAddUp) {
  EXPECT_FALSE(json_nesting_exceeds(R"([[1],[2],{"a":[3]},[[4]]])", 3));
}

TEST(JsonNesting, IgnoresBracketsInStrings) {
  EXPECT_FALSE(json_nesting_exceeds(R"({"a":"[[[[{{{{"})", 1));
  EXPECT_FALSE(json_nesting_exceeds(R"({"a\"[[[":"\\"})", 1));
  EXPECT_TRUE(json_nesting_exceeds(R"({"a":"\\",[]})", 1));
}

TEST(JsonNesting, SkipsLongStringsWithEscapesAndStopsAtAnUnterminatedOne) {
  std::string padding(3000, 'x');
  EXPECT_TRUE(json_nesting_exceeds("[\"" + padding + "\\\\\\\"" + padding + "\",[[]]]", 2));
  EXPECT_FALSE(json_nesting_exceeds("[\"" + padding + "\\\"[[[[\"]", 2));
  EXPECT_FALSE(json_nesting_exceeds("[\"[[[[" + padding, 2));
  EXPECT_FALSE(json_nesting_exceeds("[\"[[[[\\", 2));
  EXPECT_FALSE(json_nesting_exceeds("[\"[[[[\\\"", 2));
}

TEST(JsonNesting, AllowsTheDeepestItemDynamoDbAccepts) {
  // 32 levels of M, each two JSON levels, inside a TransactWriteItems envelope.
  std::string value = R"({"S":"x"})";
  for (int i = 0; i < 32; ++i) value = R"({"M":{"a":)" + value + "}}";
  std::string body = R"({"TransactItems":[{"Put":{"TableName":"t","Item":{"pk":)" + value + "}}}]}";
  EXPECT_FALSE(json_nesting_exceeds(body));
}

// A body nested a million levels deep is refused as malformed JSON before it is parsed.
TEST(JsonNesting, DispatchRefusesTooDeepBodiesAsSerializationException) {
  test::Harness h;
  std::string deep = R"({"x":)" + nested(1000000) + "}";
  auto r = h.call("ListTables", std::string_view(deep));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "SerializationException");
  std::string deep_enough = R"({"x":)" + nested(900) + "}";
  auto ok = h.call("ListTables", std::string_view(deep_enough));
  EXPECT_EQ(ok.status, 200) << ok.body.dump();
}

}  // namespace
}  // namespace ddb::protocol
