// The operations end to end in-process: protocol and engine through the dispatcher, with DynamoDB's
// exact error types and messages (dynalite's tests recorded against AWS, paritysuite captures from
// 2026, AWS responses quoted in GitHub issues).

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::Harness;

const std::string kInvalid = "One or more parameter values were invalid: ";

// Expects "N validation errors detected: " followed by exactly `parts` joined by "; " in any
// order (DynamoDB does not keep the order of constraint violations stable).
void expect_violations(const CallResult& r, const std::vector<std::string>& parts) {
  EXPECT_EQ(r.error_type, "ValidationException") << r.body.dump();
  const std::string prefix = std::to_string(parts.size()) + " validation errors detected: ";
  ASSERT_EQ(r.message.substr(0, prefix.size()), prefix) << r.message;
  std::vector<std::string> got;
  std::string rest = r.message.substr(prefix.size());
  for (std::size_t at; (at = rest.find("; ")) != std::string::npos; rest = rest.substr(at + 2)) {
    got.push_back(rest.substr(0, at));
  }
  got.push_back(rest);
  std::vector<std::string> expected = parts;
  std::sort(got.begin(), got.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(got, expected) << r.message;
}

json key_schema(const char* hash, const char* range = nullptr) {
  json schema = json::array({{{"AttributeName", hash}, {"KeyType", "HASH"}}});
  if (range) schema.push_back({{"AttributeName", range}, {"KeyType", "RANGE"}});
  return schema;
}

json definitions(std::initializer_list<std::pair<const char*, const char*>> attributes) {
  json list = json::array();
  for (const auto& [name, type] : attributes) {
    list.push_back({{"AttributeName", name}, {"AttributeType", type}});
  }
  return list;
}

json create_request(const std::string& name) {
  return {{"TableName", name},
          {"AttributeDefinitions", definitions({{"pk", "S"}})},
          {"KeySchema", key_schema("pk")},
          {"BillingMode", "PAY_PER_REQUEST"}};
}

// ---- Wire basics ------------------------------------------------------------------------------

TEST(Dispatch, UnknownTargetIsAnUnknownOperationWithoutMessage) {
  Harness h;
  CallResult r = h.call("ListTable", "{}");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "UnknownOperationException");
  EXPECT_EQ(r.body,
            json::parse(R"({"__type":"com.amazon.coral.service#UnknownOperationException"})"));
}

TEST(Dispatch, UnparseableBodyIsASerializationExceptionWithoutMessage) {
  Harness h;
  CallResult r = h.call("ListTables", "{not json");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, json::parse(R"({"__type":"com.amazon.coral.service#SerializationException"})"));
}

TEST(Dispatch, SerializationExceptionSpellsMessageWithACapital) {
  Harness h;
  CallResult r = h.call("DescribeTable", R"({"TableName":5})");
  EXPECT_EQ(r.body, json::parse(R"({"__type":"com.amazon.coral.service#SerializationException",
                                    "Message":"NUMBER_VALUE cannot be converted to String"})"));
}

TEST(Dispatch, ValidationExceptionUsesTheCoralValidateNamespace) {
  Harness h;
  CallResult r = h.call("DescribeTable", "{}");
  EXPECT_EQ(r.body["__type"], "com.amazon.coral.validate#ValidationException");
  EXPECT_TRUE(r.body.contains("message"));
}

TEST(Dispatch, ResourceNotFoundUsesTheDynamoDbNamespace) {
  Harness h;
  CallResult r = h.call("DescribeTable", R"({"TableName":"nope"})");
  EXPECT_EQ(r.body["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
}

// ---- CreateTable --------------------------------------------------------------------------------

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

// ---- DescribeTable / ListTables / DeleteTable / UpdateTable -------------------------------------

TEST(DescribeTable, DescribesAnExistingTable) {
  Harness h;
  h.create_table("orders", "sk", "N");
  CallResult r = h.call("DescribeTable", R"({"TableName":"orders"})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["Table"]["TableName"], "orders");
  EXPECT_EQ(r.body["Table"]["KeySchema"], key_schema("pk", "sk"));
  EXPECT_EQ(r.body["Table"]["AttributeDefinitions"], definitions({{"pk", "S"}, {"sk", "N"}}));
}

TEST(DescribeTable, RejectsAMissingTableNamingIt) {
  Harness h;
  CallResult r = h.call("DescribeTable", R"({"TableName":"nope"})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: Table: nope not found");
}

TEST(DescribeTable, RejectsAnEmptyName) {
  Harness h;
  expect_violations(
      h.call("DescribeTable", R"({"TableName":""})"),
      {"Value '' at 'tableName' failed to satisfy constraint: Member must have length "
       "greater than or equal to 3",
       "Value '' at 'tableName' failed to satisfy constraint: Member must satisfy "
       "regular expression pattern: [a-zA-Z0-9_.-]+"});
}

TEST(ListTables, ListsNamesInAscendingOrder) {
  Harness h;
  for (const char* name : {"ccc", "aaa", "bbb"}) h.create_table(name);
  CallResult r = h.call("ListTables", "{}");
  EXPECT_EQ(r.body, json::parse(R"({"TableNames":["aaa","bbb","ccc"]})"));
}

TEST(ListTables, PagesWithLimitAndExclusiveStartTableName) {
  Harness h;
  for (const char* name : {"t01", "t02", "t03", "t04", "t05"}) h.create_table(name);
  CallResult first = h.call("ListTables", R"({"Limit":2})");
  EXPECT_EQ(first.body,
            json::parse(R"({"TableNames":["t01","t02"],"LastEvaluatedTableName":"t02"})"));
  CallResult second = h.call("ListTables", R"({"Limit":2,"ExclusiveStartTableName":"t02"})");
  EXPECT_EQ(second.body,
            json::parse(R"({"TableNames":["t03","t04"],"LastEvaluatedTableName":"t04"})"));
  CallResult third = h.call("ListTables", R"({"Limit":2,"ExclusiveStartTableName":"t04"})");
  EXPECT_EQ(third.body, json::parse(R"({"TableNames":["t05"]})"));
  // A start name that is not a table resumes where it would sort.
  CallResult between = h.call("ListTables", R"({"ExclusiveStartTableName":"t025"})");
  EXPECT_EQ(between.body, json::parse(R"({"TableNames":["t03","t04","t05"]})"));
}

TEST(ListTables, RejectsLimitsOutsideOneToHundred) {
  Harness h;
  expect_validation(h.call("ListTables", R"({"Limit":0})"),
                    "1 validation error detected: Value '0' at 'limit' failed to satisfy "
                    "constraint: Member must have value greater than or equal to 1");
  expect_validation(h.call("ListTables", R"({"Limit":101})"),
                    "1 validation error detected: Value '101' at 'limit' failed to satisfy "
                    "constraint: Member must have value less than or equal to 100");
}

TEST(ListTables, RejectsAnEmptyExclusiveStartTableName) {
  Harness h;
  expect_violations(h.call("ListTables", R"({"ExclusiveStartTableName":""})"),
                    {"Value '' at 'exclusiveStartTableName' failed to satisfy constraint: Member "
                     "must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                     "Value '' at 'exclusiveStartTableName' failed to satisfy constraint: Member "
                     "must have length greater than or equal to 3"});
}

TEST(DeleteTable, DeletesAndDescribesTheTableAsDeleting) {
  Harness h;
  h.create_table("users");
  CallResult r = h.call("DeleteTable", R"({"TableName":"users"})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["TableDescription"]["TableStatus"], "DELETING");
  EXPECT_EQ(h.call("DescribeTable", R"({"TableName":"users"})").error_type,
            "ResourceNotFoundException");
  EXPECT_EQ(h.call("ListTables", "{}").body, json::parse(R"({"TableNames":[]})"));
}

TEST(DeleteTable, RejectsAMissingTableNamingIt) {
  Harness h;
  CallResult r = h.call("DeleteTable", R"({"TableName":"nope"})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: Table: nope not found");
}

TEST(DeleteTable, RefusesATableWithDeletionProtection) {
  Harness h;
  json request = create_request("users");
  request["DeletionProtectionEnabled"] = true;
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  expect_validation(h.call("DeleteTable", R"({"TableName":"users"})"),
                    "Resource cannot be deleted as it is currently protected against deletion. "
                    "Disable deletion protection first.");
  EXPECT_EQ(h.call("DescribeTable", R"({"TableName":"users"})").status, 200);
}

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

// ---- PutItem / GetItem / DeleteItem -----------------------------------------------------------

class ItemOps : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("users");
    h.create_table("orders", "sk", "N");
  }
  CallResult put(const json& item, const char* table = "users") {
    return h.call("PutItem", json{{"TableName", table}, {"Item", item}});
  }
  CallResult get(const json& key, const char* table = "users") {
    return h.call("GetItem", json{{"TableName", table}, {"Key", key}});
  }
  Harness h;
};

TEST_F(ItemOps, GetReturnsWhatPutStored) {
  json item =
      json::parse(R"({"pk":{"S":"u1"},"tags":{"SS":["b","a"]},"m":{"M":{"x":{"NULL":true}}}})");
  ASSERT_EQ(put(item).status, 200);
  CallResult r = get(json::parse(R"({"pk":{"S":"u1"}})"));
  EXPECT_EQ(
      r.body,
      json::parse(
          R"({"Item":{"pk":{"S":"u1"},"tags":{"SS":["a","b"]},"m":{"M":{"x":{"NULL":true}}}}})"));
}

TEST_F(ItemOps, GetOfAMissingItemReturnsAnEmptyObject) {
  CallResult r = get(json::parse(R"({"pk":{"S":"nobody"}})"));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, json::object());
}

TEST_F(ItemOps, NumbersComeBackInCanonicalForm) {
  ASSERT_EQ(put(json::parse(R"({"pk":{"S":"n"},"a":{"N":"00042"},"b":{"N":"1.5E2"},"c":{"N":"-0"},
                              "d":{"N":"1.50"},"e":{"NS":["1.0","2E0"]}})"))
                .status,
            200);
  CallResult r = get(json::parse(R"({"pk":{"S":"n"}})"));
  EXPECT_EQ(r.body["Item"], json::parse(R"({"pk":{"S":"n"},"a":{"N":"42"},"b":{"N":"150"},
                                            "c":{"N":"0"},"d":{"N":"1.5"},"e":{"NS":["1","2"]}})"));
}

TEST_F(ItemOps, NumericSortKeysMatchWhateverTheSpelling) {
  ASSERT_EQ(put(json::parse(R"({"pk":{"S":"a"},"sk":{"N":"1.50"}})"), "orders").status, 200);
  CallResult r = get(json::parse(R"({"pk":{"S":"a"},"sk":{"N":"15E-1"}})"), "orders");
  EXPECT_EQ(r.body["Item"], json::parse(R"({"pk":{"S":"a"},"sk":{"N":"1.5"}})"));
}

TEST_F(ItemOps, PutReturnsTheOldItemWhenAskedForAllOld) {
  ASSERT_EQ(put(json::parse(R"({"pk":{"S":"u"},"v":{"N":"1"}})")).status, 200);
  CallResult r = h.call("PutItem", R"({"TableName":"users","Item":{"pk":{"S":"u"},"v":{"N":"2"}},
                                       "ReturnValues":"ALL_OLD"})");
  EXPECT_EQ(r.body, json::parse(R"({"Attributes":{"pk":{"S":"u"},"v":{"N":"1"}}})"));
}

TEST_F(ItemOps, PutRejectsAnItemWithoutThePartitionKey) {
  expect_validation(put(json::parse(R"({"other":{"S":"x"}})")),
                    kInvalid + "Missing the key pk in the item");
  expect_validation(put(json::parse(R"({"pk":{"S":"x"}})"), "orders"),
                    kInvalid + "Missing the key sk in the item");
}

TEST_F(ItemOps, PutRejectsAKeyOfTheWrongType) {
  expect_validation(put(json::parse(R"({"pk":{"N":"5"}})")),
                    kInvalid + "Type mismatch for key pk expected: S actual: N");
  expect_validation(put(json::parse(R"({"pk":{"M":{}}})")),
                    kInvalid + "Type mismatch for key pk expected: S actual: M");
}

TEST_F(ItemOps, PutRejectsEmptyKeyValues) {
  expect_validation(put(json::parse(R"({"pk":{"S":""}})")),
                    "One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty string value. Key: pk");
}

TEST_F(ItemOps, PutRejectsAPartitionKeyOver2048Bytes) {
  EXPECT_EQ(put(json{{"pk", {{"S", std::string(2048, 'k')}}}}).status, 200);
  // "of2048" without a space is DynamoDB's text.
  expect_validation(put(json{{"pk", {{"S", std::string(2049, 'k')}}}}),
                    kInvalid + "Size of hashkey has exceeded the maximum size limit of2048 bytes");
}

TEST_F(ItemOps, PutRejectsABinarySortKeyOver1024Bytes) {
  h.create_table("blobs", "sk", "B");
  std::string fits = std::string(1024, 'A');  // 768 bytes
  ASSERT_EQ(put(json{{"pk", {{"S", "a"}}}, {"sk", {{"B", fits}}}}, "blobs").status, 200);
  std::string too_long = std::string(1368, 'A');  // 1026 bytes
  expect_validation(
      put(json{{"pk", {{"S", "a"}}}, {"sk", {{"B", too_long}}}}, "blobs"),
      kInvalid + "Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
}

TEST_F(ItemOps, PutRejectsItemsOver400Kilobytes) {
  // "pk" 2 + "a" 1 + "data" 4 + 409593 = 409600 bytes: exactly the limit.
  EXPECT_EQ(put(json{{"pk", {{"S", "a"}}}, {"data", {{"S", std::string(409593, 'x')}}}}).status,
            200);
  expect_validation(put(json{{"pk", {{"S", "a"}}}, {"data", {{"S", std::string(409594, 'x')}}}}),
                    "Item size has exceeded the maximum allowed size");
}

TEST_F(ItemOps, PutWrapsValueErrorsInTheValidationEnvelope) {
  expect_validation(put(json::parse(R"({"pk":{"S":"a"},"n":{"N":"abc"}})")),
                    "1 validation error detected: The parameter cannot be converted to a numeric "
                    "value: abc");
  expect_validation(put(json::parse(R"({"pk":{"S":"a"},"f":{"NULL":false}})")),
                    "1 validation error detected: One or more parameter values were invalid: Null "
                    "attribute value types must have the value of true");
  expect_validation(put(json::parse(R"({"pk":{"S":"a"},"s":{"SS":[]}})")),
                    "1 validation error detected: One or more parameter values were invalid: An "
                    "string set  may not be empty");
}

TEST_F(ItemOps, PutReportsSerializationErrorsUnwrapped) {
  CallResult r = put(json::parse(R"({"pk":{"S":"a"},"n":{"N":5}})"));
  EXPECT_EQ(r.error_type, "SerializationException");
  EXPECT_EQ(r.message, "NUMBER_VALUE cannot be converted to String");
}

TEST_F(ItemOps, PutOnAMissingTableIsResourceNotFound) {
  CallResult r = put(json::parse(R"({"pk":{"S":"a"}})"), "nope");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(ItemOps, PutValidatesTheTableName) {
  expect_validation(h.call("PutItem", R"({"Item":{"pk":{"S":"a"}}})"),
                    "1 validation error detected: Value null at 'tableName' failed to satisfy "
                    "constraint: Member must not be null");
  expect_validation(put(json::parse(R"({"pk":{"S":"a"}})"), "bad table!@#"),
                    "1 validation error detected: Value 'bad table!@#' at 'tableName' failed to "
                    "satisfy constraint: Member must satisfy regular expression pattern: "
                    "[a-zA-Z0-9_.-]+");
}

TEST_F(ItemOps, GetRejectsKeysThatDoNotMatchTheSchema) {
  const std::string message = "The provided key element does not match the schema";
  expect_validation(get(json::parse(R"({"pk":{"N":"1"}})")), message);
  expect_validation(get(json::parse(R"({"id":{"S":"1"}})")), message);
  expect_validation(get(json::parse(R"({"pk":{"S":"1"},"extra":{"S":"x"}})")), message);
  expect_validation(get(json::parse(R"({"pk":{"S":"a"}})"), "orders"), message);
  expect_validation(get(json::parse(R"({"pk":{"S":"a"},"sk":{"S":"1"}})"), "orders"), message);
  expect_validation(get(json::object()), message);
}

TEST_F(ItemOps, GetReportsValueErrorsBare) {
  expect_validation(get(json::parse(R"({"pk":{"NULL":false}})")),
                    kInvalid + "Null attribute value types must have the value of true");
  expect_validation(get(json::parse(R"({"pk":{"S":""}})")),
                    "One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty string value. Key: pk");
}

TEST_F(ItemOps, GetOnAMissingTableIsResourceNotFound) {
  CallResult r = get(json::parse(R"({"pk":{"S":"a"}})"), "nope");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(ItemOps, DeleteRemovesTheItemAndCanReturnIt) {
  ASSERT_EQ(put(json::parse(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"x"}})"), "orders").status,
            200);
  CallResult r =
      h.call("DeleteItem", R"({"TableName":"orders","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
                                          "ReturnValues":"ALL_OLD"})");
  EXPECT_EQ(r.body, json::parse(R"({"Attributes":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"x"}}})"));
  EXPECT_EQ(get(json::parse(R"({"pk":{"S":"a"},"sk":{"N":"1"}})"), "orders").body, json::object());
  CallResult again =
      h.call("DeleteItem", R"({"TableName":"orders","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
                                              "ReturnValues":"ALL_OLD"})");
  EXPECT_EQ(again.body, json::object());
}

TEST_F(ItemOps, DeleteRejectsAKeyWithoutTheSortKey) {
  expect_validation(h.call("DeleteItem", R"({"TableName":"orders","Key":{"pk":{"S":"a"}}})"),
                    "The provided key element does not match the schema");
}

TEST_F(ItemOps, DeleteAcceptsOnlyAllOldOrNoneAsReturnValues) {
  expect_validation(h.call("DeleteItem", R"({"TableName":"users","Key":{"pk":{"S":"x"}},
                                             "ReturnValues":"ALL_NEW"})"),
                    "1 validation error detected: ReturnValues can only be ALL_OLD or NONE");
}

// ---- Query ----------------------------------------------------------------------------------

class QueryOps : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("orders", "sk", "N");
    for (int sk = 1; sk <= 5; ++sk) {
      h.put("orders", json{{"pk", {{"S", "a"}}}, {"sk", {{"N", std::to_string(sk)}}}});
    }
    h.put("orders", json::parse(R"({"pk":{"S":"b"},"sk":{"N":"1"}})"));
  }
  // Runs a Query on "orders" with `extra` members added to the request.
  CallResult query(json extra) {
    extra["TableName"] = extra.value("TableName", "orders");
    return h.call("Query", extra);
  }
  static json values(const char* text) { return json::parse(text); }
  static std::vector<std::string> sort_keys(const CallResult& r) {
    std::vector<std::string> keys;
    for (const json& item : r.body["Items"]) keys.push_back(item["sk"]["N"]);
    return keys;
  }
  Harness h;
};

