// POST /ddblocal/seed through the admin API, in-process.

#include <gtest/gtest.h>

#include <string>

#include "protocol/admin/admin_api.h"
#include "protocol/json/json_fields.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

class SeedRequest : public ::testing::Test {
 protected:
  // The answer to POST /ddblocal/seed with `body`, its JSON parsed.
  std::pair<int, Json> post(std::string_view body, std::string default_key = "") {
    AdminApi api({.database = harness_.database(),
                  .namespaces = Namespaces::PerAccessKey,
                  .seed_defaults = {.access_key = std::move(default_key), .region = "us-east-1"}});
    AdminResponse answer =
        api.handle({.method = "POST", .path = "seed", .query = "", .body = body});
    return {answer.status, Json::parse(answer.body)};
  }

  test::Harness harness_;  // access key AKIDEXAMPLE, us-east-1
};

constexpr const char* kSeed = R"({"accessKey": "AKIDEXAMPLE",
  "tables": [{"TableName": "Users", "BillingMode": "PAY_PER_REQUEST",
              "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
              "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}],
  "items": {"Users": [{"pk": {"S": "u1"}}, {"pk": {"S": "u2"}}]}})";

TEST_F(SeedRequest, LoadsTheBodyAndSaysWhatItCreated) {
  auto [status, answer] = post(kSeed);
  EXPECT_EQ(status, 200);
  EXPECT_EQ(answer, Json::parse(R"({"namespace": "AKIDEXAMPLE/us-east-1",
                                    "accessKey": "AKIDEXAMPLE", "region": "us-east-1",
                                    "tables": ["Users"], "items": {"Users": 2}})"));
  EXPECT_EQ(harness_.call("Scan", R"({"TableName": "Users"})").body["Count"], 2);
}

TEST_F(SeedRequest, UsesTheServersDefaultAccessKey) {
  auto [status, answer] = post(R"({"tables": []})", "AKIDEXAMPLE");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(answer["accessKey"], "AKIDEXAMPLE");
}

TEST_F(SeedRequest, AnswersADynamoDbRefusalWithItsTypeTextAndPlace) {
  auto [status, answer] = post(R"({"accessKey": "AKIDEXAMPLE",
  "tables": [{"TableName": "Users", "BillingMode": "PAY_PER_REQUEST",
              "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
              "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}],
  "items": {"Users": [{"pk": {"S": "u1"}},
                      {"pk": {"S": ""}}]}})");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(answer, Json::parse(R"({"error": "ValidationException",
    "message": "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
    "line": 6, "path": "items.Users[1]"})"));
  EXPECT_EQ(harness_.call("ListTables", "{}").body["TableNames"], Json::array());
}

TEST_F(SeedRequest, AnswersAMalformedSeedAsBadRequest) {
  auto [status, answer] = post(R"({"accessKey": "AKIDEXAMPLE", "items": {"Users": 1}})");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(answer, Json::parse(R"({"error": "BadRequest",
    "message": "the items of a table must be a list", "line": 1, "path": "items.Users"})"));
}

TEST_F(SeedRequest, NamesTheLineOfABodyThatIsNotJson) {
  auto [status, answer] = post("{\"tables\": [\n  {\"TableName\": \"a\",}\n]}");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(answer, Json::parse(R"({"error": "BadRequest",
    "message": "the request body is not JSON: line 2: syntax error while parsing object key - unexpected '}'; expected string literal"})"));
}

TEST_F(SeedRequest, RefusesAnEmptyBodyAndItemFiles) {
  auto [empty_status, empty] = post("");
  EXPECT_EQ(empty_status, 400);
  EXPECT_EQ(
      empty["message"],
      R"(the body must be a seed document: {"tables": [...], "items": {"TableName": [...]}})");
  auto [files_status, files] = post(R"({"itemFiles": {"Users": "/etc/passwd"}})");
  EXPECT_EQ(files_status, 400);
  EXPECT_EQ(files["path"], "itemFiles");
}

TEST_F(SeedRequest, RefusesASeedWithNoAccessKey) {
  auto [status, answer] = post(R"({"tables": []})");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(answer["error"], "BadRequest");
  EXPECT_EQ(answer["message"],
            "the seed names no access key, and the server keeps one namespace of tables per "
            "access key and region: give \"accessKey\" (the access key ID your clients sign "
            "with) in the seed, or start the server with --seed-access-key or --shared-db");
}

}  // namespace
}  // namespace ddb::protocol
