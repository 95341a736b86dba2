// CreateTable and DescribeTable with secondary indexes, in-process: the validation DynamoDB applies
// to GlobalSecondaryIndexes and LocalSecondaryIndexes, with its exact messages (observed on
// DynamoDB, captured 2026, and dynalite's test/createTable.js, recorded against AWS), and the
// shape of the index descriptions.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::definitions;
using test::expect_validation;
using test::expect_violations;
using test::Harness;
using test::kInvalid;

json key(const char* hash, const char* range = nullptr) {
  json schema = json::array({{{"AttributeName", hash}, {"KeyType", "HASH"}}});
  if (range) schema.push_back({{"AttributeName", range}, {"KeyType", "RANGE"}});
  return schema;
}

json index(const std::string& name, json key_schema,
           json projection = {{"ProjectionType", "ALL"}}) {
  return {{"IndexName", name}, {"KeySchema", std::move(key_schema)}, {"Projection", projection}};
}

json include(std::vector<std::string> names) {
  return {{"ProjectionType", "INCLUDE"}, {"NonKeyAttributes", names}};
}

// An on-demand table "items" keyed pk (S) + sk (N), with definitions for the index keys g (S) and
// h (N) and `gsis` / `lsis` (left out when null).
json table_request(json gsis, json lsis = nullptr) {
  json request = {{"TableName", "items"},
                  {"AttributeDefinitions", definitions({{"pk", "S"}, {"sk", "N"}})},
                  {"KeySchema", key("pk", "sk")},
                  {"BillingMode", "PAY_PER_REQUEST"}};
  std::vector<std::string> used;
  for (const json* list : {&gsis, &lsis}) {
    if (!list->is_array()) continue;
    for (const json& entry : *list) {
      for (const json& element : entry.value("KeySchema", json::array())) {
        used.push_back(element["AttributeName"]);
      }
    }
  }
  if (std::find(used.begin(), used.end(), "g") != used.end()) {
    request["AttributeDefinitions"].push_back({{"AttributeName", "g"}, {"AttributeType", "S"}});
  }
  if (std::find(used.begin(), used.end(), "h") != used.end()) {
    request["AttributeDefinitions"].push_back({{"AttributeName", "h"}, {"AttributeType", "N"}});
  }
  if (!gsis.is_null()) request["GlobalSecondaryIndexes"] = std::move(gsis);
  if (!lsis.is_null()) request["LocalSecondaryIndexes"] = std::move(lsis);
  return request;
}

json describe(const Harness& h, const char* table = "items") {
  CallResult r = h.call("DescribeTable", json{{"TableName", table}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body["Table"];
}

// ---- Descriptions -----------------------------------------------------------------------------

TEST(CreateTableIndexes, DescribesGlobalAndLocalIndexes) {
  Harness h;
  json request = table_request(
      json::array({index("by-g", key("g", "sk"), include({"z", "a"}))}),
      json::array({index("by-h", key("pk", "h"), {{"ProjectionType", "KEYS_ONLY"}})}));
  CallResult r = h.call("CreateTable", request);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json expected_gsis = json::parse(R"([{
      "IndexName": "by-g",
      "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                    {"AttributeName": "sk", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["a", "z"]},
      "IndexStatus": "ACTIVE",
      "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0,
                                "WriteCapacityUnits": 0},
      "IndexSizeBytes": 0,
      "ItemCount": 0,
      "IndexArn": "arn:aws:dynamodb:us-east-1:000000000000:table/items/index/by-g",
      "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000,
                         "Status": "ACTIVE"}}])");
  const json expected_lsis = json::parse(R"([{
      "IndexName": "by-h",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "h", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"},
      "IndexSizeBytes": 0,
      "ItemCount": 0,
      "IndexArn": "arn:aws:dynamodb:us-east-1:000000000000:table/items/index/by-h"}])");
  EXPECT_EQ(r.body["TableDescription"]["GlobalSecondaryIndexes"], expected_gsis);
  EXPECT_EQ(r.body["TableDescription"]["LocalSecondaryIndexes"], expected_lsis);
  json described = describe(h);
  EXPECT_EQ(described["GlobalSecondaryIndexes"], expected_gsis);
  EXPECT_EQ(described["LocalSecondaryIndexes"], expected_lsis);
  EXPECT_EQ(described["TableStatus"], "ACTIVE");
}

