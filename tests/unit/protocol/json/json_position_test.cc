#include "protocol/json/json_position.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::protocol {
namespace {

constexpr std::string_view kDocument = R"({
  "tables": [
    {"TableName": "a"},
    {"TableName": "b",
     "note": "a string with \"quotes\", [brackets] and {braces}"},

    {"TableName": "c"}
  ],
  "it\u0065ms": {"Users": [
    {"pk": {"S": "u1"}},
    {"pk": {"S": "u2"}}, {"pk": {"S": "u3"}}
  ], "n": [1, 2.5e3, true, null]}
})";

TEST(JsonPosition, FindsTheLineOfAnArrayElement) {
  EXPECT_EQ(line_of(kDocument, {"tables", std::size_t{0}}), 3u);
  EXPECT_EQ(line_of(kDocument, {"tables", std::size_t{1}}), 4u);
  EXPECT_EQ(line_of(kDocument, {"tables", std::size_t{2}}), 7u);
}

TEST(JsonPosition, FindsAMemberWhoseNameHasAnEscape) {
  EXPECT_EQ(line_of(kDocument, {"items", "Users", std::size_t{2}}), 11u);
  EXPECT_EQ(line_of(kDocument, {"items", "n", std::size_t{3}}), 12u);
}

TEST(JsonPosition, GivesTheFirstLineForTheWholeDocument) { EXPECT_EQ(line_of(kDocument, {}), 1u); }

TEST(JsonPosition, GivesZeroForAPathTheDocumentDoesNotHave) {
  EXPECT_EQ(line_of(kDocument, {"tables", std::size_t{3}}), 0u);
  EXPECT_EQ(line_of(kDocument, {"nothing"}), 0u);
  EXPECT_EQ(line_of(kDocument, {"tables", "TableName"}), 0u);
  EXPECT_EQ(line_of("[]", {std::size_t{0}}), 0u);
}

TEST(JsonPosition, WritesAPathAsAPersonReadsIt) {
  EXPECT_EQ(path_text({"items", "Users", std::size_t{2}}), "items.Users[2]");
  EXPECT_EQ(path_text({"tables", std::size_t{0}, "KeySchema"}), "tables[0].KeySchema");
  EXPECT_EQ(path_text({}), "");
}

std::pair<std::size_t, std::string> syntax_error(std::string_view text) {
  try {
    read_json_or_throw(text);
  } catch (const JsonSyntaxError& error) {
    return {error.line(), error.what()};
  }
  return {0, "parsed"};
}

TEST(JsonPosition, ReadsValidJson) {
  EXPECT_EQ(read_json_or_throw(R"({"a": [1, "x"]})"), Json::parse(R"({"a": [1, "x"]})"));
}

TEST(JsonPosition, NamesTheLineAndReasonOfASyntaxError) {
  EXPECT_EQ(syntax_error("{\n  \"a\": 1,\n  }\n"),
            std::make_pair(std::size_t{3},
                           std::string("syntax error while parsing object key - unexpected '}'; "
                                       "expected string literal")));
  EXPECT_EQ(syntax_error("{\"a\": 1}\n\n{"),
            std::make_pair(std::size_t{3},
                           std::string("syntax error while parsing value - unexpected '{'; "
                                       "expected end of input")));
  EXPECT_EQ(syntax_error("").first, 1u);
}

TEST(JsonPosition, RefusesJsonNestedTooDeep) {
  const std::string deep = std::string(1001, '[') + std::string(1001, ']');
  EXPECT_EQ(syntax_error(deep),
            std::make_pair(std::size_t{1}, std::string("nested deeper than 1000 levels")));
}

}  // namespace
}  // namespace ddb::protocol
