#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

// Tables "items" (pk S) and "pairs" (pk S, sk N), with a few items.
class BatchGetItem : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("items");
    h.create_table("pairs", "sk", "N");
    h.put("items", {{"pk", {{"S", "a"}}}, {"x", {{"N", "1"}}}, {"y", {{"S", "why"}}}});
    h.put("items", {{"pk", {{"S", "b"}}}, {"x", {{"N", "2"}}}});
    h.put("pairs", {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}, {"z", {{"BOOL", true}}}});
  }
  test::Harness h;
};

// The items of `list`, sorted by their pk: DynamoDB returns a table's items in any order.
json sorted_by_pk(json list) {
  std::sort(list.begin(), list.end(), [](const json& a, const json& b) {
    return a["pk"]["S"].get<std::string>() < b["pk"]["S"].get<std::string>();
  });
  return list;
}

TEST_F(BatchGetItem, ReturnsTheItemsOfEachTableAndLeavesMissingKeysOut) {
  auto r = h.call("BatchGetItem", R"({"RequestItems":{
      "items":{"Keys":[{"pk":{"S":"b"}},{"pk":{"S":"missing"}},{"pk":{"S":"a"}}]},
      "pairs":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1.0"}}],"ConsistentRead":true}}})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(sorted_by_pk(r.body["Responses"]["items"]), json::parse(R"([
      {"pk":{"S":"a"},"x":{"N":"1"},"y":{"S":"why"}},{"pk":{"S":"b"},"x":{"N":"2"}}])"));
  EXPECT_EQ(r.body["Responses"]["pairs"],
            json::parse(R"([{"pk":{"S":"a"},"sk":{"N":"1"},"z":{"BOOL":true}}])"));
  EXPECT_EQ(r.body["UnprocessedKeys"], json::object());
  EXPECT_FALSE(r.body.contains("ConsumedCapacity"));
}

TEST_F(BatchGetItem, ATableWithNoMatchingKeyHasAnEmptyList) {
  auto r = h.call("BatchGetItem", R"({"RequestItems":{"items":{"Keys":[{"pk":{"S":"none"}}]}}})");
  EXPECT_EQ(r.body, json::parse(R"({"Responses":{"items":[]},"UnprocessedKeys":{}})"));
}

TEST_F(BatchGetItem, ProjectsEachTableOnItsOwn) {
  auto r = h.call("BatchGetItem", R"({"RequestItems":{
      "items":{"Keys":[{"pk":{"S":"a"}},{"pk":{"S":"b"}}],"ProjectionExpression":"#y",
               "ExpressionAttributeNames":{"#y":"y"}},
      "pairs":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1"}}],"ProjectionExpression":"sk, nothing"}}})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  // An item without the projected attributes comes back as {} (dynalite, from AWS).
  json items = r.body["Responses"]["items"];
  ASSERT_EQ(items.size(), 2u);
  EXPECT_TRUE((items[0] == json::parse(R"({"y":{"S":"why"}})") && items[1] == json::object()) ||
              (items[1] == json::parse(R"({"y":{"S":"why"}})") && items[0] == json::object()));
  EXPECT_EQ(r.body["Responses"]["pairs"], json::parse(R"([{"sk":{"N":"1"}}])"));
}

TEST_F(BatchGetItem, ProjectsWithAttributesToGet) {
  auto r = h.call("BatchGetItem", R"({"RequestItems":{
      "items":{"Keys":[{"pk":{"S":"a"}}],"AttributesToGet":["x","nothing"]},
      "pairs":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1"}}],"AttributesToGet":["z"]}}})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["Responses"], json::parse(R"({"items":[{"x":{"N":"1"}}],
      "pairs":[{"z":{"BOOL":true}}]})"));
}

// An item of exactly `bytes` bytes (DynamoDB's size: names and values) with key `pk`.
json item_of_size(const std::string& pk, std::size_t bytes) {
  std::size_t filler = bytes - 2 - pk.size() - 1;  // "pk" + the key + "v"
  return {{"pk", {{"S", pk}}}, {"v", {{"S", std::string(filler, 'x')}}}};
}

TEST_F(BatchGetItem, ChargesEachKeyRoundedUpTo4KBAndAMissingKeyTheMinimum) {
  h.put("items", item_of_size("four", 4096));
  h.put("items", item_of_size("over", 4097));
  std::string keys = R"("Keys":[{"pk":{"S":"four"}},{"pk":{"S":"a"}},{"pk":{"S":"missing"}}])";
  auto eventual =
      h.call("BatchGetItem", std::string_view(R"({"ReturnConsumedCapacity":"TOTAL","RequestItems":{
      "items":{)" + keys + R"(},"pairs":{"Keys":[{"pk":{"S":"none"},"sk":{"N":"1"}}]}}})"));
  EXPECT_EQ(eventual.body["ConsumedCapacity"], json::parse(R"([
      {"TableName":"items","CapacityUnits":1.5},{"TableName":"pairs","CapacityUnits":0.5}])"));

  auto strong = h.call("BatchGetItem", R"({"ReturnConsumedCapacity":"INDEXES","RequestItems":{
      "items":{"ConsistentRead":true,"Keys":[{"pk":{"S":"over"}},{"pk":{"S":"a"}},
               {"pk":{"S":"missing"}}],"ProjectionExpression":"pk"}}})");
  // 4097 bytes is two 4 KB units, even though the projection returns only the key.
  EXPECT_EQ(strong.body["ConsumedCapacity"], json::parse(R"([
      {"TableName":"items","CapacityUnits":4.0,"Table":{"CapacityUnits":4.0}}])"));

  auto none = h.call("BatchGetItem", R"({"ReturnConsumedCapacity":"NONE","RequestItems":{
      "items":{"Keys":[{"pk":{"S":"a"}}]}}})");
  EXPECT_FALSE(none.body.contains("ConsumedCapacity"));
}

