#include "protocol/admin/seed/seed_table.h"

#include <gtest/gtest.h>

#include "protocol/admin/seed/seed.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

// `aws dynamodb describe-table` of an on-demand table with a GSI, an LSI, a stream and a KMS key,
// as AWS prints it (the shape of the API Reference's TableDescription).
constexpr const char* kOnDemandDescription = R"({
  "Table": {
    "AttributeDefinitions": [
      {"AttributeName": "pk", "AttributeType": "S"},
      {"AttributeName": "sk", "AttributeType": "S"},
      {"AttributeName": "gpk", "AttributeType": "S"},
      {"AttributeName": "lsk", "AttributeType": "N"}
    ],
    "TableName": "Orders",
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "sk", "KeyType": "RANGE"}],
    "TableStatus": "ACTIVE",
    "CreationDateTime": "2024-05-01T10:00:00.000000+00:00",
    "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0,
                              "WriteCapacityUnits": 0},
    "TableSizeBytes": 1234,
    "ItemCount": 7,
    "TableArn": "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders",
    "TableId": "0b5b7e2c-3c6f-4b8e-9a53-0d3e2a2b1c11",
    "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST",
                           "LastUpdateToPayPerRequestDateTime": "2024-05-01T10:00:00+00:00"},
    "LocalSecondaryIndexes": [{
      "IndexName": "byNumber",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "lsk", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"},
      "IndexSizeBytes": 100, "ItemCount": 2,
      "IndexArn": "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders/index/byNumber"
    }],
    "GlobalSecondaryIndexes": [{
      "IndexName": "byGroup",
      "KeySchema": [{"AttributeName": "gpk", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]},
      "IndexStatus": "ACTIVE",
      "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0,
                                "WriteCapacityUnits": 0},
      "IndexSizeBytes": 50, "ItemCount": 1,
      "IndexArn": "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders/index/byGroup",
      "OnDemandThroughput": {"MaxReadRequestUnits": -1, "MaxWriteRequestUnits": 100},
      "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000,
                         "Status": "ACTIVE"}
    }],
    "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    "LatestStreamLabel": "2024-05-01T10:00:00.000",
    "LatestStreamArn": "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders/stream/2024-05-01T10:00:00.000",
    "SSEDescription": {"Status": "ENABLED", "SSEType": "KMS",
                       "KMSMasterKeyArn": "arn:aws:kms:eu-west-1:123456789012:key/abcd"},
    "TableClassSummary": {"TableClass": "STANDARD_INFREQUENT_ACCESS",
                          "LastUpdateDateTime": "2024-05-02T10:00:00+00:00"},
    "DeletionProtectionEnabled": false,
    "OnDemandThroughput": {"MaxReadRequestUnits": -1, "MaxWriteRequestUnits": -1},
    "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000,
                       "Status": "ACTIVE"}
  }
})";

TEST(SeedTable, PassesCreateTableInputOn) {
  const Json input = Json::parse(R"({
    "TableName": "Users", "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "Tags": [{"Key": "team", "Value": "a"}]})");
  SeedTableRequests requests = seed_table_requests(input);
  EXPECT_EQ(requests.create_table, input);
  EXPECT_FALSE(requests.time_to_live);
}

TEST(SeedTable, MapsDescribeTableOutputOntoCreateTableInput) {
  SeedTableRequests requests = seed_table_requests(Json::parse(kOnDemandDescription));
  EXPECT_EQ(requests.create_table, Json::parse(R"({
    "TableName": "Orders",
    "AttributeDefinitions": [
      {"AttributeName": "pk", "AttributeType": "S"},
      {"AttributeName": "sk", "AttributeType": "S"},
      {"AttributeName": "gpk", "AttributeType": "S"},
      {"AttributeName": "lsk", "AttributeType": "N"}
    ],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "sk", "KeyType": "RANGE"}],
    "BillingMode": "PAY_PER_REQUEST",
    "LocalSecondaryIndexes": [{
      "IndexName": "byNumber",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "lsk", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"}
    }],
    "GlobalSecondaryIndexes": [{
      "IndexName": "byGroup",
      "KeySchema": [{"AttributeName": "gpk", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]},
      "OnDemandThroughput": {"MaxWriteRequestUnits": 100},
      "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000}
    }],
    "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    "SSESpecification": {"Enabled": true, "SSEType": "KMS",
                         "KMSMasterKeyId": "arn:aws:kms:eu-west-1:123456789012:key/abcd"},
    "TableClass": "STANDARD_INFREQUENT_ACCESS",
    "DeletionProtectionEnabled": false,
    "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000}
  })"));
}

TEST(SeedTable, MapsTheTableMemberOfADescriptionAsTheWholeOutput) {
  const Json whole = Json::parse(kOnDemandDescription);
  EXPECT_EQ(seed_table_requests(whole["Table"]).create_table,
            seed_table_requests(whole).create_table);
}