TEST(CreateTableIndexes, ListsAttributeDefinitionsSortedByName) {
  Harness h;
  json request = table_request(json::array({index("by-g", key("g"))}));
  request["AttributeDefinitions"] = definitions({{"sk", "N"}, {"g", "S"}, {"pk", "S"}});
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  EXPECT_EQ(describe(h)["AttributeDefinitions"],
            definitions({{"g", "S"}, {"pk", "S"}, {"sk", "N"}}));
}

TEST(CreateTableIndexes, LeavesOutIndexListsATableDoesNotHave) {
  Harness h;
  ASSERT_EQ(h.call("CreateTable", table_request(json::array({index("by-g", key("g"))}))).status,
            200);
  json described = describe(h);
  EXPECT_TRUE(described.contains("GlobalSecondaryIndexes"));
  EXPECT_FALSE(described.contains("LocalSecondaryIndexes"));
  h.create_table("plain");
  EXPECT_FALSE(describe(h, "plain").contains("GlobalSecondaryIndexes"));
}

TEST(CreateTableIndexes, KeepsTheOrderIndexesWereDefinedIn) {
  Harness h;
  json request = table_request(json::array({index("g-z", key("g")), index("g-a", key("sk"))}));
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  json gsis = describe(h)["GlobalSecondaryIndexes"];
  ASSERT_EQ(gsis.size(), 2u);
  EXPECT_EQ(gsis[0]["IndexName"], "g-z");
  EXPECT_EQ(gsis[1]["IndexName"], "g-a");
}

TEST(CreateTableIndexes, ReportsTheThroughputOfProvisionedIndexes) {
  Harness h;
  json gsi = index("by-g", key("g"));
  gsi["ProvisionedThroughput"] = {{"ReadCapacityUnits", 3}, {"WriteCapacityUnits", 4}};
  json request = table_request(json::array({gsi}));
  request["BillingMode"] = "PROVISIONED";
  request["ProvisionedThroughput"] = {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 2}};
  CallResult r = h.call("CreateTable", request);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(describe(h)["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"],
            json::parse(R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":3,
                            "WriteCapacityUnits":4})"));
}

TEST(CreateTableIndexes, CountsTheItemsThatHoldTheIndexKey) {
  Harness h;
  json request =
      table_request(json::array({index("by-g", key("g"), {{"ProjectionType", "KEYS_ONLY"}})}),
                    json::array({index("by-h", key("pk", "h"))}));
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  h.put("items",
        {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}, {"g", {{"S", "x"}}}, {"v", {{"S", "yy"}}}});
  h.put("items", {{"pk", {{"S", "a"}}}, {"sk", {{"N", "2"}}}, {"v", {{"S", "yy"}}}});
  json described = describe(h);
  const json& gsi = described["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(gsi["ItemCount"], 1);
  // pk "a" (2+1 bytes), sk 1 (2 + 2: a byte per two digits, plus one), g "x" (1+1), plus
  // DynamoDB's 100 bytes per index entry.
  EXPECT_EQ(gsi["IndexSizeBytes"], 109);
  EXPECT_EQ(described["LocalSecondaryIndexes"][0]["ItemCount"], 0);
}

TEST(CreateTableIndexes, AcceptsKeysThatRepeatTheTablesOwn) {
  Harness h;
  // A GSI keyed like the table, a GSI named like the table, an LSI whose range is the table's.
  json request = table_request(json::array({index("items", key("pk", "sk"))}),
                               json::array({index("same-range", key("pk", "sk"))}));
  CallResult r = h.call("CreateTable", request);
  EXPECT_EQ(r.status, 200) << r.body.dump();
}

TEST(CreateTableIndexes, AcceptsKeyAttributesAmongNonKeyAttributes) {
  Harness h;
  CallResult r = h.call(
      "CreateTable", table_request(json::array({index("by-g", key("g"), include({"pk", "g"}))})));
  EXPECT_EQ(r.status, 200) << r.body.dump();
}