// The API reference's example: of 100 items of 300 KB, one call returns 52 (16 MB) and gives the
// rest back in UnprocessedKeys, with the table's other request members.
TEST_F(BatchGetItem, StopsAt16MBAndGivesTheRestBackInUnprocessedKeys) {
  h.create_table("big");
  h.create_table("later");
  h.put("later", {{"pk", {{"S", "l"}}}});
  auto big = h.database().find_table(h.table_namespace(), "big");
  json keys = json::array();
  for (int i = 0; i < 99; ++i) {
    std::string pk = "k" + std::to_string(100 + i);
    engine::Item item;
    item["pk"] = engine::AttributeValue::string(pk);
    item["v"] = engine::AttributeValue::string(std::string(307200 - 2 - pk.size() - 1, 'x'));
    big->put(std::move(item));
    keys.push_back({{"pk", {{"S", pk}}}});
  }
  json request = {{"ReturnConsumedCapacity", "TOTAL"},
                  {"RequestItems",
                   {{"big",
                     {{"Keys", keys},
                      {"ConsistentRead", true},
                      {"ProjectionExpression", "#k, v"},
                      {"ExpressionAttributeNames", {{"#k", "pk"}}}}},
                    {"later", {{"Keys", json::parse(R"([{"pk":{"S":"l"}}])")}}}}}};
  auto r = h.call("BatchGetItem", request);
  ASSERT_EQ(r.status, 200) << r.message;
  json returned = r.body["Responses"]["big"];
  ASSERT_EQ(returned.size(), 52u);
  EXPECT_EQ(returned[51]["pk"], json::parse(R"({"S":"k151"})"));
  EXPECT_EQ(returned[0]["v"]["S"].get<std::string>().size(), 307200u - 2 - 4 - 1);
  EXPECT_EQ(r.body["Responses"]["later"], json::array());

  json expected_big = {{"Keys", json::array()},
                       {"ConsistentRead", true},
                       {"ProjectionExpression", "#k, v"},
                       {"ExpressionAttributeNames", {{"#k", "pk"}}}};
  for (int i = 52; i < 99; ++i) expected_big["Keys"].push_back(keys[i]);
  EXPECT_EQ(
      r.body["UnprocessedKeys"],
      json({{"big", expected_big}, {"later", {{"Keys", json::parse(R"([{"pk":{"S":"l"}}])")}}}}));
  // Only the keys read are charged: 52 items of 75 units (300 KB / 4 KB), strongly consistent.
  EXPECT_EQ(r.body["ConsumedCapacity"],
            json::parse(R"([{"TableName":"big","CapacityUnits":3900.0}])"));
}

// --- Validation ---------------------------------------------------------------------------------

