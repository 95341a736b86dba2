// CreateTable in-process through the dispatcher: the description it returns and its validation,
// with DynamoDB's exact error types and messages (dynalite's tests recorded against AWS,
// paritysuite captures from 2026, AWS responses quoted in GitHub issues).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::create_request;
using test::definitions;
using test::expect_validation;
using test::expect_violations;
using test::Harness;
using test::key_schema;
using test::kInvalid;

TEST(CreateTable, ReturnsTheNewTablesDescription) {
  Harness h;
  CallResult r = h.call("CreateTable", create_request("users"));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& d = r.body["TableDescription"];
  EXPECT_EQ(d["TableName"], "users");
  EXPECT_EQ(d["TableStatus"], "ACTIVE");
  EXPECT_EQ(d["KeySchema"], key_schema("pk"));
  EXPECT_EQ(d["AttributeDefinitions"], definitions({{"pk", "S"}}));
  EXPECT_EQ(d["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST");
  EXPECT_EQ(d["TableArn"], "arn:aws:dynamodb:us-east-1:000000000000:table/users");
  EXPECT_EQ(d["ItemCount"], 0);
}

TEST(CreateTable, RejectsAnExistingName) {
  Harness h;
  h.create_table("users");
  CallResult r = h.call("CreateTable", create_request("users"));
  EXPECT_EQ(r.error_type, "ResourceInUseException");
  EXPECT_EQ(r.message, "Table already exists: users");
}

TEST(CreateTable, RejectsAMissingTableName) {
  Harness h;
  json request = create_request("x");
  request.erase("TableName");
  expect_validation(h.call("CreateTable", request),
                    "1 validation error detected: Value null at 'tableName' failed to satisfy "
                    "constraint: Member must not be null");
}

TEST(CreateTable, RejectsANameWithCharactersOutsideThePattern) {
  Harness h;
  expect_validation(h.call("CreateTable", create_request("abc;")),
                    "1 validation error detected: Value 'abc;' at 'tableName' failed to satisfy "
                    "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
}

TEST(CreateTable, ReportsBothViolationsOfAShortInvalidName) {
  Harness h;
  expect_violations(h.call("CreateTable", create_request("a;")),
                    {"Value 'a;' at 'tableName' failed to satisfy constraint: Member must satisfy "
                     "regular expression pattern: [a-zA-Z0-9_.-]+",
                     "Value 'a;' at 'tableName' failed to satisfy constraint: Member must have "
                     "length greater than or equal to 3"});
}

TEST(CreateTable, RejectsANameLongerThan255Characters) {
  Harness h;
  const std::string name(256, 'a');
  expect_validation(h.call("CreateTable", create_request(name)),
                    "1 validation error detected: Value '" + name +
                        "' at 'tableName' failed to satisfy constraint: Member must have length "
                        "less than or equal to 255");
  EXPECT_EQ(h.call("CreateTable", create_request(std::string(255, 'a'))).status, 200);
}

TEST(CreateTable, RejectsAMissingKeySchema) {
  Harness h;
  json request = create_request("users");
  request.erase("KeySchema");
  expect_validation(h.call("CreateTable", request),
                    "1 validation error detected: Value null at 'keySchema' failed to satisfy "
                    "constraint: Member must not be null");
}

TEST(CreateTable, RejectsAnEmptyKeySchema) {
  Harness h;
  json request = create_request("users");
  request["KeySchema"] = json::array();
  expect_validation(h.call("CreateTable", request),
                    "1 validation error detected: Value '[]' at 'keySchema' failed to satisfy "
                    "constraint: Member must have length greater than or equal to 1");
}

TEST(CreateTable, RejectsAnUnknownKeyType) {
  Harness h;
  json request = create_request("users");
  request["KeySchema"][0]["KeyType"] = "Woop";
  expect_validation(h.call("CreateTable", request),
                    "1 validation error detected: Value 'Woop' at 'keySchema.1.member.keyType' "
                    "failed to satisfy constraint: Member must satisfy enum value set: [HASH, "
                    "RANGE]");
}

TEST(CreateTable, RejectsAnUnknownAttributeType) {
  Harness h;
  json request = create_request("users");
  request["AttributeDefinitions"][0]["AttributeType"] = "SS";
  expect_validation(h.call("CreateTable", request),
                    "1 validation error detected: Value 'SS' at "
                    "'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: "
                    "Member must satisfy enum value set: [B, N, S]");
}

TEST(CreateTable, RejectsARangeKeyFirst) {
  Harness h;
  json request = create_request("users");
  request["AttributeDefinitions"] = definitions({{"pk", "S"}, {"sk", "S"}});
  request["KeySchema"] = json::array({{{"AttributeName", "sk"}, {"KeyType", "RANGE"}},
                                      {{"AttributeName", "pk"}, {"KeyType", "HASH"}}});
  expect_validation(h.call("CreateTable", request),
                    "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
}

TEST(CreateTable, RejectsTwoHashKeys) {
  Harness h;
  json request = create_request("users");
  request["AttributeDefinitions"] = definitions({{"pk", "S"}, {"sk", "S"}});
  request["KeySchema"] = json::array({{{"AttributeName", "pk"}, {"KeyType", "HASH"}},
                                      {{"AttributeName", "sk"}, {"KeyType", "HASH"}}});
  expect_validation(h.call("CreateTable", request),
                    "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
}

TEST(CreateTable, RejectsHashAndRangeKeysWithTheSameName) {
  Harness h;
  json request = create_request("users");
  request["KeySchema"] = key_schema("pk", "pk");
  expect_validation(h.call("CreateTable", request),
                    "Both the Hash Key and the Range Key element in the KeySchema have the same "
                    "name");
}

TEST(CreateTable, RejectsUndefinedKeyAttributes) {
  Harness h;
  json request = create_request("users");
  request["KeySchema"] = key_schema("pk", "sk");
  expect_validation(h.call("CreateTable", request),
                    "Invalid KeySchema: Some index key attribute have no definition");

  request = create_request("users");
  request["AttributeDefinitions"] = definitions({{"b", "S"}});
  request["KeySchema"] = key_schema("a");
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Some index key attributes are not defined in AttributeDefinitions. Keys: "
                        "[a], AttributeDefinitions: [b]");
}

TEST(CreateTable, RejectsUnusedAttributeDefinitions) {
  Harness h;
  json request = create_request("users");
  request["AttributeDefinitions"] = definitions({{"pk", "S"}, {"extra", "N"}});
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Number of attributes in KeySchema does not exactly match number of "
                        "attributes defined in AttributeDefinitions");
}

TEST(CreateTable, RejectsADuplicatedAttributeDefinition) {
  Harness h;
  json request = create_request("users");
  request["AttributeDefinitions"] = definitions({{"pk", "S"}, {"pk", "N"}});
  expect_validation(h.call("CreateTable", request), "Attribute Name is duplicated: pk");
}

TEST(CreateTable, RejectsThroughputWithPayPerRequest) {
  Harness h;
  json request = create_request("users");
  request["ProvisionedThroughput"] = {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}};
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when "
                        "BillingMode is PAY_PER_REQUEST");
}

