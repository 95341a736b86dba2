// UntagResource in-process, with DynamoDB's messages (live captures in ack-api-quirks DDB-TABLE-105
// and -107, 2026; the ResourceArn and TagKeys constraints from botocore's model).

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

CallResult untag(const Harness& h, const json& keys) {
  return h.call("UntagResource", json{{"ResourceArn", kArn}, {"TagKeys", keys}});
}

json list_tags(const Harness& h) {
  CallResult r = h.call("ListTagsOfResource", json{{"ResourceArn", kArn}});
  EXPECT_EQ(r.status, 200) << r.raw_body;
  return r.body["Tags"];
}

void tag_table(const Harness& h) {
  h.create_table("tab");
  CallResult r = h.call("TagResource", json::parse(R"({"ResourceArn":")" + kArn + R"(","Tags":[
      {"Key":"a","Value":"1"},{"Key":"b","Value":"2"},{"Key":"c","Value":"3"}]})"));
  ASSERT_EQ(r.status, 200) << r.raw_body;
}

TEST(UntagResource, RemovesTheKeysGivenAndAnswersWithAnEmptyBody) {
  Harness h;
  tag_table(h);
  CallResult r = untag(h, json::array({"a", "c"}));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.raw_body, "");
  EXPECT_EQ(list_tags(h), json::parse(R"([{"Key":"b","Value":"2"}])"));
}

TEST(UntagResource, AKeyTheTableDoesNotHaveIsNoError) {
  Harness h;
  tag_table(h);
  EXPECT_EQ(untag(h, json::array({"absent", "b"})).status, 200);
  EXPECT_EQ(untag(h, json::array({"absent"})).status, 200);
  EXPECT_EQ(list_tags(h), json::parse(R"([{"Key":"a","Value":"1"},{"Key":"c","Value":"3"}])"));
}

TEST(UntagResource, RefusesKeysOutsideTheRules) {
  Harness h;
  tag_table(h);
  expect_validation(untag(h, json::array({"aws:foo"})),
                    "Tag Key cannot be prefixed with aws:, Key: aws:foo");
  expect_validation(untag(h, json::array({""})), "The Tag Key provided is invalid, Key: ");
  expect_validation(untag(h, json::array({"a", std::string(129, 'k')})),
                    "The Tag Key provided is invalid, Key: " + std::string(129, 'k'));
  json many = json::array();
  for (int i = 0; i < 51; ++i) many.push_back("k" + std::to_string(i));
  expect_validation(untag(h, many),
                    "Number of Tags exceed the current limit for the provided ResourceArn");
  EXPECT_EQ(list_tags(h).size(), 3u);
}

TEST(UntagResource, RefusesAnEmptyOrMissingList) {
  Harness h;
  tag_table(h);
  expect_validation(untag(h, json::array()), "Atleast one Tag Key needs to be provided as Input.");
  expect_validation(h.call("UntagResource", json{{"ResourceArn", kArn}}),
                    "1 validation error detected: Value null at 'tagKeys' failed to satisfy "
                    "constraint: Member must not be null");
}

TEST(UntagResource, ATableThatDoesNotExistIsNotFound) {
  Harness h;
  CallResult r = untag(h, json::array({"a"}));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: ResourceArn: " + kArn + " not found");
}

}  // namespace
}  // namespace ddb::protocol
