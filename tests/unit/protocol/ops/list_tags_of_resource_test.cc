// ListTagsOfResource in-process, and the ResourceArn checks the three tagging operations share,
// with DynamoDB's types and messages (live captures in ack-api-quirks DDB-TABLE-011, -070, -071,
// -108, -110, BACKUP-013 and the ValidationException catalogue, 2026; ExtendDB/extenddb#227).

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

CallResult list_tags(const Harness& h, const std::string& arn = kArn) {
  return h.call("ListTagsOfResource", json{{"ResourceArn", arn}});
}

json create_request(const json& tags) {
  json request = json::parse(R"({"TableName":"tab","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  request["Tags"] = tags;
  return request;
}

TEST(ListTagsOfResource, AnUntaggedTableHasAnEmptyList) {
  Harness h;
  h.create_table("tab");
  CallResult r = list_tags(h);
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.raw_body, R"({"Tags":[]})");
}

TEST(ListTagsOfResource, ListsCreateTableTagsInOnePageWhateverTheNextToken) {
  Harness h;
  json tags = json::array();
  for (int i = 0; i < 50; ++i) {
    tags.push_back({{"Key", "key" + std::to_string(i)}, {"Value", "value" + std::to_string(i)}});
  }
  ASSERT_EQ(h.call("CreateTable", create_request(tags)).status, 200);
  CallResult r = list_tags(h);
  EXPECT_EQ(r.body, json({{"Tags", tags}}));
  r = h.call("ListTagsOfResource", json{{"ResourceArn", kArn}, {"NextToken", "anything"}});
  EXPECT_EQ(r.body, json({{"Tags", tags}}));
}

TEST(ListTagsOfResource, CreateTableRefusesTagsAsTagResourceDoesAndCreatesNothing) {
  Harness h;
  expect_validation(h.call("CreateTable", create_request(json::parse(R"([{"Key":"aws:foo",
                                                                       "Value":"x"}])"))),
                    "Tag Key cannot be prefixed with aws:, Key: aws:foo");
  expect_validation(
      h.call("CreateTable",
             create_request(json::parse(R"([{"Key":"d","Value":"1"},{"Key":"d","Value":"2"}])"))),
      "Duplicate Tag Keys provided as input: Duplicate Tag Key found d");
  json many = json::array();
  for (int i = 0; i < 51; ++i) many.push_back({{"Key", std::to_string(i)}, {"Value", ""}});
  expect_validation(h.call("CreateTable", create_request(many)),
                    "Number of Tags exceed the current limit for the provided ResourceArn");
  EXPECT_EQ(h.call("DescribeTable", json{{"TableName", "tab"}}).error_type,
            "ResourceNotFoundException");
  // An empty list, which TagResource refuses, is accepted.
  ASSERT_EQ(h.call("CreateTable", create_request(json::array())).status, 200);
  EXPECT_EQ(list_tags(h).body, json::parse(R"({"Tags":[]})"));
}

TEST(ListTagsOfResource, RefusesAStringThatIsNotAnArn) {
  Harness h;
  h.create_table("tab");
  expect_validation(list_tags(h, "tab"),
                    "One or more parameter values were invalid: ARNs must start with 'arn:': tab");
  expect_validation(list_tags(h, ""),
                    "1 validation error detected: Value '' at 'resourceArn' failed to satisfy "
                    "constraint: Member must have length greater than or equal to 1");
  std::string long_arn = kArn + std::string(1284 - kArn.size(), 'x');
  expect_validation(list_tags(h, long_arn),
                    "1 validation error detected: Value '" + long_arn +
                        "' at 'resourceArn' failed to satisfy constraint: Member must have length "
                        "less than or equal to 1283");
  expect_validation(h.call("ListTagsOfResource", json::object()),
                    "1 validation error detected: Value null at 'resourceArn' failed to satisfy "
                    "constraint: Member must not be null");
}

TEST(ListTagsOfResource, RefusesADynamoDbArnThatIsNeitherATableNorAStream) {
  Harness h;
  h.create_table("tab");
  for (std::string arn : {kArn + "/index/gsi"}) {
    expect_validation(list_tags(h, arn),
                      "One or more parameter values were invalid: Invalid resource arn provided, "
                      "only table or stream is accepted. Provided resource arn: " +
                          arn);
  }
  for (std::string arn : {kArn + "/backup/01700000000000-abcdef12",
                          std::string("arn:aws:dynamodb:us-east-1:000000000000:backup/x"),
                          std::string("arn:aws:dynamodb:us-east-1:000000000000:table/")}) {
    expect_validation(
        list_tags(h, arn),
        "One or more parameter values were invalid: Provided Arn is not a DynamoDB resource arn: " +
            arn);
  }
}

TEST(ListTagsOfResource, DeniesAnotherServiceOrAccount) {
  Harness h;
  h.create_table("tab");
  for (std::string arn : {std::string("arn:aws:s3:::bucket"),
                          std::string("arn:aws:dynamodb:us-east-1:123456789012:table/tab")}) {
    CallResult r = list_tags(h, arn);
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(r.error_type, "AccessDeniedException") << arn;
    EXPECT_EQ(r.message, "Access is denied");
  }
}

TEST(ListTagsOfResource, RefusesAnotherRegionOrPartition) {
  Harness h;
  h.create_table("tab");
  for (std::string arn : {std::string("arn:aws:dynamodb:eu-west-1:000000000000:table/tab"),
                          std::string("arn:aws-cn:dynamodb:us-east-1:000000000000:table/tab"),
                          std::string("arn:aws:dynamodb")}) {
    expect_validation(list_tags(h, arn),
                      "Invalid TableArn: Invalid ResourceArn provided as input " + arn);
  }
}

TEST(ListTagsOfResource, AStreamOrAMissingTableIsNotFound) {
  Harness h;
  h.create_table("tab");
  for (std::string arn : {kArn + "/stream/2026-01-01T00:00:00.000",
                          std::string("arn:aws:dynamodb:us-east-1:000000000000:table/other"),
                          std::string("arn:aws:dynamodb:us-east-1:000000000000:table/TAB")}) {
    CallResult r = list_tags(h, arn);
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(r.error_type, "ResourceNotFoundException");
    EXPECT_EQ(r.message, "Requested resource not found: ResourceArn: " + arn + " not found");
  }
}

}  // namespace
}  // namespace ddb::protocol