TEST(CreateTable, RequiresThroughputWhenProvisioned) {
  Harness h;
  json request = create_request("users");
  request.erase("BillingMode");
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "ReadCapacityUnits and WriteCapacityUnits must both be specified when "
                        "BillingMode is PROVISIONED");
}

TEST(CreateTable, RejectsZeroCapacityUnits) {
  Harness h;
  json request = create_request("users");
  request["BillingMode"] = "PROVISIONED";
  request["ProvisionedThroughput"] = {{"ReadCapacityUnits", 0}, {"WriteCapacityUnits", 5}};
  expect_validation(h.call("CreateTable", request),
                    "1 validation error detected: Value '0' at "
                    "'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: "
                    "Member must have value greater than or equal to 1");
}

TEST(CreateTable, RejectsAnUnknownBillingMode) {
  Harness h;
  json request = create_request("users");
  request["BillingMode"] = "INVALID_MODE";
  expect_validation(h.call("CreateTable", request),
                    "1 validation error detected: Value 'INVALID_MODE' at 'billingMode' failed to "
                    "satisfy constraint: Member must satisfy enum value set: [PROVISIONED, "
                    "PAY_PER_REQUEST]");
}

TEST(CreateTable, ReportsProvisionedThroughputItWasGiven) {
  Harness h;
  json request = create_request("users");
  request["BillingMode"] = "PROVISIONED";
  request["ProvisionedThroughput"] = {{"ReadCapacityUnits", 3}, {"WriteCapacityUnits", 4}};
  CallResult r = h.call("CreateTable", request);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& throughput = r.body["TableDescription"]["ProvisionedThroughput"];
  EXPECT_EQ(throughput["ReadCapacityUnits"], 3);
  EXPECT_EQ(throughput["WriteCapacityUnits"], 4);
  EXPECT_EQ(throughput["NumberOfDecreasesToday"], 0);
  EXPECT_FALSE(r.body["TableDescription"].contains("BillingModeSummary"));
}

}  // namespace
}  // namespace ddb::protocol
