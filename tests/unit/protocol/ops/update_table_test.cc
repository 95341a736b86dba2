// UpdateTable's billing mode and throughput changes in-process through the dispatcher, with
// DynamoDB's exact error types and messages (dynalite's tests recorded against AWS, paritysuite
// captures from 2026, AWS responses quoted in GitHub issues).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::create_request;
using test::expect_validation;
using test::Harness;
using test::kInvalid;

TEST(UpdateTable, RequiresSomethingToChange) {
  Harness h;
  h.create_table("users");
  expect_validation(h.call("UpdateTable", R"({"TableName":"users"})"),
                    "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
                    "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, "
                    "MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, "
                    "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass "
                    "is required");
}

TEST(UpdateTable, RejectsAMissingTableNamingIt) {
  Harness h;
  CallResult r = h.call("UpdateTable", R"({"TableName":"nope","BillingMode":"PAY_PER_REQUEST"})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: Table: nope not found");
}

TEST(UpdateTable, RejectsThroughputOnAPayPerRequestTable) {
  Harness h;
  h.create_table("users");
  expect_validation(
      h.call(
          "UpdateTable",
          R"({"TableName":"users","ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}})"),
      kInvalid +
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is "
          "PAY_PER_REQUEST");
}

TEST(UpdateTable, RequiresThroughputWhenSwitchingToProvisioned) {
  Harness h;
  h.create_table("users");
  expect_validation(h.call("UpdateTable", R"({"TableName":"users","BillingMode":"PROVISIONED"})"),
                    kInvalid +
                        "ProvisionedThroughput must be specified when BillingMode is "
                        "PROVISIONED");
}

TEST(UpdateTable, SwitchesToProvisioned) {
  Harness h;
  h.create_table("users");
  CallResult r = h.call(
      "UpdateTable",
      R"({"TableName":"users","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":6}})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  CallResult described = h.call("DescribeTable", R"({"TableName":"users"})");
  const json& d = described.body["Table"];
  EXPECT_EQ(d["ProvisionedThroughput"]["ReadCapacityUnits"], 5);
  EXPECT_EQ(d["ProvisionedThroughput"]["WriteCapacityUnits"], 6);
  EXPECT_EQ(d["BillingModeSummary"]["BillingMode"], "PROVISIONED");
}

TEST(UpdateTable, RejectsThroughputEqualToTheCurrentOne) {
  Harness h;
  json request = create_request("users");
  request["BillingMode"] = "PROVISIONED";
  request["ProvisionedThroughput"] = {{"ReadCapacityUnits", 300}, {"WriteCapacityUnits", 300}};
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  expect_validation(
      h.call(
          "UpdateTable",
          R"({"TableName":"users","ProvisionedThroughput":{"ReadCapacityUnits":300,"WriteCapacityUnits":300}})"),
      "The provisioned throughput for the table will not change. The requested value equals the "
      "current value. Current ReadCapacityUnits provisioned for the table: 300. Requested "
      "ReadCapacityUnits: 300. Current WriteCapacityUnits provisioned for the table: 300. "
      "Requested WriteCapacityUnits: 300. Refer to the Amazon DynamoDB Developer Guide for current "
      "limits and how to request higher limits.");
}

// Capacity past 10^12 is out of bounds, ReadCapacityUnits first, before the table is looked up
// (dynalite's test/updateTable.js, recorded against AWS); the model's constraints come first.
TEST(UpdateTable, RejectsCapacityUnitsAbove10To12EvenForAMissingTable) {
  Harness h;
  json request = {{"TableName", "abc"},
                  {"ProvisionedThroughput",
                   {{"WriteCapacityUnits", 1000000000001}, {"ReadCapacityUnits", 1000000000001}}}};
  expect_validation(h.call("UpdateTable", request),
                    "Given value 1000000000001 for ReadCapacityUnits is out of bounds");
  request["ProvisionedThroughput"]["ReadCapacityUnits"] = 1000000000000;
  expect_validation(h.call("UpdateTable", request),
                    "Given value 1000000000001 for WriteCapacityUnits is out of bounds");
  request["ProvisionedThroughput"] = {{"ReadCapacityUnits", 1000000000001},
                                      {"WriteCapacityUnits", -1}};
  expect_validation(h.call("UpdateTable", request),
                    "1 validation error detected: Value '-1' at "
                    "'provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: "
                    "Member must have value greater than or equal to 1");
}

// An index created by UpdateTable has CreateTable's 255-character cap on its key names.
TEST(UpdateTable, CapsANewIndexsKeyNamesAt255Characters) {
  Harness h;
  h.create_table("users");
  const std::string long_name(256, 'g');
  json request = {
      {"TableName", "users"},
      {"AttributeDefinitions", json::array({{{"AttributeName", "g"}, {"AttributeType", "S"}}})},
      {"GlobalSecondaryIndexUpdates",
       json::array(
           {{{"Create",
              {{"IndexName", "by-g"},
               {"KeySchema", json::array({{{"AttributeName", long_name}, {"KeyType", "HASH"}}})},
               {"Projection", {{"ProjectionType", "ALL"}}}}}}})}};
  expect_validation(h.call("UpdateTable", request),
                    "1 validation error detected: Value '" + long_name +
                        "' at 'globalSecondaryIndexUpdates.1.member.create.keySchema.1.member."
                        "attributeName' failed to satisfy constraint: Member must have length "
                        "less than or equal to 255");
}

}  // namespace
}  // namespace ddb::protocol