TEST_F(BatchGetItem, RejectsAMissingOrEmptyRequestItems) {
  test::expect_validation(h.call("BatchGetItem", "{}"),
                          "1 validation error detected: Value null at 'requestItems' failed to "
                          "satisfy constraint: Member must not be null");
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{}})"),
                          "1 validation error detected: Value at 'RequestItems' failed to satisfy "
                          "constraint: Member must have length greater than or equal to 1");
}

TEST_F(BatchGetItem, RejectsABadTableNameEchoingTheMapAsJson) {
  test::expect_validation(
      h.call("BatchGetItem", R"({"RequestItems":{"bad!name":{"Keys":[{"pk":{"S":"a"}}]}}})"),
      "1 validation error detected: Value '{\"bad!name\":{\"Keys\":[{\"pk\":{\"S\":\"a\"}}]}}' at "
      "'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: [Member must "
      "have length less than or equal to 255, Member must have length greater than or equal to 3, "
      "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]");
  test::expect_validation(
      h.call("BatchGetItem", R"({"RequestItems":{"bad!name":{"Keys":[{"pk":{"S":"a"}}]}},
                                 "ReturnConsumedCapacity":"BOGUS"})"),
      "2 validation errors detected: Value '{\"bad!name\":{\"Keys\":[{\"pk\":{\"S\":\"a\"}}]}}' "
      "at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: [Member "
      "must have length less than or equal to 255, Member must have length greater than or equal "
      "to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]; Value 'BOGUS' at "
      "'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: "
      "[INDEXES, TOTAL, NONE]");
}

TEST_F(BatchGetItem, ReportsABadEnumBeforeAMissingTable) {
  test::expect_validation(
      h.call("BatchGetItem", R"({"RequestItems":{"ghost":{"Keys":[{"pk":{"S":"a"}}]}},
                                 "ReturnConsumedCapacity":"BOGUS"})"),
      "1 validation error detected: Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy "
      "constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]");
}

TEST_F(BatchGetItem, RejectsMissingEmptyAndTooManyKeysForATable) {
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{"items":{}}})"),
                          "1 validation error detected: Value null at "
                          "'requestItems.items.member.keys' failed to satisfy constraint: Member "
                          "must not be null");
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{"items":{"Keys":[]}}})"),
                          "1 validation error detected: Value at 'RequestItems.items.member.Keys' "
                          "failed to satisfy constraint: Member must have length greater than or "
                          "equal to 1");
  json keys = json::array();
  for (int i = 0; i < 101; ++i) keys.push_back({{"pk", {{"S", std::to_string(i)}}}});
  test::expect_validation(
      h.call("BatchGetItem", json{{"RequestItems", {{"items", {{"Keys", keys}}}}}}),
      "1 validation error detected: Value at 'RequestItems.items.member.Keys' failed to satisfy "
      "constraint: Member must have length less than or equal to 100");
}

TEST_F(BatchGetItem, RejectsMoreThan100KeysOverAllTables) {
  json keys = json::array();
  for (int i = 0; i < 100; ++i) keys.push_back({{"pk", {{"S", std::to_string(i)}}}});
  json request = {{"RequestItems",
                   {{"items", {{"Keys", keys}}},
                    {"pairs", {{"Keys", {{{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}}}}}}}}};
  test::expect_validation(h.call("BatchGetItem", request),
                          "Too many items requested for the BatchGetItem call");
  // Exactly 100 keys pass that check and reach the table lookup.
  auto r = h.call("BatchGetItem", json{{"RequestItems", {{"ghost", {{"Keys", keys}}}}}});
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(BatchGetItem, RejectsDuplicateKeysEvenApartOrSpelledDifferently) {
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{"items":{"Keys":[
      {"pk":{"S":"a"}},{"pk":{"S":"b"}},{"pk":{"S":"a"}}]}}})"),
                          "Provided list of item keys contains duplicates");
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{"pairs":{"Keys":[
      {"pk":{"S":"a"},"sk":{"N":"1"}},{"pk":{"S":"a"},"sk":{"N":"1.0"}}]}}})"),
                          "Provided list of item keys contains duplicates");
  // The same key in two tables is two different items.
  auto r = h.call("BatchGetItem", R"({"RequestItems":{"items":{"Keys":[{"pk":{"S":"a"}}]},
      "pairs":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1"}}]}}})");
  EXPECT_EQ(r.status, 200);
}

