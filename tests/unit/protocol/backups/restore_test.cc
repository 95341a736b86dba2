#include "protocol/backups/restore.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

// "orders": pk/sk, an LSI "by-n" on n, on demand, one item; returns a backup's ARN.
std::string backed_up(test::Harness& h) {
  test::CallResult created = h.call("CreateTable", json::parse(R"({
    "TableName": "orders", "BillingMode": "PAY_PER_REQUEST",
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "sk", "AttributeType": "S"},
                             {"AttributeName": "n", "AttributeType": "N"}],
    "LocalSecondaryIndexes": [{"IndexName": "by-n",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "n", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "ALL"}}]})"));
  EXPECT_EQ(created.status, 200) << created.message;
  h.put("orders", {{"pk", {{"S", "a"}}}, {"sk", {{"S", "1"}}}, {"n", {{"N", "5"}}}});
  return h.call("CreateBackup", {{"TableName", "orders"}, {"BackupName", "nightly"}})
      .body["BackupDetails"]["BackupArn"];
}

TEST(Restore, TheTargetMustBeFree) {
  test::Harness h;
  const std::string arn = backed_up(h);
  test::CallResult r =
      h.call("RestoreTableFromBackup", {{"TargetTableName", "orders"}, {"BackupArn", arn}});
  EXPECT_EQ(r.error_type, "TableAlreadyExistsException");
  EXPECT_EQ(r.message, "Table already exists: orders");
  test::expect_validation(
      h.call("RestoreTableFromBackup", {{"TargetTableName", "x"}, {"BackupArn", arn}}),
      "1 validation error detected: Value 'x' at 'targetTableName' failed to satisfy constraint: "
      "Member must have length greater than or equal to 3");
}

TEST(Restore, BillingOverridesFollowCreateTablesRules) {
  test::Harness h;
  const std::string arn = backed_up(h);
  test::expect_validation(
      h.call("RestoreTableFromBackup", {{"TargetTableName", "restored1"},
                                        {"BackupArn", arn},
                                        {"BillingModeOverride", "PROVISIONED"}}),
      "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must "
      "both be specified when BillingMode is PROVISIONED");
  test::expect_validation(
      h.call("RestoreTableFromBackup", {{"TargetTableName", "restored1"},
                                        {"BackupArn", arn},
                                        {"ProvisionedThroughputOverride",
                                         {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}}}}),
      "One or more parameter values were invalid: Neither ReadCapacityUnits nor "
      "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
  test::CallResult r = h.call(
      "RestoreTableFromBackup",
      {{"TargetTableName", "restored1"},
       {"BackupArn", arn},
       {"BillingModeOverride", "PROVISIONED"},
       {"ProvisionedThroughputOverride", {{"ReadCapacityUnits", 3}, {"WriteCapacityUnits", 4}}}});
  ASSERT_EQ(r.status, 200) << r.message;
  json table = h.call("DescribeTable", {{"TableName", "restored1"}}).body["Table"];
  EXPECT_EQ(table["ProvisionedThroughput"]["ReadCapacityUnits"], 3);
  EXPECT_FALSE(table.contains("BillingModeSummary"));
  // Refused overrides created nothing.
  EXPECT_EQ(h.call("ListTables", json::object()).body["TableNames"],
            json::parse(R"(["orders","restored1"])"));
}

TEST(Restore, AnLsiOverrideOnlyKeepsOrLeavesOutTheSourcesLsis) {
  test::Harness h;
  const std::string arn = backed_up(h);
  json changed = json::parse(R"([{"IndexName": "by-n",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "n", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"}}])");
  test::expect_validation(
      h.call("RestoreTableFromBackup", {{"TargetTableName", "restored1"},
                                        {"BackupArn", arn},
                                        {"LocalSecondaryIndexOverride", changed}}),
      "One or more parameter values were invalid: LocalSecondaryIndexOverride can only keep "
      "local secondary indexes of the source table as they are: by-n");
  changed[0]["Projection"]["ProjectionType"] = "ALL";
  test::CallResult r = h.call("RestoreTableFromBackup", {{"TargetTableName", "restored1"},
                                                         {"BackupArn", arn},
                                                         {"LocalSecondaryIndexOverride", changed}});
  ASSERT_EQ(r.status, 200) << r.message;
  json found = h.call("Query", json::parse(R"({"TableName": "restored1", "IndexName": "by-n",
      "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}})"))
                   .body;
  EXPECT_EQ(found["Count"], 1);
}

TEST(Restore, TheRestoredTableLeavesTheSourcesSettingsBehind) {
  test::Harness h;
  const std::string arn = backed_up(h);
  h.call("TagResource", {{"ResourceArn", "arn:aws:dynamodb:us-east-1:000000000000:table/orders"},
                         {"Tags", {{{"Key", "k"}, {"Value", "v"}}}}});
  const std::string arn2 =
      h.call("CreateBackup", {{"TableName", "orders"}, {"BackupName", "tagged"}})
          .body["BackupDetails"]["BackupArn"];
  ASSERT_EQ(
      h.call("RestoreTableFromBackup", {{"TargetTableName", "restored2"}, {"BackupArn", arn2}})
          .status,
      200);
  EXPECT_EQ(h.call("ListTagsOfResource",
                   {{"ResourceArn", "arn:aws:dynamodb:us-east-1:000000000000:table/restored2"}})
                .body["Tags"],
            json::array());
  json table = h.call("DescribeTable", {{"TableName", "restored2"}}).body["Table"];
  EXPECT_EQ(table["TableArn"], "arn:aws:dynamodb:us-east-1:000000000000:table/restored2");
  EXPECT_EQ(table["LocalSecondaryIndexes"][0]["IndexArn"],
            "arn:aws:dynamodb:us-east-1:000000000000:table/restored2/index/by-n");
  EXPECT_EQ(table["RestoreSummary"]["SourceBackupArn"], arn2);
  EXPECT_EQ(table["RestoreSummary"]["RestoreInProgress"], false);
  EXPECT_NE(arn, arn2);
}

}  // namespace
}  // namespace ddb::protocol
