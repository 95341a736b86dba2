// The table settings CreateTable and UpdateTable store and DescribeTable echoes (TableClass,
// SSESpecification, WarmThroughput, OnDemandThroughput), in-process through the dispatcher, with
// DynamoDB's messages (ack-api-quirks live captures of 2026, nubo-db/dynoxide#159).

#include "protocol/tables/table_settings.h"

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

json provisioned_request(const std::string& name, int read = 5, int write = 5) {
  json request = create_request(name);
  request["BillingMode"] = "PROVISIONED";
  request["ProvisionedThroughput"] = {{"ReadCapacityUnits", read}, {"WriteCapacityUnits", write}};
  return request;
}

json describe(const Harness& h, const std::string& name = "tbl") {
  CallResult r = h.call("DescribeTable", json{{"TableName", name}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body["Table"];
}

CallResult update(const Harness& h, json members, const std::string& name = "tbl") {
  members["TableName"] = name;
  return h.call("UpdateTable", members);
}

// ---- TableClass

TEST(TableSettings, TableClassIsEchoedOnlyWhenGiven) {
  Harness h;
  ASSERT_EQ(h.call("CreateTable", create_request("plain")).status, 200);
  EXPECT_FALSE(describe(h, "plain").contains("TableClassSummary"));
  json request = create_request("tbl");
  request["TableClass"] = "STANDARD_INFREQUENT_ACCESS";
  CallResult r = h.call("CreateTable", request);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["TableDescription"]["TableClassSummary"],
            json::parse(R"({"TableClass":"STANDARD_INFREQUENT_ACCESS"})"));
  EXPECT_EQ(describe(h)["TableClassSummary"], r.body["TableDescription"]["TableClassSummary"]);
}

TEST(TableSettings, UpdateTableChangesTheTableClassAndItsTime) {
  Harness h;
  ASSERT_EQ(h.call("CreateTable", create_request("tbl")).status, 200);
  CallResult r = update(h, {{"TableClass", "STANDARD_INFREQUENT_ACCESS"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  json summary = describe(h)["TableClassSummary"];
  EXPECT_EQ(summary["TableClass"], "STANDARD_INFREQUENT_ACCESS");
  EXPECT_GT(summary["LastUpdateDateTime"].get<double>(), 0);
}

TEST(TableSettings, RejectsAnUnknownTableClass) {
  Harness h;
  json request = create_request("tbl");
  request["TableClass"] = "COLD";
  const std::string message =
      "Invalid table-class parameter provided. Please try again with a valid table-class value: "
      "[STANDARD, STANDARD_INFREQUENT_ACCESS].";
  expect_validation(h.call("CreateTable", request), message);
  ASSERT_EQ(h.call("CreateTable", create_request("tbl")).status, 200);
  expect_validation(update(h, {{"TableClass", "COLD"}}), message);
}

TEST(TableSettings, TableClassMustBeTheOnlyChange) {
  Harness h;
  ASSERT_EQ(h.call("CreateTable", create_request("tbl")).status, 200);
  expect_validation(update(h, {{"TableClass", "STANDARD"}, {"DeletionProtectionEnabled", true}}),
                    kInvalid + "TableClass modification must be the only operation in the request");
}

// ---- SSESpecification

TEST(TableSettings, SseEnabledReportsTheAwsManagedKeyOfTheRegion) {
  Harness h;
  json request = create_request("tbl");
  request["SSESpecification"] = {{"Enabled", true}};
  CallResult r = h.call("CreateTable", request);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  json sse = describe(h)["SSEDescription"];
  EXPECT_EQ(sse["Status"], "ENABLED");
  EXPECT_EQ(sse["SSEType"], "KMS");
  const std::string arn = sse["KMSMasterKeyArn"];
  EXPECT_EQ(arn.rfind("arn:aws:kms:us-east-1:000000000000:key/", 0), 0u) << arn;
  EXPECT_EQ(r.body["TableDescription"]["SSEDescription"], sse);
}

TEST(TableSettings, SseDisabledMeansTheAwsOwnedKeyAndNoDescription) {
  Harness h;
  json request = create_request("tbl");
  request["SSESpecification"] = {{"Enabled", false}};
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  EXPECT_FALSE(describe(h).contains("SSEDescription"));
}

TEST(TableSettings, AKeyIdOrAliasBecomesAKeyArnOfThisAccount) {
  Harness h;
  json request = create_request("tbl");
  request["SSESpecification"] = {{"Enabled", true},
                                 {"SSEType", "KMS"},
                                 {"KMSMasterKeyId", "1234abcd-12ab-34cd-56ef-1234567890ab"}};
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  EXPECT_EQ(describe(h)["SSEDescription"]["KMSMasterKeyArn"],
            "arn:aws:kms:us-east-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab");
  request["TableName"] = "uuu";
  request["SSESpecification"]["KMSMasterKeyId"] = "alias/mine";
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  const std::string arn = describe(h, "uuu")["SSEDescription"]["KMSMasterKeyArn"];
  EXPECT_EQ(arn.rfind("arn:aws:kms:us-east-1:000000000000:key/", 0), 0u) << arn;
  EXPECT_EQ(arn.find("alias"), std::string::npos) << arn;
}

TEST(TableSettings, RejectsInconsistentSseSpecifications) {
  Harness h;
  const auto create = [&](const json& sse) {
    json request = create_request("tbl");
    request["SSESpecification"] = sse;
    return h.call("CreateTable", request);
  };
  expect_validation(create({{"Enabled", false}, {"SSEType", "KMS"}}),
                    kInvalid + "SSEType can not be specified if Enabled is false");
  expect_validation(create({{"Enabled", false}, {"KMSMasterKeyId", "alias/x"}}),
                    kInvalid + "KMSMasterKeyId can not be specified if Enabled is false");
  expect_validation(create({{"Enabled", true}, {"SSEType", "AES256"}}),
                    kInvalid + "SSEType AES256 is not supported");
  expect_validation(create({{"Enabled", true}, {"KMSMasterKeyId", "alias/x"}}),
                    kInvalid + "SSEType KMS is required if KMSMasterKeyId is specified");
  expect_validation(create({{"Enabled", true}, {"SSEType", "DES"}}),
                    "1 validation error detected: Value 'DES' at 'sSESpecification.sSEType' failed "
                    "to satisfy constraint: Member must satisfy enum value set: [AES256, KMS]");
}

TEST(TableSettings, UpdateTableSwitchesKeysAndRefusesNoChange) {
  Harness h;
  ASSERT_EQ(h.call("CreateTable", create_request("tbl")).status, 200);
  expect_validation(update(h, {{"SSESpecification", {{"Enabled", false}}}}),
                    kInvalid + "Table is already encrypted by default");
  ASSERT_EQ(update(h, {{"SSESpecification", {{"Enabled", true}}}}).status, 200);
  EXPECT_EQ(describe(h)["SSEDescription"]["Status"], "ENABLED");
  expect_validation(update(h, {{"SSESpecification", {{"Enabled", true}}}}),
                    kInvalid +
                        "Table is already encrypted with given KMSMasterKeyId. Use KMSMasterKeyId "
                        "parameter if you want to change Master Key");
  ASSERT_EQ(update(h, {{"SSESpecification", {{"Enabled", false}}}}).status, 200);
  EXPECT_FALSE(describe(h).contains("SSEDescription"));
  expect_validation(
      update(h, {{"SSESpecification", {{"Enabled", true}}}, {"DeletionProtectionEnabled", true}}),
      kInvalid + "Server-Side Encryption modification must be the only operation in the request");
}

// ---- WarmThroughput

TEST(TableSettings, WarmThroughputDefaultsToDynamoDbsStartingValues) {
  Harness h;
  ASSERT_EQ(h.call("CreateTable", create_request("tbl")).status, 200);
  EXPECT_EQ(describe(h)["WarmThroughput"],
            json::parse(R"({"ReadUnitsPerSecond":12000,"WriteUnitsPerSecond":4000,
                            "Status":"ACTIVE"})"));
  ASSERT_EQ(h.call("CreateTable", provisioned_request("prv", 7, 3)).status, 200);
  EXPECT_EQ(describe(h, "prv")["WarmThroughput"],
            json::parse(R"({"ReadUnitsPerSecond":7,"WriteUnitsPerSecond":3,"Status":"ACTIVE"})"));
}

TEST(TableSettings, CreateTableStoresWarmThroughputAboveTheStartingValues) {
  Harness h;
  json request = create_request("tbl");
  request["WarmThroughput"] = {{"ReadUnitsPerSecond", 12001}};
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  EXPECT_EQ(describe(h)["WarmThroughput"],
            json::parse(R"({"ReadUnitsPerSecond":12001,"WriteUnitsPerSecond":4000,
                            "Status":"ACTIVE"})"));
  request["TableName"] = "low";
  request["WarmThroughput"] = {{"ReadUnitsPerSecond", 1}, {"WriteUnitsPerSecond", 1}};
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than "
                        "initial throughput for OnDemand. See: "
                        "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
                        "on-demand-capacity-mode.html#on-demand-capacity-mode-initial");
  json provisioned = provisioned_request("prv", 10, 10);
  provisioned["WarmThroughput"] = {{"ReadUnitsPerSecond", 5}, {"WriteUnitsPerSecond", 5}};
  expect_validation(h.call("CreateTable", provisioned),
                    kInvalid +
                        "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than "
                        "ReadCapacityUnits of ProvisionedThroughput");
}

TEST(TableSettings, UpdateTableRaisesWarmThroughputButNeverLowersIt) {
  Harness h;
  ASSERT_EQ(h.call("CreateTable", create_request("tbl")).status, 200);
  ASSERT_EQ(update(h, {{"WarmThroughput", {{"ReadUnitsPerSecond", 20000}}}}).status, 200);
  EXPECT_EQ(describe(h)["WarmThroughput"]["ReadUnitsPerSecond"], 20000);
  expect_validation(update(h, {{"WarmThroughput", {{"ReadUnitsPerSecond", 15000}}}}),
                    kInvalid +
                        "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than "
                        "current WarmThroughput, decreasing WarmThroughput is not supported");
  expect_validation(update(h, {{"WarmThroughput", {{"WriteUnitsPerSecond", 5000}}},
                               {"BillingMode", "PAY_PER_REQUEST"}}),
                    kInvalid + "WarmThroughput must be the only operation in the request");
}

// ---- OnDemandThroughput

TEST(TableSettings, OnDemandThroughputIsStoredMergedAndRemoved) {
  Harness h;
  json request = create_request("tbl");
  request["OnDemandThroughput"] = {{"MaxReadRequestUnits", 100}};
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  EXPECT_EQ(describe(h)["OnDemandThroughput"], json::parse(R"({"MaxReadRequestUnits":100})"));
  ASSERT_EQ(update(h, {{"OnDemandThroughput", {{"MaxWriteRequestUnits", 50}}}}).status, 200);
  EXPECT_EQ(describe(h)["OnDemandThroughput"],
            json::parse(R"({"MaxReadRequestUnits":100,"MaxWriteRequestUnits":50})"));
  ASSERT_EQ(update(h, {{"OnDemandThroughput", {{"MaxReadRequestUnits", -1}}}}).status, 200);
  EXPECT_EQ(describe(h)["OnDemandThroughput"], json::parse(R"({"MaxWriteRequestUnits":50})"));
}

TEST(TableSettings, RejectsOnDemandThroughputOnAProvisionedTable) {
  Harness h;
  json request = provisioned_request("tbl");
  request["OnDemandThroughput"] = {{"MaxWriteRequestUnits", 10}};
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "MaxWriteRequestUnits for OnDemandThroughput cannot be specified when "
                        "table BillingMode is PROVISIONED.");
  ASSERT_EQ(h.call("CreateTable", provisioned_request("tbl")).status, 200);
  expect_validation(update(h, {{"OnDemandThroughput", {{"MaxReadRequestUnits", 10}}}}),
                    kInvalid +
                        "MaxReadRequestUnits for OnDemandThroughput cannot be specified when the "
                        "table BillingMode is PROVISIONED");
}

TEST(TableSettings, RejectsOnDemandThroughputOutsideItsRange) {
  Harness h;
  json request = create_request("tbl");
  request["OnDemandThroughput"] = {{"MaxReadRequestUnits", -1}};
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Requested MaxReadRequestUnits for OnDemandThroughput for table is outside "
                        "of valid range");
  ASSERT_EQ(h.call("CreateTable", create_request("tbl")).status, 200);
  expect_validation(update(h, {{"OnDemandThroughput", {{"MaxWriteRequestUnits", 0}}}}),
                    kInvalid +
                        "Requested MaxWriteRequestUnits for OnDemandThroughput for table is "
                        "outside of valid range");
  expect_validation(update(h, {{"OnDemandThroughput", {{"MaxWriteRequestUnits", 5}}},
                               {"DeletionProtectionEnabled", true}}),
                    kInvalid +
                        "OnDemandThroughput can only be combined with BillingMode in an "
                        "UpdateTable request");
}

TEST(TableSettings, SwitchingToProvisionedDropsTheMaximumsAndKeepsWarmThroughput) {
  Harness h;
  json request = create_request("tbl");
  request["OnDemandThroughput"] = {{"MaxReadRequestUnits", 100}};
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  ASSERT_EQ(
      update(h, {{"BillingMode", "PROVISIONED"},
                 {"ProvisionedThroughput", {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}}}})
          .status,
      200);
  json table = describe(h);
  EXPECT_FALSE(table.contains("OnDemandThroughput"));
  EXPECT_EQ(table["WarmThroughput"]["ReadUnitsPerSecond"], 12000);
}

