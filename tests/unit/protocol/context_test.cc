// TableName given as the table's ARN, which every operation that takes a TableName accepts
// (Developer Guide, "DynamoDB API operations supported by resource-based policies": table name
// overloading), and DynamoDB's answers for ARNs that name no table of the caller.

#include "protocol/context.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

const std::string kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/users";

TEST(TableArn, EveryTableOperationTakesTheArn) {
  Harness h;
  CallResult created = h.call("CreateTable", [] {
    json request = test::create_request("users");
    request["TableName"] = kArn;
    return request;
  }());
  ASSERT_EQ(created.status, 200) << created.body.dump();
  EXPECT_EQ(created.body["TableDescription"]["TableName"], "users");
  EXPECT_EQ(created.body["TableDescription"]["TableArn"], kArn);
  json item = {{"pk", {{"S", "a"}}}};
  EXPECT_EQ(h.call("PutItem", json{{"TableName", kArn}, {"Item", item}}).status, 200);
  CallResult got = h.call("GetItem", json{{"TableName", kArn}, {"Key", item}});
  EXPECT_EQ(got.body["Item"], item);
  EXPECT_EQ(h.call("Query", json{{"TableName", kArn},
                                 {"KeyConditionExpression", "pk = :p"},
                                 {"ExpressionAttributeValues", {{":p", {{"S", "a"}}}}}})
                .body["Count"],
            1);
  EXPECT_EQ(h.call("Scan", json{{"TableName", kArn}}).body["Count"], 1);
  EXPECT_EQ(h.call("DescribeTable", json{{"TableName", kArn}}).body["Table"]["TableName"], "users");
  EXPECT_EQ(h.call("DescribeTimeToLive", json{{"TableName", kArn}}).status, 200);
  EXPECT_EQ(
      h.call("UpdateTable", json{{"TableName", kArn}, {"DeletionProtectionEnabled", false}}).status,
      200);
  CallResult batch =
      h.call("BatchGetItem", json{{"RequestItems", {{kArn, {{"Keys", json::array({item})}}}}}});
  ASSERT_EQ(batch.status, 200) << batch.body.dump();
  EXPECT_EQ(batch.body["Responses"][kArn], json::array({item}));
  EXPECT_EQ(
      h.call("BatchWriteItem",
             json{{"RequestItems", {{kArn, json::array({{{"PutRequest", {{"Item", item}}}}})}}}})
          .status,
      200);
  EXPECT_EQ(h.call("TransactGetItems",
                   json{{"TransactItems",
                         json::array({{{"Get", {{"TableName", kArn}, {"Key", item}}}}})}})
                .status,
            200);
  EXPECT_EQ(h.call("TransactWriteItems",
                   json{{"TransactItems",
                         json::array({{{"Put", {{"TableName", kArn}, {"Item", item}}}}})}})
                .status,
            200);
  EXPECT_EQ(h.call("DeleteItem", json{{"TableName", kArn}, {"Key", item}}).status, 200);
  CallResult deleted = h.call("DeleteTable", json{{"TableName", kArn}});
  EXPECT_EQ(deleted.body["TableDescription"]["TableStatus"], "DELETING");
}

TEST(TableArn, AnArnOfATableThatDoesNotExistIsNotFound) {
  Harness h;
  CallResult r = h.call("DescribeTable", json{{"TableName", kArn}});
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: Table: " + kArn + " not found");
  EXPECT_EQ(
      h.call("GetItem", json{{"TableName", kArn}, {"Key", {{"pk", {{"S", "a"}}}}}}).error_type,
      "ResourceNotFoundException");
}

TEST(TableArn, RejectsArnsOfAnotherRegionPartitionOrResource) {
  Harness h;
  h.create_table("users");
  const auto describe = [&](const std::string& arn) {
    return h.call("DescribeTable", json{{"TableName", arn}});
  };
  const std::string other_region = "arn:aws:dynamodb:eu-west-1:000000000000:table/users";
  expect_validation(describe(other_region),
                    "1 validation error detected: Invalid AWS region in '" + other_region + "'");
  const std::string partition = "arn:aws-cn:dynamodb:us-east-1:000000000000:table/users";
  expect_validation(describe(partition),
                    "1 validation error detected: Invalid AWS partition in '" + partition + "'");
  for (const std::string arn : {"arn:aws:dynamodb:us-east-1:000000000000:table/users/index/g",
                                "arn:aws:s3:us-east-1:000000000000:table/users", "arn:nonsense"}) {
    expect_validation(describe(arn),
                      "1 validation error detected: Invalid AWS resource type in '" + arn + "'");
  }
}

TEST(TableArn, AnotherAccountsTableIsAccessDenied) {
  Harness h;
  h.create_table("users");
  CallResult r = h.call("DescribeTable",
                        json{{"TableName", "arn:aws:dynamodb:us-east-1:111122223333:table/users"}});
  EXPECT_EQ(r.error_type, "AccessDeniedException");
}

TEST(TableArn, CreateTableHoldsTheNameInTheArnToTheNameRules) {
  Harness h;
  json request = test::create_request("users");
  request["TableName"] = "arn:aws:dynamodb:us-east-1:000000000000:table/ab";
  expect_validation(h.call("CreateTable", request),
                    "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy "
                    "constraint: Member must have length greater than or equal to 3");
}

TEST(TableArn, AnArnMayBeUpTo1024Characters) {
  Harness h;
  const std::string long_arn = "arn:" + std::string(1020, 'x');
  CallResult r = h.call("DescribeTable", json{{"TableName", long_arn}});
  EXPECT_EQ(r.error_type, "ValidationException");
  EXPECT_EQ(r.message.find("Member must have length"), std::string::npos) << r.message;
  expect_validation(h.call("DescribeTable", json{{"TableName", long_arn + "x"}}),
                    "1 validation error detected: Value '" + long_arn +
                        "x' at 'tableName' failed to satisfy constraint: Member must have length "
                        "less than or equal to 1024");
}

}  // namespace
}  // namespace ddb::protocol