// ---- Request model constraints ----------------------------------------------------------------

TEST(CreateTableIndexes, RejectsAShortIndexName) {
  Harness h;
  expect_validation(h.call("CreateTable", table_request(json::array({index("ab", key("g"))}))),
                    "1 validation error detected: Value 'ab' at "
                    "'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: "
                    "Member must have length greater than or equal to 3");
}

TEST(CreateTableIndexes, ReportsBothViolationsOfAnEmptyLocalIndexName) {
  Harness h;
  expect_violations(
      h.call("CreateTable", table_request(nullptr, json::array({index("", key("pk", "h"))}))),
      {"Value '' at 'localSecondaryIndexes.1.member.indexName' failed to satisfy constraint: "
       "Member must have length greater than or equal to 3",
       "Value '' at 'localSecondaryIndexes.1.member.indexName' failed to satisfy constraint: "
       "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"});
}

TEST(CreateTableIndexes, NamesTheIndexPositionInTheConstraintPath) {
  Harness h;
  expect_validation(
      h.call("CreateTable",
             table_request(json::array({index("fine", key("g")), index("bad;name", key("h"))}))),
      "1 validation error detected: Value 'bad;name' at "
      "'globalSecondaryIndexes.2.member.indexName' failed to satisfy constraint: Member must "
      "satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
}

TEST(CreateTableIndexes, RejectsAnUnknownProjectionType) {
  Harness h;
  expect_validation(
      h.call("CreateTable",
             table_request(json::array({index("by-g", key("g"), {{"ProjectionType", "all"}})}))),
      "1 validation error detected: Value 'all' at "
      "'globalSecondaryIndexes.1.member.projection.projectionType' failed to "
      "satisfy constraint: Member must satisfy enum value set: [ALL, INCLUDE, "
      "KEYS_ONLY]");
}

TEST(CreateTableIndexes, RequiresAProjection) {
  Harness h;
  json gsi = index("by-g", key("g"));
  gsi.erase("Projection");
  expect_validation(h.call("CreateTable", table_request(json::array({gsi}))),
                    "1 validation error detected: Value null at "
                    "'globalSecondaryIndexes.1.member.projection' failed to satisfy constraint: "
                    "Member must not be null");
}

TEST(CreateTableIndexes, RequiresAKeySchema) {
  Harness h;
  json lsi = index("by-h", key("pk", "h"));
  lsi.erase("KeySchema");
  expect_validation(h.call("CreateTable", table_request(nullptr, json::array({lsi}))),
                    "1 validation error detected: Value null at "
                    "'localSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: "
                    "Member must not be null");
}

TEST(CreateTableIndexes, RejectsALocalKeyOfThreeElements) {
  Harness h;
  json three = key("pk", "h");
  three.push_back({{"AttributeName", "sk"}, {"KeyType", "RANGE"}});
  CallResult r = h.call("CreateTable", table_request(nullptr, json::array({index("by-h", three)})));
  EXPECT_EQ(r.error_type, "ValidationException");
  EXPECT_NE(r.message.find("at 'localSecondaryIndexes.1.member.keySchema' failed to satisfy "
                           "constraint: Member must have length less than or equal to 2"),
            std::string::npos)
      << r.message;
}

TEST(CreateTableIndexes, RejectsAnEmptyNonKeyAttributesList) {
  Harness h;
  expect_validation(
      h.call("CreateTable", table_request(json::array({index("by-g", key("g"), include({}))}))),
      "1 validation error detected: Value '[]' at "
      "'globalSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy "
      "constraint: Member must have length greater than or equal to 1");
}

TEST(CreateTableIndexes, RejectsMoreThan20NonKeyAttributesInOneIndex) {
  Harness h;
  std::vector<std::string> names;
  for (int i = 0; i < 21; ++i) names.push_back("a" + std::to_string(i));
  expect_validation(
      h.call("CreateTable",
             table_request(nullptr, json::array({index("by-h", key("pk", "h"), include(names))}))),
      "1 validation error detected: Value '[a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, "
      "a13, a14, a15, a16, a17, a18, a19, a20]' at "
      "'localSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy "
      "constraint: Member must have length less than or equal to 20");
}

// Index key names and INCLUDE's NonKeyAttributes are 1 to 255 characters, in the model's
// constraints, so before any check of the schema (the index key below is also undefined). A list
// member's violation comes in the service's form for list members.
TEST(CreateTableIndexes, CapsIndexKeyAndNonKeyAttributeNamesAt255Characters) {
  Harness h;
  const std::string long_name(256, 'x');
  json gsi = index("by-x", json::array({{{"AttributeName", long_name}, {"KeyType", "HASH"}}}));
  expect_validation(h.call("CreateTable", table_request(json::array({gsi}))),
                    "1 validation error detected: Value '" + long_name +
                        "' at 'globalSecondaryIndexes.1.member.keySchema.1.member.attributeName' "
                        "failed to satisfy constraint: Member must have length less than or "
                        "equal to 255");
  expect_validation(
      h.call("CreateTable",
             table_request(json::array({index("by-g", key("g"), include({"a", long_name}))}))),
      "1 validation error detected: Value '[a, " + long_name +
          "]' at 'globalSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy "
          "constraint: Member must satisfy constraint: [Member must have length less than or "
          "equal to 255, Member must have length greater than or equal to 1]");
  expect_validation(
      h.call("CreateTable",
             table_request(nullptr, json::array({index("by-h", key("pk", "h"), include({""}))}))),
      "1 validation error detected: Value '[]' at "
      "'localSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy constraint: "
      "Member must satisfy constraint: [Member must have length less than or equal to 255, "
      "Member must have length greater than or equal to 1]");
  EXPECT_EQ(h.call("CreateTable", table_request(json::array(
                                      {index("by-g", key("g"), include({std::string(255, 'x')}))})))
                .status,
            200);
}

TEST(CreateTableIndexes, RejectsZeroIndexCapacity) {
  Harness h;
  json gsi = index("by-g", key("g"));
  gsi["ProvisionedThroughput"] = {{"ReadCapacityUnits", 0}, {"WriteCapacityUnits", 1}};
  expect_validation(h.call("CreateTable", table_request(json::array({gsi}))),
                    "1 validation error detected: Value '0' at "
                    "'globalSecondaryIndexes.1.member.provisionedThroughput.readCapacityUnits' "
                    "failed to satisfy constraint: Member must have value greater than or equal "
                    "to 1");
}

// ---- Semantic checks, in DynamoDB's order -------------------------------------------------------

TEST(CreateTableIndexes, RejectsUnusedAttributeDefinitionsListingTheKeysUsed) {
  Harness h;
  // The live capture of this case (ack-api-quirks DDB-TABLE-127): definitions as sent, keys used
  // in DynamoDB's hash order.
  json request = table_request(json::array({index("by-a", key("a"))}));
  request["KeySchema"] = key("pk", "sk");
  request["AttributeDefinitions"] =
      definitions({{"sk", "S"}, {"a", "S"}, {"b", "S"}, {"pk", "S"}, {"c", "S"}});
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Some AttributeDefinitions are not used. AttributeDefinitions: [sk, a, b, "
                        "pk, c], keys used: [a, sk, pk]");
}

TEST(CreateTableIndexes, ListsTheKeysUsedInDynamoDbsHashOrder) {
  Harness h;
  // A CloudFormation failure quoting AWS: "AttributeDefinitions: [my-string, my-int, my-hash],
  // keys used: [my-hash, my-string]".
  json request = {{"TableName", "items"},
                  {"AttributeDefinitions",
                   definitions({{"my-string", "S"}, {"my-int", "N"}, {"my-hash", "S"}})},
                  {"KeySchema", key("my-hash")},
                  {"BillingMode", "PAY_PER_REQUEST"},
                  {"GlobalSecondaryIndexes", json::array({index("by-string", key("my-string"))})}};
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Some AttributeDefinitions are not used. AttributeDefinitions: [my-string, "
                        "my-int, my-hash], keys used: [my-hash, my-string]");
}

TEST(CreateTableIndexes, ChecksUnusedAttributeDefinitionsBeforeAnyOtherIndexRule) {
  Harness h;
  json request = table_request(json::array({index("by-g", key("g"), json::object())}));
  request["AttributeDefinitions"].push_back({{"AttributeName", "extra"}, {"AttributeType", "S"}});
  CallResult r = h.call("CreateTable", request);
  EXPECT_EQ(r.message.find(kInvalid + "Some AttributeDefinitions are not used."), 0u) << r.message;
}

TEST(CreateTableIndexes, RejectsAnIndexKeyWithoutDefinition) {
  Harness h;
  json request = table_request(json::array({index("by-q", key("q"))}));
  request["AttributeDefinitions"] = definitions({{"sk", "N"}, {"pk", "S"}});
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Some index key attributes are not defined in AttributeDefinitions. Keys: "
                        "[q], AttributeDefinitions: [sk, pk]");
}