// ---- GSIs

json with_gsi(json request, json extra) {
  request["AttributeDefinitions"].push_back({{"AttributeName", "g"}, {"AttributeType", "S"}});
  json index = {{"IndexName", "by-g"},
                {"KeySchema", test::key_schema("g")},
                {"Projection", {{"ProjectionType", "ALL"}}}};
  index.update(extra);
  request["GlobalSecondaryIndexes"] = json::array({index});
  return request;
}

TEST(TableSettings, GlobalIndexesCarryTheirOwnSettings) {
  Harness h;
  json request =
      with_gsi(create_request("tbl"), {{"OnDemandThroughput", {{"MaxReadRequestUnits", 40}}},
                                       {"WarmThroughput", {{"WriteUnitsPerSecond", 4500}}}});
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  json index = describe(h)["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(index["OnDemandThroughput"], json::parse(R"({"MaxReadRequestUnits":40})"));
  EXPECT_EQ(index["WarmThroughput"],
            json::parse(R"({"ReadUnitsPerSecond":12000,"WriteUnitsPerSecond":4500,
                            "Status":"ACTIVE"})"));
  json updates = json::array({{{"Update",
                                {{"IndexName", "by-g"},
                                 {"OnDemandThroughput", {{"MaxWriteRequestUnits", 30}}},
                                 {"WarmThroughput", {{"ReadUnitsPerSecond", 13000}}}}}}});
  ASSERT_EQ(update(h, {{"GlobalSecondaryIndexUpdates", updates}}).status, 200);
  index = describe(h)["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(index["OnDemandThroughput"],
            json::parse(R"({"MaxReadRequestUnits":40,"MaxWriteRequestUnits":30})"));
  EXPECT_EQ(index["WarmThroughput"]["ReadUnitsPerSecond"], 13000);
  updates[0]["Update"].erase("OnDemandThroughput");
  updates[0]["Update"]["WarmThroughput"] = {{"ReadUnitsPerSecond", 12500}};
  expect_validation(update(h, {{"GlobalSecondaryIndexUpdates", updates}}),
                    kInvalid +
                        "Requested ReadUnitsPerSecond for WarmThroughput for index by-g is lower "
                        "than current WarmThroughput, decreasing WarmThroughput is not supported");
}

TEST(TableSettings, RejectsAnIndexOnDemandThroughputOutsideItsRange) {
  Harness h;
  json request =
      with_gsi(create_request("tbl"), {{"OnDemandThroughput", {{"MaxReadRequestUnits", 0}}}});
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Requested MaxReadRequestUnits for OnDemandThroughput for index : by-g is "
                        "outside of valid range");
}

