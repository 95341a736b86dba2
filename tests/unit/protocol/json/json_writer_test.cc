#include "protocol/json/json_writer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ddb::protocol {
namespace {

TEST(JsonWriter, WritesCompactObjectsInKeyOrder) {
  Json json =
      Json::parse(R"({"Item":{"pk":{"S":"p1"},"c":{"N":"3"}},"Count":2,"Ok":true,"X":null})");
  EXPECT_EQ(write_json(json),
            R"({"Count":2,"Item":{"c":{"N":"3"},"pk":{"S":"p1"}},"Ok":true,"X":null})");
}

TEST(JsonWriter, WritesArraysAndEmptyContainers) {
  Json json = Json::parse(R"({"a":[],"b":{},"c":[1,"x",[2]]})");
  EXPECT_EQ(write_json(json), R"({"a":[],"b":{},"c":[1,"x",[2]]})");
}

TEST(JsonWriter, WritesFloatsAsNlohmannDoes) {
  Json json = {{"CapacityUnits", 0.5}, {"Big", 1e300}};
  EXPECT_EQ(write_json(json), R"({"Big":1e+300,"CapacityUnits":0.5})");
}

TEST(JsonWriter, EscapesQuotesBackslashesAndControlCharacters) {
  Json json = {{"k\"ey", std::string("a\"b\\c\n\t\x01 long enough to span words\x1f")}};
  EXPECT_EQ(write_json(json),
            "{\"k\\\"ey\":\"a\\\"b\\\\c\\n\\t\\u0001 long enough to span words\\u001f\"}");
}

TEST(JsonWriter, KeepsValidUtf8AndReplacesInvalidBytes) {
  Json json = {{"s", std::string("caf\xc3\xa9 \xe2\x82\xac ok \xff end")}};
  EXPECT_EQ(write_json(json), "{\"s\":\"caf\xc3\xa9 \xe2\x82\xac ok \xef\xbf\xbd end\"}");
}

TEST(JsonWriter, CopiesLongPlainStringsUnchanged) {
  std::string payload(1000, 'x');
  Json json = {{"data", {{"S", payload}}}};
  EXPECT_EQ(write_json(json), "{\"data\":{\"S\":\"" + payload + "\"}}");
}

// Model check: for every byte value at every position of a 17-byte string (both 8-byte words and
// the tail), the writer agrees with nlohmann's own dump, which the wire format was defined by.
TEST(JsonWriter, AgreesWithNlohmannDumpForEveryByteAtEveryPosition) {
  for (int byte = 0; byte < 256; ++byte) {
    for (std::size_t position = 0; position < 17; ++position) {
      std::string text(17, 'a');
      text[position] = static_cast<char>(byte);
      Json json = {{"v", text}};
      ASSERT_EQ(write_json(json), json.dump(-1, ' ', false, Json::error_handler_t::replace))
          << "byte " << byte << " at " << position;
    }
  }
}

// Model check for strings mixing escapes with valid and invalid UTF-8: every sequence of up to
// three pieces from a set covering each rule (overlong forms, surrogates, code points past
// U+10FFFF, truncated sequences, bytes that can never start one) is written as nlohmann dumps it.
TEST(JsonWriter, AgreesWithNlohmannDumpOnMixedUtf8AndEscapes) {
  const std::vector<std::string> pieces = {"a",
                                           "\"",
                                           "\\",
                                           "\n",
                                           "\x01",
                                           "\x7f",
                                           "\xc2\x80",
                                           "\xdf\xbf",
                                           "\xe0\xa0\x80",
                                           "\xed\x9f\xbf",
                                           "\xed\xa0\x80",
                                           "\xef\xbf\xbf",
                                           "\xf0\x90\x80\x80",
                                           "\xf4\x8f\xbf\xbf",
                                           "\xf4\x90\x80\x80",
                                           "\xf5\x80\x80\x80",
                                           "\xc0\xaf",
                                           "\xc1\xbf",
                                           "\xe0\x80\xaf",
                                           "\xf0\x80\x80\xaf",
                                           "\x80",
                                           "\xbf",
                                           "\xc3",
                                           "\xe2\x82",
                                           "\xf0\x9f\x98",
                                           "\xff",
                                           "\xfe",
                                           "12345678"};
  for (const auto& a : pieces) {
    for (const auto& b : pieces) {
      for (const auto& c : pieces) {
        std::string text = a + b + c;
        std::string out;
        write_json_string(text, out);
        ASSERT_EQ(out, Json(text).dump(-1, ' ', false, Json::error_handler_t::replace)) << text;
      }
    }
  }
}

TEST(JsonWriter, AppendsAStringAfterWhatIsWritten) {
  std::string out = "x";
  write_json_string("a\xff", out);
  EXPECT_EQ(out, "x\"a\xef\xbf\xbd\"");
}

TEST(JsonWriter, WritesIntegersAsNlohmannDoes) {
  Json json = {{"a", 0}, {"b", -12}, {"c", 18446744073709551615ULL}, {"d", INT64_MIN}};
  EXPECT_EQ(write_json(json),
            R"({"a":0,"b":-12,"c":18446744073709551615,"d":-9223372036854775808})");
}

}  // namespace
}  // namespace ddb::protocol
