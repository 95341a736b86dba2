#include "protocol/json/json_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocol/json/json_nesting.h"

namespace ddb::protocol {
namespace {

// The value with each node's JSON type spelled out, so that 5 (unsigned) and 5 (integer) differ.
std::string typed_dump(const Json& json) {
  switch (json.type()) {
    case Json::value_t::object: {
      std::string text = "{";
      for (auto member = json.begin(); member != json.end(); ++member) {
        text += Json(member.key()).dump() + ":" + typed_dump(member.value()) + ",";
      }
      return text + "}";
    }
    case Json::value_t::array: {
      std::string text = "[";
      for (const Json& element : json) text += typed_dump(element) + ",";
      return text + "]";
    }
    default:
      return std::string(json.type_name()) + "(" + json.dump() + ")" +
             (json.is_number_unsigned()  ? "u"
              : json.is_number_integer() ? "i"
                                         : "");
  }
}

TEST(JsonReader, ReadsATypicalRequest) {
  Json json = read_json(
      R"({"TableName":"t","Key":{"pk":{"S":"p1"}},"Limit":10,"ScanIndexForward":false,"X":null})");
  EXPECT_EQ(typed_dump(json),
            R"({"Key":{"pk":{"S":string("p1"),},},"Limit":number(10)u,)"
            R"("ScanIndexForward":boolean(false),"TableName":string("t"),"X":null(null),})");
}

TEST(JsonReader, KeepsTheLastOfRepeatedNames) {
  EXPECT_EQ(read_json(R"({"a":1,"a":{"b":2}})").dump(), R"({"a":{"b":2}})");
}

TEST(JsonReader, StoresNegativeIntegersAsSignedAndOthersAsUnsigned) {
  EXPECT_EQ(typed_dump(read_json("[-0,0,-7,123456789012345678]")),
            "[number(0)i,number(0)u,number(-7)i,number(123456789012345678)u,]");
}

TEST(JsonReader, DiscardsMalformedDocuments) {
  for (const char* text : {"", " ", "{", "{\"a\":}", "{\"a\" 1}", "[1,]", "{\"a\":1,}", "01", "-",
                           "tru", "nul", "\"abc", "{} x", "[1 2]", "{\"a\":\"b\nc\"}", "'a'"}) {
    EXPECT_TRUE(read_json(text).is_discarded()) << text;
  }
}

// Model check: every document, valid or not and inside the fast subset or outside it, reads as
// nlohmann's own parser reads it.
// Deeper than the fast reader goes, nlohmann parses; deeper than any request, nothing does.
TEST(JsonReader, DiscardsDocumentsNestedPastTheLimitAndParsesTheRest) {
  auto nested = [](std::size_t depth) {
    return std::string(depth, '[') + "1" + std::string(depth, ']');
  };
  Json deep = read_json(nested(500));
  ASSERT_FALSE(deep.is_discarded());
  EXPECT_TRUE(deep.is_array());
  EXPECT_FALSE(read_json(nested(kMaxJsonNesting)).is_discarded());
  EXPECT_TRUE(read_json(nested(kMaxJsonNesting + 1)).is_discarded());
  EXPECT_TRUE(read_json(std::string(1'000'000, '[')).is_discarded());
}

TEST(JsonReader, AgreesWithNlohmannParse) {
  const std::vector<std::string> documents = {
      R"({"Item":{"pk":{"S":"p000001"},"data":{"S":"abcdefghijabcdefghij"}}})",
      R"({"s":"caf\u00e9 \ud83d\ude00 \n \" \\ \/"})",
      "{\"s\":\"caf\xc3\xa9\"}",
      "{\"s\":\"bad \xff utf8\"}",
      "{\"s\":\"\xed\xa0\x80\"}",
      R"({"s":"\ud800"})",
      R"([1.5, -2.25e3, 1E400, -0.0, 12345678901234567890, -9223372036854775809])",
      R"([123456789012345678, 1234567890123456789, -1234567890123456789])",
      "\xef\xbb\xbf{\"a\":1}",
      " \t\r\n{ \"a\" : [ true , false , null ] } \n",
      "{\"a\":\"\x7f\"}",
      "{\"a\":\"\x1f\"}",
      std::string(200, '[') + std::string(200, ']'),
      std::string(100, '[') + std::string(100, ']'),
      "[1,2,3]]",
      "[\"" + std::string(1000, 'x') + "\",\"" + std::string(1001, 'y') + "\"]",
      "{\"" + std::string(9, 'k') + "\":\"" + std::string(15, 'v') + "\\n\"}",
      "-",
      "-01",
      "1.",
      ".5",
      "1e",
      "\"unterminated" + std::string(20, 'z'),
      R"({"Statement":"SELECT * FROM \"bench\" WHERE pk = ?","x":"\b\f\r\t\/\\"})",
      R"({"s":"ends with a backslash\"})",
      R"({"s":"\q unknown escape"})",
      R"({"s":"\"})",
      R"({"s":"a\)",
      R"({"s":"\u0041 and \" mixed"})",
  };
  for (const std::string& text : documents) {
    Json ours = read_json(text);
    Json theirs = Json::parse(text, nullptr, false);
    ASSERT_EQ(ours.is_discarded(), theirs.is_discarded()) << text;
    if (!theirs.is_discarded()) {
      EXPECT_EQ(typed_dump(ours), typed_dump(theirs)) << text;
    }
  }
}

}  // namespace
}  // namespace ddb::protocol