TEST(TableSettings, RejectsAnIndexOnDemandThroughputOnAProvisionedTable) {
  Harness h;
  json request =
      with_gsi(provisioned_request("tbl"),
               {{"ProvisionedThroughput", {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}}},
                {"OnDemandThroughput", {{"MaxReadRequestUnits", 5}}}});
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "MaxReadRequestUnits for OnDemandThroughput for index: by-g cannot be "
                        "specified when table BillingMode is PROVISIONED.");
  request["GlobalSecondaryIndexes"][0].erase("OnDemandThroughput");
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  json updates = json::array(
      {{{"Update",
         {{"IndexName", "by-g"}, {"OnDemandThroughput", {{"MaxWriteRequestUnits", 5}}}}}}});
  expect_validation(update(h, {{"GlobalSecondaryIndexUpdates", updates}}),
                    kInvalid +
                        "MaxWriteRequestUnits for OnDemandThroughput for index : by-g cannot be "
                        "specified when the table BillingMode is PROVISIONED");
}

TEST(TableSettings, WarmThroughputCannotComeWithAnIndexCreation) {
  Harness h;
  ASSERT_EQ(h.call("CreateTable", create_request("tbl")).status, 200);
  json create = {{"Create",
                  {{"IndexName", "by-g"},
                   {"KeySchema", test::key_schema("g")},
                   {"Projection", {{"ProjectionType", "ALL"}}}}}};
  expect_validation(
      update(h, {{"WarmThroughput", {{"ReadUnitsPerSecond", 20000}}},
                 {"AttributeDefinitions", test::definitions({{"g", "S"}})},
                 {"GlobalSecondaryIndexUpdates", json::array({create})}}),
      kInvalid + "Create global secondary index cannot be specified when updating WarmThroughput");
}