TEST(SeedTable, KeepsTheCapacitiesOfAProvisionedTableWithoutTheirDates) {
  // A table created before billing modes existed has no BillingModeSummary: PROVISIONED.
  SeedTableRequests requests = seed_table_requests(Json::parse(R"({
    "TableName": "Old", "TableStatus": "ACTIVE",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "N"},
                             {"AttributeName": "g", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "ProvisionedThroughput": {"LastIncreaseDateTime": 1714557600.0, "NumberOfDecreasesToday": 1,
                              "ReadCapacityUnits": 5, "WriteCapacityUnits": 3},
    "GlobalSecondaryIndexes": [{
      "IndexName": "g", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "ALL"}, "IndexStatus": "ACTIVE", "Backfilling": false,
      "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 2,
                                "WriteCapacityUnits": 1}}],
    "SSEDescription": {"Status": "DISABLED"}})"));
  EXPECT_EQ(requests.create_table, Json::parse(R"({
    "TableName": "Old", "BillingMode": "PROVISIONED",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "N"},
                             {"AttributeName": "g", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 3},
    "GlobalSecondaryIndexes": [{
      "IndexName": "g", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "ALL"},
      "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 1}}]})"));
}

TEST(SeedTable, ReadsTimeToLiveInEitherShape) {
  SeedTableRequests from_specification = seed_table_requests(Json::parse(R"({
    "TableName": "T", "TimeToLiveSpecification": {"AttributeName": "expires", "Enabled": true}})"));
  EXPECT_EQ(from_specification.create_table, Json::parse(R"({"TableName": "T"})"));
  EXPECT_EQ(from_specification.time_to_live,
            Json::parse(R"({"AttributeName": "expires", "Enabled": true})"));

  // describe-table's and describe-time-to-live's outputs merged into one object.
  SeedTableRequests from_description = seed_table_requests(Json::parse(R"({
    "Table": {"TableName": "T", "TableStatus": "ACTIVE"},
    "TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED", "AttributeName": "ttl"}})"));
  EXPECT_EQ(from_description.time_to_live,
            Json::parse(R"({"Enabled": true, "AttributeName": "ttl"})"));
}

TEST(SeedTable, LeavesTimeToLiveOffWhenTheSeedSaysItIsOff) {
  EXPECT_FALSE(seed_table_requests(Json::parse(R"({
    "TableName": "T", "TimeToLiveSpecification": {"AttributeName": "e", "Enabled": false}})"))
                   .time_to_live);
  EXPECT_FALSE(seed_table_requests(Json::parse(R"({
    "TableName": "T", "TableStatus": "ACTIVE",
    "TimeToLiveDescription": {"TimeToLiveStatus": "DISABLED"}})"))
                   .time_to_live);
}

TEST(SeedTable, RefusesATableThatIsNotAnObject) {
  try {
    seed_table_requests(Json::parse(R"("Users")"));
    FAIL() << "accepted";
  } catch (const SeedError& error) {
    EXPECT_EQ(error.message(),
              "a table must be a JSON object: CreateTable input or DescribeTable output");
  }
}

// ddblocal's own DescribeTable output creates the same table again.
TEST(SeedTable, RecreatesATableFromDdblocalsOwnDescription) {
  test::Harness original;
  auto created = original.call("CreateTable", R"({
    "TableName": "Orders", "BillingMode": "PROVISIONED",
    "ProvisionedThroughput": {"ReadCapacityUnits": 4, "WriteCapacityUnits": 2},
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "sk", "AttributeType": "N"},
                             {"AttributeName": "g", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "sk", "KeyType": "RANGE"}],
    "LocalSecondaryIndexes": [{"IndexName": "byG",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "g", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"}}],
    "GlobalSecondaryIndexes": [{"IndexName": "gIndex",
      "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["x"]},
      "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}],
    "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"},
    "TableClass": "STANDARD_INFREQUENT_ACCESS", "DeletionProtectionEnabled": true})");
  ASSERT_EQ(created.status, 200) << created.raw_body;
  Json description = original.call("DescribeTable", R"({"TableName": "Orders"})").body;

  test::Harness copy;
  auto recreated = copy.call("CreateTable", seed_table_requests(description).create_table);
  ASSERT_EQ(recreated.status, 200) << recreated.raw_body;
  Json again = copy.call("DescribeTable", R"({"TableName": "Orders"})").body["Table"];
  for (const char* name : {"AttributeDefinitions", "KeySchema", "ProvisionedThroughput",
                           "LocalSecondaryIndexes", "GlobalSecondaryIndexes", "StreamSpecification",
                           "TableClassSummary", "DeletionProtectionEnabled", "WarmThroughput"}) {
    Json want = description["Table"][name];
    Json got = again[name];
    // The table class's date is the copy's creation time.
    for (Json* value : {&want, &got}) {
      if (value->is_object()) value->erase("LastUpdateDateTime");
    }
    EXPECT_EQ(got, want) << name;
  }
  EXPECT_EQ(again["StreamSpecification"],
            Json::parse(R"({"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"})"));
}

}  // namespace
}  // namespace ddb::protocol
