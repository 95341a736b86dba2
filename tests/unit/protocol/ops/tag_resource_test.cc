// TagResource in-process, with DynamoDB's messages (live captures in ack-api-quirks DDB-TABLE-105
// to -110 and -372, 2026; the ResourceArn and Tags constraints from botocore's model).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

const std::string kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/tab";

json tag(const std::string& key, const std::string& value) {
  return {{"Key", key}, {"Value", value}};
}

CallResult tag_resource(const Harness& h, const json& tags, const std::string& arn = kArn) {
  return h.call("TagResource", json{{"ResourceArn", arn}, {"Tags", tags}});
}

json list_tags(const Harness& h) {
  CallResult r = h.call("ListTagsOfResource", json{{"ResourceArn", kArn}});
  EXPECT_EQ(r.status, 200) << r.raw_body;
  return r.body["Tags"];
}

// `count` tags k00=v00, k01=v01, ...
json numbered_tags(int first, int count) {
  json tags = json::array();
  for (int i = first; i < first + count; ++i) {
    std::string n = (i < 10 ? "0" : "") + std::to_string(i);
    tags.push_back(tag("k" + n, "v" + n));
  }
  return tags;
}

TEST(TagResource, AnswersWithAnEmptyBodyAndTheTagsAreListed) {
  Harness h;
  h.create_table("tab");
  CallResult r = tag_resource(h, json::array({tag("env", "test"), tag("team", "")}));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.raw_body, "");
  EXPECT_EQ(list_tags(h), json::array({tag("env", "test"), tag("team", "")}));
}

TEST(TagResource, OverwritesTheValueOfAKeyItAlreadyHas) {
  Harness h;
  h.create_table("tab");
  ASSERT_EQ(tag_resource(h, json::array({tag("a", "1"), tag("b", "2")})).status, 200);
  ASSERT_EQ(tag_resource(h, json::array({tag("a", "3"), tag("c", "4")})).status, 200);
  EXPECT_EQ(list_tags(h), json::array({tag("a", "3"), tag("b", "2"), tag("c", "4")}));
}

TEST(TagResource, AcceptsLettersNumbersAndSeparatorsOfAnyScriptAndTheListedSymbols) {
  Harness h;
  h.create_table("tab");
  json tags = json::array({tag("sp ace", "a b+c-d=e.f_g:h/i@j"), tag("ключ", "café"),
                           tag("表", "\u00a0\u3000"), tag("Env", "x"), tag("env", "y"),
                           tag("myaws:foo", "1"), tag(" lead", "١٢٣")});
  CallResult r = tag_resource(h, tags);
  EXPECT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(list_tags(h), tags);
}

TEST(TagResource, KeyAndValueLengthsCountCharactersNotBytes) {
  Harness h;
  h.create_table("tab");
  std::string key;
  for (int i = 0; i < 128; ++i) key += "ж";  // 128 characters, 256 bytes
  std::string value(256, 'v');
  EXPECT_EQ(tag_resource(h, json::array({tag(key, value)})).status, 200);
  expect_validation(tag_resource(h, json::array({tag(key + "ж", "v")})),
                    "The Tag Key provided is invalid, Key: " + key + "ж");
  expect_validation(tag_resource(h, json::array({tag("k", value + "v")})),
                    "The Tag Value provided is invalid, Value: " + value + "v");
}

TEST(TagResource, RefusesAKeyOrValueOutsideTheRules) {
  Harness h;
  h.create_table("tab");
  expect_validation(tag_resource(h, json::array({tag("", "dog")})),
                    "The Tag Key provided is invalid, Key: ");
  expect_validation(tag_resource(h, json::array({json{{"Value", "v"}}})),
                    "The Tag Key provided is invalid, Key: null");
  expect_validation(tag_resource(h, json::array({json{{"Key", "k"}}})),
                    "The Tag Value provided is invalid, Value: null");
  for (std::string bad : {"bad#char", "100%", "a,b", "'q'", "a\tb", "\U0001F511", "<a>"}) {
    expect_validation(tag_resource(h, json::array({tag(bad, "v")})),
                      "The Tag Key provided is invalid, Key: " + bad);
    expect_validation(tag_resource(h, json::array({tag("k", bad)})),
                      "The Tag Value provided is invalid, Value: " + bad);
  }
  EXPECT_EQ(list_tags(h), json::array());
}