const json kP = json::parse(R"({":p":{"S":"a"}})");

TEST_F(QueryOps, ReturnsThePartitionInSortKeyOrder) {
  CallResult r = query({{"KeyConditionExpression", "pk = :p"}, {"ExpressionAttributeValues", kP}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(sort_keys(r), (std::vector<std::string>{"1", "2", "3", "4", "5"}));
  EXPECT_EQ(r.body["Count"], 5);
  EXPECT_EQ(r.body["ScannedCount"], 5);
  EXPECT_FALSE(r.body.contains("LastEvaluatedKey"));
}

TEST_F(QueryOps, ReadsBackwardWhenScanIndexForwardIsFalse) {
  CallResult r = query(
      {{"KeyConditionExpression", "pk = :p AND sk BETWEEN :lo AND :hi"},
       {"ExpressionAttributeValues", values(R"({":p":{"S":"a"},":lo":{"N":"2"},":hi":{"N":"4"}})")},
       {"ScanIndexForward", false}});
  EXPECT_EQ(sort_keys(r), (std::vector<std::string>{"4", "3", "2"}));
}

TEST_F(QueryOps, PagesWithLimitAndResumesAfterLastEvaluatedKey) {
  json request = {
      {"KeyConditionExpression", "pk = :p"}, {"ExpressionAttributeValues", kP}, {"Limit", 2}};
  CallResult first = query(request);
  EXPECT_EQ(sort_keys(first), (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(first.body["LastEvaluatedKey"], json::parse(R"({"pk":{"S":"a"},"sk":{"N":"2"}})"));
  request["ExclusiveStartKey"] = first.body["LastEvaluatedKey"];
  CallResult second = query(request);
  EXPECT_EQ(sort_keys(second), (std::vector<std::string>{"3", "4"}));
  request["ExclusiveStartKey"] = second.body["LastEvaluatedKey"];
  CallResult third = query(request);
  EXPECT_EQ(sort_keys(third), (std::vector<std::string>{"5"}));
  EXPECT_FALSE(third.body.contains("LastEvaluatedKey"));
}

TEST_F(QueryOps, PagesBackward) {
  json request = {{"KeyConditionExpression", "pk = :p"},
                  {"ExpressionAttributeValues", kP},
                  {"Limit", 3},
                  {"ScanIndexForward", false}};
  CallResult first = query(request);
  EXPECT_EQ(sort_keys(first), (std::vector<std::string>{"5", "4", "3"}));
  request["ExclusiveStartKey"] = first.body["LastEvaluatedKey"];
  CallResult second = query(request);
  EXPECT_EQ(sort_keys(second), (std::vector<std::string>{"2", "1"}));
  EXPECT_FALSE(second.body.contains("LastEvaluatedKey"));
}

TEST_F(QueryOps, CountsWithSelectCount) {
  CallResult r = query({{"KeyConditionExpression", "pk = :p"},
                        {"ExpressionAttributeValues", kP},
                        {"Select", "COUNT"}});
  EXPECT_EQ(r.body, json::parse(R"({"Count":5,"ScannedCount":5})"));
}

TEST_F(QueryOps, RequiresAKeyCondition) {
  expect_validation(query(json::object()),
                    "Either the KeyConditions or KeyConditionExpression parameter must be "
                    "specified in the request.");
}

TEST_F(QueryOps, ReportsKeyConditionErrors) {
  expect_validation(query({{"KeyConditionExpression", "sk = :v"},
                           {"ExpressionAttributeValues", values(R"({":v":{"N":"1"}})")}}),
                    "Query condition missed key schema element: pk");
  expect_validation(
      query({{"KeyConditionExpression", "pk > :p"}, {"ExpressionAttributeValues", kP}}),
      "Query key condition not supported");
  expect_validation(
      query({{"KeyConditionExpression", "pk = :p OR pk = :p"}, {"ExpressionAttributeValues", kP}}),
      "Invalid operator used in KeyConditionExpression: OR");
  expect_validation(query({{"KeyConditionExpression", "pk = :p AND begins_with(sk, :p)"},
                           {"ExpressionAttributeValues", kP}}),
                    "One or more parameter values were invalid: Condition parameter type does not "
                    "match schema type");
  expect_validation(
      query({{"KeyConditionExpression", "pk = :p AND begins_with(sk, :n)"},
             {"ExpressionAttributeValues", values(R"({":p":{"S":"a"},":n":{"N":"1"}})")}}),
      "Invalid KeyConditionExpression: Incorrect operand type for operator or "
      "function; operator or function: begins_with, operand type: N");
}

TEST_F(QueryOps, ReportsSyntaxErrorsWithTheParameterName) {
  expect_validation(query({{"KeyConditionExpression", "a-b"}}),
                    R"(Invalid KeyConditionExpression: Syntax error; token: "-", near: "a-b")");
  expect_validation(query({{"KeyConditionExpression", ""}}),
                    "Invalid KeyConditionExpression: The expression can not be empty;");
}

TEST_F(QueryOps, RejectsUnusedExpressionAttributeValues) {
  expect_validation(
      query({{"KeyConditionExpression", "pk = :p"},
             {"ExpressionAttributeValues", values(R"({":p":{"S":"a"},":lastname":{"S":"x"}})")}}),
      "Value provided in ExpressionAttributeValues unused in expressions: keys: "
      "{:lastname}");
}

TEST_F(QueryOps, RejectsUnusedExpressionAttributeNames) {
  expect_validation(
      query({{"KeyConditionExpression", "pk = :p"},
             {"ExpressionAttributeValues", kP},
             {"ExpressionAttributeNames", values(R"({"#f2":"x"})")}}),
      "Value provided in ExpressionAttributeNames unused in expressions: keys: {#f2}");
}

TEST_F(QueryOps, RejectsUndefinedPlaceholders) {
  expect_validation(
      query({{"KeyConditionExpression", "pk = :missing"}, {"ExpressionAttributeValues", kP}}),
      "Invalid KeyConditionExpression: An expression attribute value used in "
      "expression is not defined; attribute value: :missing");
  expect_validation(
      query({{"KeyConditionExpression", "#k = :p"}, {"ExpressionAttributeValues", kP}}),
      "Invalid KeyConditionExpression: An expression attribute name used in the "
      "document path is not defined; attribute name: #k");
}

TEST_F(QueryOps, RejectsEmptyOrMalformedExpressionAttributeMaps) {
  expect_validation(
      query({{"KeyConditionExpression", "pk = :p"}, {"ExpressionAttributeValues", json::object()}}),
      "ExpressionAttributeValues must not be empty");
  expect_validation(query({{"KeyConditionExpression", "pk = :p"},
                           {"ExpressionAttributeValues", kP},
                           {"ExpressionAttributeNames", json::object()}}),
                    "ExpressionAttributeNames must not be empty");
  expect_validation(query({{"KeyConditionExpression", "pk = :p"},
                           {"ExpressionAttributeValues", values(R"({"pid":{"S":"a"}})")}}),
                    R"(ExpressionAttributeValues contains invalid key: Syntax error; key: "pid")");
  expect_validation(
      query({{"KeyConditionExpression", "pk = :p"},
             {"ExpressionAttributeValues", kP},
             {"ExpressionAttributeNames", values(R"({"#sryLiyD8D-":"a"})")}}),
      R"(ExpressionAttributeNames contains invalid key: Syntax error; key: "#sryLiyD8D-")");
}

TEST_F(QueryOps, ChecksOperandTypesBeforeTheTableExists) {
  expect_validation(
      query({{"TableName", "nope"},
             {"KeyConditionExpression", "pk = :p AND begins_with(sk, :n)"},
             {"ExpressionAttributeValues", values(R"({":p":{"S":"a"},":n":{"N":"1"}})")}}),
      "Invalid KeyConditionExpression: Incorrect operand type for operator or "
      "function; operator or function: begins_with, operand type: N");
  CallResult r = query({{"TableName", "nope"},
                        {"KeyConditionExpression", "pk = :p"},
                        {"ExpressionAttributeValues", kP}});
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(QueryOps, RejectsAStartKeyWithoutTheSortKey) {
  expect_validation(query({{"KeyConditionExpression", "pk = :p"},
                           {"ExpressionAttributeValues", kP},
                           {"ExclusiveStartKey", values(R"({"pk":{"S":"a"}})")}}),
                    "The provided starting key is invalid");
}

TEST_F(QueryOps, RejectsAStartKeyInAnotherPartition) {
  expect_validation(query({{"KeyConditionExpression", "pk = :p"},
                           {"ExpressionAttributeValues", kP},
                           {"ExclusiveStartKey", values(R"({"pk":{"S":"b"},"sk":{"N":"1"}})")}}),
                    "The provided starting key is outside query boundaries based on provided "
                    "conditions");
}

TEST_F(QueryOps, RejectsAStartKeyOutsideTheSortKeyCondition) {
  expect_validation(
      query({{"KeyConditionExpression", "pk = :p AND sk > :v"},
             {"ExpressionAttributeValues", values(R"({":p":{"S":"a"},":v":{"N":"3"}})")},
             {"ExclusiveStartKey", values(R"({"pk":{"S":"a"},"sk":{"N":"2"}})")}}),
      "The provided starting key does not match the range key predicate");
}

TEST_F(QueryOps, RejectsAStartKeyForAQueryOfOneItem) {
  expect_validation(
      query({{"KeyConditionExpression", "pk = :p AND sk = :v"},
             {"ExpressionAttributeValues", values(R"({":p":{"S":"a"},":v":{"N":"3"}})")},
             {"ExclusiveStartKey", values(R"({"pk":{"S":"a"},"sk":{"N":"3"}})")}}),
      "The query can return at most one row and cannot be restarted");
}

TEST_F(QueryOps, RejectsLimitZero) {
  expect_validation(
      query(
          {{"KeyConditionExpression", "pk = :p"}, {"ExpressionAttributeValues", kP}, {"Limit", 0}}),
      "1 validation error detected: Value at 'Limit' failed to satisfy constraint: "
      "Member must have value greater than or equal to 1");
}

TEST_F(QueryOps, RejectsAnInvalidSelect) {
  expect_validation(query({{"KeyConditionExpression", "pk = :p"},
                           {"ExpressionAttributeValues", kP},
                           {"Select", "hi"}}),
                    "1 validation error detected: Value 'hi' at 'select' failed to satisfy "
                    "constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, "
                    "ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]");
  expect_validation(query({{"KeyConditionExpression", "pk = :p"},
                           {"ExpressionAttributeValues", kP},
                           {"Select", "ALL_PROJECTED_ATTRIBUTES"}}),
                    "1 validation error detected: ALL_PROJECTED_ATTRIBUTES can be used only when "
                    "Querying using an IndexName");
}

// ---- Scan -----------------------------------------------------------------------------------

class ScanOps : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("orders", "sk", "N");
    for (int p = 0; p < 40; ++p) {
      for (int sk = 0; sk < 2; ++sk) {
        h.put("orders",
              json{{"pk", {{"S", "p" + std::to_string(p)}}}, {"sk", {{"N", std::to_string(sk)}}}});
      }
    }
  }
  CallResult scan(json extra) {
    extra["TableName"] = "orders";
    return h.call("Scan", extra);
  }
  // Every item of the scan (following LastEvaluatedKey), as "pk/sk".
  std::vector<std::string> scan_all(json extra) {
    std::vector<std::string> labels;
    for (int pages = 0; pages < 1000; ++pages) {
      CallResult r = scan(extra);
      EXPECT_EQ(r.status, 200) << r.body.dump();
      for (const json& item : r.body["Items"]) {
        labels.push_back(item["pk"]["S"].get<std::string>() + "/" +
                         item["sk"]["N"].get<std::string>());
      }
      if (!r.body.contains("LastEvaluatedKey")) break;
      extra["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
    }
    return labels;
  }
  Harness h;
};

TEST_F(ScanOps, PagesVisitEveryItemExactlyOnce) {
  std::vector<std::string> labels = scan_all({{"Limit", 7}});
  EXPECT_EQ(labels.size(), 80u);
  EXPECT_EQ(std::set<std::string>(labels.begin(), labels.end()).size(), 80u);
  EXPECT_EQ(labels, scan_all(json::object()));
}

TEST_F(ScanOps, SegmentsTogetherVisitEveryItemExactlyOnce) {
  for (int total : {1, 2, 3, 7}) {
    std::vector<std::string> labels;
    for (int segment = 0; segment < total; ++segment) {
      std::vector<std::string> part =
          scan_all({{"Segment", segment}, {"TotalSegments", total}, {"Limit", 5}});
      labels.insert(labels.end(), part.begin(), part.end());
    }
    EXPECT_EQ(labels.size(), 80u) << "TotalSegments " << total;
    EXPECT_EQ(std::set<std::string>(labels.begin(), labels.end()).size(), 80u);
  }
}

TEST_F(ScanOps, RequiresSegmentAndTotalSegmentsTogether) {
  expect_validation(scan({{"Segment", 0}}),
                    "The TotalSegments parameter is required but was not present in the request "
                    "when Segment parameter is present");
  expect_validation(scan({{"TotalSegments", 2}}),
                    "The Segment parameter is required but was not present in the request when "
                    "parameter TotalSegments is present");
}

TEST_F(ScanOps, RejectsASegmentNotBelowTotalSegments) {
  expect_validation(scan({{"Segment", 5}, {"TotalSegments", 5}}),
                    "The Segment parameter is zero-based and must be less than parameter "
                    "TotalSegments: Segment: 5 is not less than TotalSegments: 5");
}

TEST_F(ScanOps, RejectsSegmentValuesOutsideTheModelsRange) {
  expect_validation(scan({{"Segment", -1}, {"TotalSegments", 2}}),
                    "1 validation error detected: Value '-1' at 'segment' failed to satisfy "
                    "constraint: Member must have value greater than or equal to 0");
  expect_validation(scan({{"Segment", 0}, {"TotalSegments", 1000001}}),
                    "1 validation error detected: Value '1000001' at 'totalSegments' failed to "
                    "satisfy constraint: Member must have value less than or equal to 1000000");
}

TEST_F(ScanOps, RejectsLimitZeroInTheOlderWording) {
  expect_validation(scan({{"Limit", 0}}),
                    "1 validation error detected: Value '0' at 'limit' failed to satisfy "
                    "constraint: Member must have value greater than or equal to 1");
}

TEST_F(ScanOps, RejectsAStartKeyThatDoesNotMatchTheSchema) {
  expect_validation(scan({{"ExclusiveStartKey", json::parse(R"({"pk":{"S":"p1"}})")}}),
                    "The provided starting key is invalid: The provided key element does not "
                    "match the schema");
}

TEST_F(ScanOps, RequiresAProjectionForSpecificAttributes) {
  expect_validation(scan({{"Select", "SPECIFIC_ATTRIBUTES"}}),
                    "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
                    "SPECIFIC_ATTRIBUTES");
}

TEST_F(ScanOps, OnAMissingTableIsResourceNotFound) {
  CallResult r = h.call("Scan", R"({"TableName":"nope"})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

}  // namespace
}  // namespace ddb::protocol
