// The tag rules shared by CreateTable, TagResource and UntagResource; the operations' own tests
// (tests/unit/protocol/ops/) pin the messages as clients see them.

#include "protocol/tags/tags.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

std::string validation_message(const std::function<void()>& call) {
  try {
    call();
  } catch (const engine::Error& error) {
    EXPECT_EQ(error.type(), engine::ErrorType::Validation);
    return error.message();
  }
  return "(no error)";
}

TEST(Tags, UpsertKeepsTheOrderOfExistingKeysAndAppendsNewOnes) {
  std::vector<engine::Tag> tags = {{"a", "1"}, {"b", "2"}};
  upsert_tags(tags, {{"c", "3"}, {"a", "4"}});
  ASSERT_EQ(tags.size(), 3u);
  EXPECT_EQ(tags[0].key, "a");
  EXPECT_EQ(tags[0].value, "4");
  EXPECT_EQ(tags[1].key, "b");
  EXPECT_EQ(tags[2].key, "c");
}

TEST(Tags, CountAllowsFiftyAndNoMore) {
  EXPECT_EQ(validation_message([] { check_tag_count(50); }), "(no error)");
  EXPECT_EQ(validation_message([] { check_tag_count(51); }),
            "Number of Tags exceed the current limit for the provided ResourceArn");
}

TEST(Tags, KeyLengthCountsCodePoints) {
  std::string key;
  for (int i = 0; i < 128; ++i) key += "\U00020000";  // a letter outside the BMP, 4 bytes
  EXPECT_EQ(validation_message([&] { check_tag_key(key); }), "(no error)");
  EXPECT_EQ(validation_message([&] { check_tag_key(key + "a"); }),
            "The Tag Key provided is invalid, Key: " + key + "a");
}

TEST(Tags, BytesThatAreNotUtf8AreInvalid) {
  EXPECT_EQ(validation_message([] { check_tag_key(std::string("a\xC3")); }),
            std::string("The Tag Key provided is invalid, Key: a\xC3"));
  EXPECT_EQ(validation_message([] { check_tag_key(std::string("\x80")); }),
            std::string("The Tag Key provided is invalid, Key: \x80"));
}

TEST(Tags, ParseReadsKeysAndValuesInOrder) {
  std::vector<engine::Tag> tags =
      parse_tags(Json::parse(R"([{"Key":"b","Value":""},{"Key":"a","Value":"x"}])"));
  ASSERT_EQ(tags.size(), 2u);
  EXPECT_EQ(tags[0].key, "b");
  EXPECT_EQ(tags[0].value, "");
  EXPECT_EQ(tags[1].key, "a");
  EXPECT_EQ(tags[1].value, "x");
}

}  // namespace
}  // namespace ddb::protocol