TEST(TagResource, RefusesTheReservedAwsPrefixInAnyCase) {
  Harness h;
  h.create_table("tab");
  expect_validation(tag_resource(h, json::array({tag("aws:foo", "x")})),
                    "Tag Key cannot be prefixed with aws:, Key: aws:foo");
  expect_validation(tag_resource(h, json::array({tag("AWS:foo", "x")})),
                    "Tag Key cannot be prefixed with aws:, Key: AWS:foo");
}

TEST(TagResource, RefusesAKeyTwiceInOneRequest) {
  Harness h;
  h.create_table("tab");
  expect_validation(tag_resource(h, json::array({tag("dup", "1"), tag("dup", "2")})),
                    "Duplicate Tag Keys provided as input: Duplicate Tag Key found dup");
}

TEST(TagResource, RefusesAnEmptyOrMissingList) {
  Harness h;
  h.create_table("tab");
  expect_validation(tag_resource(h, json::array()),
                    "Atleast one Tag needs to be provided as Input.");
  expect_validation(h.call("TagResource", json{{"ResourceArn", kArn}}),
                    "1 validation error detected: Value null at 'tags' failed to satisfy "
                    "constraint: Member must not be null");
  expect_validation(h.call("TagResource", json::object()),
                    "2 validation errors detected: Value null at 'resourceArn' failed to satisfy "
                    "constraint: Member must not be null; Value null at 'tags' failed to satisfy "
                    "constraint: Member must not be null");
}

TEST(TagResource, IsAllOrNothing) {
  Harness h;
  h.create_table("tab");
  expect_validation(tag_resource(h, json::array({tag("good", "1"), tag("aws:zzz", "2")})),
                    "Tag Key cannot be prefixed with aws:, Key: aws:zzz");
  expect_validation(
      tag_resource(h, json::array({tag("good", "1"), tag(std::string(129, 'x'), "")})),
      "The Tag Key provided is invalid, Key: " + std::string(129, 'x'));
  EXPECT_EQ(list_tags(h), json::array());
}

TEST(TagResource, LimitsTheTableToFiftyTagsAfterTheRequest) {
  Harness h;
  h.create_table("tab");
  const std::string limit = "Number of Tags exceed the current limit for the provided ResourceArn";
  expect_validation(tag_resource(h, numbered_tags(1, 51)), limit);
  ASSERT_EQ(tag_resource(h, numbered_tags(1, 50)).status, 200);
  expect_validation(tag_resource(h, numbered_tags(51, 1)), limit);
  expect_validation(tag_resource(h, json::array({tag("k01", "new"), tag("k51", "v51")})), limit);
  // Overwriting keys the table has adds none.
  json all = numbered_tags(1, 50);
  for (json& t : all) t["Value"] = "changed";
  EXPECT_EQ(tag_resource(h, all).status, 200);
  EXPECT_EQ(list_tags(h), all);
}

TEST(TagResource, ChecksTheArnBeforeTheTagsAndTheTableAfterThem) {
  Harness h;
  expect_validation(tag_resource(h, json::array(), "tab"),
                    "One or more parameter values were invalid: ARNs must start with 'arn:': tab");
  expect_validation(tag_resource(h, json::array({tag("aws:x", "")})),
                    "Tag Key cannot be prefixed with aws:, Key: aws:x");
  CallResult r = tag_resource(h, json::array({tag("k", "v")}));
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: ResourceArn: " + kArn + " not found");
}

TEST(TagResource, TagsGoWithTheirTable) {
  Harness h;
  h.create_table("tab");
  ASSERT_EQ(tag_resource(h, json::array({tag("k", "v")})).status, 200);
  ASSERT_EQ(h.call("DeleteTable", json{{"TableName", "tab"}}).status, 200);
  CallResult r = h.call("ListTagsOfResource", json{{"ResourceArn", kArn}});
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  h.create_table("tab");
  EXPECT_EQ(list_tags(h), json::array());
}

}  // namespace
}  // namespace ddb::protocol