TEST(CreateTableIndexes, RejectsEmptyIndexLists) {
  Harness h;
  expect_validation(h.call("CreateTable", table_request(json::array())),
                    kInvalid + "List of GlobalSecondaryIndexes is empty");
  expect_validation(h.call("CreateTable", table_request(nullptr, json::array())),
                    kInvalid + "List of LocalSecondaryIndexes is empty");
}

TEST(CreateTableIndexes, RejectsALocalIndexOnATableWithoutRangeKey) {
  Harness h;
  json request = table_request(nullptr, json::array({index("by-h", key("pk", "h"))}));
  request["KeySchema"] = key("pk");
  request["AttributeDefinitions"] = definitions({{"pk", "S"}, {"h", "N"}});
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Table KeySchema does not have a range key, which is required when "
                        "specifying a LocalSecondaryIndex");
}

TEST(CreateTableIndexes, RejectsALocalIndexWithAnotherHashKey) {
  Harness h;
  expect_validation(
      h.call("CreateTable", table_request(nullptr, json::array({index("by-h", key("g", "h"))}))),
      kInvalid +
          "Index KeySchema does not have the same leading hash key as table KeySchema for index: "
          "by-h. index hash key: g, table hash key: pk");
}

TEST(CreateTableIndexes, RejectsALocalIndexWithoutRangeKey) {
  Harness h;
  json request = table_request(nullptr, json::array({index("by-pk", key("pk"))}));
  expect_validation(h.call("CreateTable", request),
                    kInvalid + "Index KeySchema does not have a range key for index: by-pk");
}