TEST_F(BatchGetItem, RejectsAMissingTable) {
  auto r = h.call("BatchGetItem", R"({"RequestItems":{"items":{"Keys":[{"pk":{"S":"a"}}]},
      "ghost":{"Keys":[{"pk":{"S":"a"}}]}}})");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
  // The table is looked up before the key is checked against its schema.
  r = h.call("BatchGetItem", R"({"RequestItems":{"ghost":{"Keys":[{}]}}})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
}

TEST_F(BatchGetItem, RejectsKeysThatDoNotMatchTheSchema) {
  for (const char* key : {R"({})", R"({"other":{"S":"a"}})", R"({"pk":{"S":"a"},"x":{"S":"a"}})",
                          R"({"pk":{"N":"1"}})", R"({"pk":{"SS":["a"]}})"}) {
    test::expect_validation(
        h.call("BatchGetItem", std::string_view(R"({"RequestItems":{"items":{"Keys":[)" +
                                                std::string(key) + "]}}}")),
        "The provided key element does not match the schema");
  }
  test::expect_validation(
      h.call("BatchGetItem", R"({"RequestItems":{"pairs":{"Keys":[{"pk":{"S":"a"}}]}}})"),
      "The provided key element does not match the schema");
  test::expect_validation(
      h.call("BatchGetItem", R"({"RequestItems":{"items":{"Keys":[{"pk":{"S":""}}]}}})"),
      "One or more parameter values are not valid. The AttributeValue for a key attribute cannot "
      "contain an empty string value. Key: pk");
}

TEST_F(BatchGetItem, ReportsBadKeyValuesBare) {
  test::expect_validation(
      h.call("BatchGetItem", R"({"RequestItems":{"ghost":{"Keys":[{"pk":{"N":"abc"}}]}}})"),
      "The parameter cannot be converted to a numeric value: abc");
  test::expect_validation(
      h.call("BatchGetItem", R"({"RequestItems":{"ghost":{"Keys":[{"pk":{}}]}}})"),
      "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
}

TEST_F(BatchGetItem, RejectsMixingExpressionAndLegacyProjections) {
  const std::string message =
      "Can not use both expression and non-expression parameters in the same request: "
      "Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}";
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{"items":{
      "Keys":[{"pk":{"S":"a"}}],"AttributesToGet":["pk"],"ProjectionExpression":"pk"}}})"),
                          message);
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{
      "items":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"pk"},
      "pairs":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1"}}],"AttributesToGet":["pk"]}}})"),
                          message);
}

TEST_F(BatchGetItem, RejectsABadProjectionInAnyTable) {
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{
      "items":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"a, a"},
      "pairs":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1"}}],"ProjectionExpression":"a"}}})"),
                          "Invalid ProjectionExpression: Two document paths overlap with each "
                          "other; must remove or rewrite one of these paths; path one: [a], path "
                          "two: [a]");
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{"items":{
      "Keys":[{"pk":{"S":"a"}}],"AttributesToGet":["a","a"]}}})"),
                          "One or more parameter values were invalid: Duplicate value in "
                          "attribute name: a");
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{"items":{
      "Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"a","ExpressionAttributeNames":{"#b":"b"}}}})"),
                          "Value provided in ExpressionAttributeNames unused in expressions: "
                          "keys: {#b}");
  test::expect_validation(h.call("BatchGetItem", R"({"RequestItems":{"items":{
      "Keys":[{"pk":{"S":"a"}}],"ExpressionAttributeNames":{"#b":"b"}}}})"),
                          "ExpressionAttributeNames can only be specified when using expressions");
}

TEST_F(BatchGetItem, ReportsWrongJsonTypesAsSerializationErrors) {
  auto r = h.call("BatchGetItem", R"({"RequestItems":[]})");
  EXPECT_EQ(r.error_type, "SerializationException");
  EXPECT_EQ(r.message,
            "Unrecognized collection type java.util.Map<java.lang.String, "
            "com.amazonaws.dynamodb.v20120810.KeysAndAttributes>");
  r = h.call("BatchGetItem", R"({"RequestItems":{"items":"x"}})");
  EXPECT_EQ(r.error_type, "SerializationException");
  EXPECT_EQ(r.message, "Unexpected value type in payload");
  r = h.call("BatchGetItem",
             R"({"RequestItems":{"items":{"Keys":[{"pk":{"S":"a"}}],"ConsistentRead":"23"}}})");
  EXPECT_EQ(r.error_type, "SerializationException");
  EXPECT_EQ(r.message, "Unexpected token received from parser");
}

}  // namespace
}  // namespace ddb::protocol