TEST(TableSettings, RejectsAnEmptyKmsMasterKeyId) {
  Harness h;
  json request = create_request("tbl");
  request["SSESpecification"] = {{"Enabled", true}, {"SSEType", "KMS"}, {"KMSMasterKeyId", ""}};
  expect_validation(h.call("CreateTable", request),
                    "1 validation error detected: Value '' at 'sSESpecification.kMSMasterKeyId' "
                    "failed to satisfy constraint: Member must have length greater than or equal "
                    "to 1");
}

// ---- DeleteTable

TEST(TableSettings, DeleteTableDescribesOnlyWhatDynamoDbReportsOfADeletedTable) {
  Harness h;
  json request = create_request("tbl");
  request["TableClass"] = "STANDARD";
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  CallResult r = h.call("DeleteTable", R"({"TableName":"tbl"})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& description = r.body["TableDescription"];
  for (const char* member : {"KeySchema", "AttributeDefinitions", "CreationDateTime"}) {
    EXPECT_FALSE(description.contains(member)) << member;
  }
  for (const char* member :
       {"TableName", "TableStatus", "TableArn", "TableId", "TableSizeBytes", "ItemCount",
        "ProvisionedThroughput", "BillingModeSummary", "TableClassSummary"}) {
    EXPECT_TRUE(description.contains(member)) << member;
  }
  EXPECT_EQ(description["TableStatus"], "DELETING");
}

}  // namespace
}  // namespace ddb::protocol