TEST(CreateTableIndexes, RejectsAnIndexKeyStartingWithRange) {
  Harness h;
  json range_first = json::array({{{"AttributeName", "g"}, {"KeyType", "RANGE"}},
                                  {{"AttributeName", "sk"}, {"KeyType", "HASH"}}});
  expect_validation(h.call("CreateTable", table_request(json::array({index("by-g", range_first)}))),
                    "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
}

TEST(CreateTableIndexes, RejectsAnIndexKeyNamingOneAttributeTwice) {
  Harness h;
  expect_validation(
      h.call("CreateTable", table_request(json::array({index("by-g", key("g", "g"))}))),
      "Both the Hash Key and the Range Key element in the KeySchema have the same "
      "name");
}

TEST(CreateTableIndexes, RejectsALocalKeyWithTwoHashElements) {
  Harness h;
  json two_hash = json::array({{{"AttributeName", "pk"}, {"KeyType", "HASH"}},
                               {{"AttributeName", "h"}, {"KeyType", "HASH"}}});
  expect_validation(
      h.call("CreateTable", table_request(nullptr, json::array({index("by-h", two_hash)}))),
      "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
}

TEST(CreateTableIndexes, RejectsHashKeyAttributesAfterRangeOnes) {
  Harness h;
  json schema = json::array({{{"AttributeName", "g"}, {"KeyType", "HASH"}},
                             {{"AttributeName", "sk"}, {"KeyType", "RANGE"}},
                             {{"AttributeName", "h"}, {"KeyType", "HASH"}}});
  expect_validation(
      h.call("CreateTable", table_request(json::array({index("by-g", schema)}))),
      kInvalid + "All HASH key attributes must precede RANGE key attributes in the KeySchema");
}

// A table keyed pk with one GSI "multi" whose key is `elements` (name, key type) over attributes
// a1..a5 (S) and n1..n5 (N), all defined.
json multi_attribute_request(const std::vector<std::pair<std::string, std::string>>& elements) {
  json schema = json::array();
  json defined = definitions({{"pk", "S"}});
  std::vector<std::string> names;
  for (const auto& [name, type] : elements) {
    schema.push_back({{"AttributeName", name}, {"KeyType", type}});
    if (std::find(names.begin(), names.end(), name) != names.end()) continue;
    names.push_back(name);
    defined.push_back({{"AttributeName", name}, {"AttributeType", name[0] == 'n' ? "N" : "S"}});
  }
  return {{"TableName", "multi"},
          {"AttributeDefinitions", defined},
          {"KeySchema", key("pk")},
          {"BillingMode", "PAY_PER_REQUEST"},
          {"GlobalSecondaryIndexes", json::array({index("multi", schema)})}};
}

TEST(CreateTableIndexes, AcceptsFourHashAndFourRangeAttributesInAGlobalIndex) {
  Harness h;
  std::vector<std::pair<std::string, std::string>> elements{
      {"a1", "HASH"},  {"n1", "HASH"},  {"a2", "HASH"},  {"n2", "HASH"},
      {"n3", "RANGE"}, {"a3", "RANGE"}, {"n4", "RANGE"}, {"a4", "RANGE"}};
  CallResult created = h.call("CreateTable", multi_attribute_request(elements));
  ASSERT_EQ(created.status, 200) << created.raw_body;
  json described = h.call("DescribeTable", {{"TableName", "multi"}}).body;
  json schema = described["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"];
  ASSERT_EQ(schema.size(), 8u);
  for (std::size_t i = 0; i < elements.size(); ++i) {
    EXPECT_EQ(schema[i]["AttributeName"], elements[i].first);
    EXPECT_EQ(schema[i]["KeyType"], elements[i].second);
  }
}

TEST(CreateTableIndexes, RejectsMoreThanFourHashOrRangeAttributes) {
  Harness h;
  expect_validation(
      h.call("CreateTable",
             multi_attribute_request(
                 {{"a1", "HASH"}, {"a2", "HASH"}, {"a3", "HASH"}, {"a4", "HASH"}, {"a5", "HASH"}})),
      kInvalid + "The KeySchema exceeds the maximum allowed number of HASH key attributes");
  expect_validation(
      h.call("CreateTable", multi_attribute_request({{"a1", "HASH"},
                                                     {"n1", "RANGE"},
                                                     {"n2", "RANGE"},
                                                     {"n3", "RANGE"},
                                                     {"n4", "RANGE"},
                                                     {"n5", "RANGE"}})),
      kInvalid + "The KeySchema exceeds the maximum allowed number of RANGE key attributes");
}

TEST(CreateTableIndexes, RejectsAMultiAttributeKeyNamingOneAttributeTwice) {
  Harness h;
  expect_validation(h.call("CreateTable", multi_attribute_request(
                                              {{"a1", "HASH"}, {"a2", "HASH"}, {"a1", "RANGE"}})),
                    "The KeySchema contains multiple key attributes with the same name");
}

TEST(CreateTableIndexes, RejectsAMultiAttributeKeyWithAnUndefinedAttribute) {
  Harness h;
  json request = multi_attribute_request({{"a1", "HASH"}, {"a2", "HASH"}});
  request["AttributeDefinitions"] = definitions({{"pk", "S"}, {"a1", "S"}});
  expect_validation(h.call("CreateTable", request),
                    kInvalid +
                        "Some index key attributes are not defined in AttributeDefinitions. Keys: "
                        "[a2], AttributeDefinitions: [pk, a1]");
}

TEST(CreateTableIndexes, RequiresAProjectionType) {
  Harness h;
  expect_validation(
      h.call("CreateTable", table_request(json::array({index("by-g", key("g"), json::object())}))),
      kInvalid + "Unknown ProjectionType: null");
}

TEST(CreateTableIndexes, RequiresNonKeyAttributesForInclude) {
  Harness h;
  expect_validation(
      h.call("CreateTable", table_request(json::array(
                                {index("by-g", key("g"), {{"ProjectionType", "INCLUDE"}})}))),
      kInvalid + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
}

TEST(CreateTableIndexes, RejectsNonKeyAttributesForAllAndKeysOnly) {
  Harness h;
  for (const char* type : {"ALL", "KEYS_ONLY"}) {
    json projection = {{"ProjectionType", type}, {"NonKeyAttributes", {"a"}}};
    expect_validation(
        h.call("CreateTable", table_request(json::array({index("by-g", key("g"), projection)}))),
        kInvalid + "ProjectionType is " + type + ", but NonKeyAttributes is specified");
  }
}

TEST(CreateTableIndexes, RejectsADuplicateNonKeyAttribute) {
  Harness h;
  expect_validation(
      h.call("CreateTable",
             table_request(json::array({index("by-g", key("g"), include({"a", "b", "a"}))}))),
      kInvalid + "Duplicate element in NonKeyAttributes: a");
}

TEST(CreateTableIndexes, RejectsMoreThan100ProjectedAttributesInAllIndexes) {
  Harness h;
  std::vector<std::string> names;
  for (int i = 0; i < 20; ++i) names.push_back("a" + std::to_string(i));
  json gsis = json::array();
  for (int i = 0; i < 5; ++i)
    gsis.push_back(index("gsi" + std::to_string(i), key("g"), include(names)));
  EXPECT_EQ(h.call("CreateTable", table_request(gsis)).status, 200);
  json lsis = json::array({index("by-h", key("pk", "h"), include({"b"}))});
  json request = table_request(gsis, lsis);
  request["TableName"] = "items2";
  expect_validation(
      h.call("CreateTable", request),
      kInvalid + "Number of projected attributes in all indexes exceeds limit of 100");
}

TEST(CreateTableIndexes, RejectsADuplicateIndexName) {
  Harness h;
  expect_validation(
      h.call("CreateTable",
             table_request(json::array({index("dup", key("g")), index("dup", key("h"))}))),
      kInvalid + "Duplicate index name: dup");
  expect_validation(
      h.call("CreateTable", table_request(json::array({index("dup", key("g"))}),
                                          json::array({index("dup", key("pk", "h"))}))),
      kInvalid + "Duplicate index name: dup");
}

TEST(CreateTableIndexes, LimitsGlobalIndexesTo20) {
  Harness h;
  json gsis = json::array();
  for (int i = 0; i < 20; ++i) gsis.push_back(index("gsi" + std::to_string(i), key("g")));
  EXPECT_EQ(h.call("CreateTable", table_request(gsis)).status, 200);
  gsis.push_back(index("gsi20", key("g")));
  json request = table_request(gsis);
  request["TableName"] = "items2";
  expect_validation(h.call("CreateTable", request),
                    kInvalid + "GlobalSecondaryIndex count exceeds the per-table limit of 20");
}

TEST(CreateTableIndexes, LimitsLocalIndexesTo5) {
  Harness h;
  json lsis = json::array();
  for (int i = 0; i < 6; ++i) lsis.push_back(index("lsi" + std::to_string(i), key("pk", "h")));
  expect_validation(h.call("CreateTable", table_request(nullptr, lsis)),
                    kInvalid + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
}

TEST(CreateTableIndexes, RejectsIndexThroughputOnAnOnDemandTable) {
  Harness h;
  json gsi = index("g-a", key("g"));
  gsi["ProvisionedThroughput"] = {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}};
  expect_validation(h.call("CreateTable", table_request(json::array({gsi}))),
                    kInvalid +
                        "ProvisionedThroughput should not be specified for index: g-a when "
                        "BillingMode is PAY_PER_REQUEST");
}

TEST(CreateTableIndexes, RequiresIndexThroughputOnAProvisionedTable) {
  Harness h;
  json request = table_request(json::array({index("g-a", key("g"))}));
  request["BillingMode"] = "PROVISIONED";
  request["ProvisionedThroughput"] = {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}};
  expect_validation(h.call("CreateTable", request),
                    kInvalid + "ProvisionedThroughput is not specified for index: g-a");
}

}  // namespace
}  // namespace ddb::protocol
