#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

// Tables "items" (pk S), "pairs" (pk S, sk N), "blobs" (pk B), "threads" (forum S, subject S,
// with an LSI on last_post) and "games" (pk S, with a GSI on score N).
class BatchWriteItem : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("items");
    h.create_table("pairs", "sk", "N");
    ASSERT_EQ(h.call("CreateTable", R"({"TableName":"blobs","BillingMode":"PAY_PER_REQUEST",
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"B"}],
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})")
                  .status,
              200);
    ASSERT_EQ(h.call("CreateTable", R"({"TableName":"threads","BillingMode":"PAY_PER_REQUEST",
        "AttributeDefinitions":[{"AttributeName":"forum","AttributeType":"S"},
          {"AttributeName":"subject","AttributeType":"S"},
          {"AttributeName":"last_post","AttributeType":"S"}],
        "KeySchema":[{"AttributeName":"forum","KeyType":"HASH"},
          {"AttributeName":"subject","KeyType":"RANGE"}],
        "LocalSecondaryIndexes":[{"IndexName":"by_last_post",
          "KeySchema":[{"AttributeName":"forum","KeyType":"HASH"},
            {"AttributeName":"last_post","KeyType":"RANGE"}],
          "Projection":{"ProjectionType":"KEYS_ONLY"}}]})")
                  .status,
              200);
    ASSERT_EQ(h.call("CreateTable", R"({"TableName":"games","BillingMode":"PAY_PER_REQUEST",
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
          {"AttributeName":"score","AttributeType":"N"}],
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
        "GlobalSecondaryIndexes":[{"IndexName":"by_score",
          "KeySchema":[{"AttributeName":"score","KeyType":"HASH"}],
          "Projection":{"ProjectionType":"ALL"}}]})")
                  .status,
              200);
  }

  json get(const std::string& table, const json& key) {
    return h.call("GetItem", json{{"TableName", table}, {"Key", key}}).body;
  }

  test::Harness h;
};

const json kA = {{"pk", {{"S", "a"}}}};

TEST_F(BatchWriteItem, PutsAndDeletesAcrossTables) {
  h.put("items", {{"pk", {{"S", "old"}}}});
  auto r = h.call("BatchWriteItem", R"({"RequestItems":{
      "items":[{"PutRequest":{"Item":{"pk":{"S":"a"},"n":{"N":"1.50"}}}},
               {"DeleteRequest":{"Key":{"pk":{"S":"old"}}}},
               {"DeleteRequest":{"Key":{"pk":{"S":"never-was"}}}}],
      "pairs":[{"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"N":"2"}}}}]}})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"UnprocessedItems":{}})"));
  EXPECT_EQ(get("items", kA), json::parse(R"({"Item":{"pk":{"S":"a"},"n":{"N":"1.5"}}})"));
  EXPECT_EQ(get("items", {{"pk", {{"S", "old"}}}}), json::object());
  EXPECT_EQ(get("pairs", json::parse(R"({"pk":{"S":"a"},"sk":{"N":"2"}})")),
            json::parse(R"({"Item":{"pk":{"S":"a"},"sk":{"N":"2"}}})"));
}

TEST_F(BatchWriteItem, ReplacesAWholeItem) {
  h.put("items", {{"pk", {{"S", "a"}}}, {"gone", {{"S", "x"}}}});
  auto r = h.call("BatchWriteItem", R"({"RequestItems":{"items":[
      {"PutRequest":{"Item":{"pk":{"S":"a"},"kept":{"S":"y"}}}}]}})");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(get("items", kA), json::parse(R"({"Item":{"pk":{"S":"a"},"kept":{"S":"y"}}})"));
}

// An item of exactly `bytes` bytes (names and values) with key `pk`.
json item_of_size(const std::string& pk, std::size_t bytes) {
  return {{"pk", {{"S", pk}}}, {"v", {{"S", std::string(bytes - 2 - pk.size() - 1, 'x')}}}};
}

TEST_F(BatchWriteItem, ChargesEachRequestRoundedUpTo1KB) {
  h.put("items", item_of_size("big", 2500));
  json request = {
      {"ReturnConsumedCapacity", "TOTAL"},
      {"RequestItems",
       {{"items",
         // 500 B -> 1, 3.5 KB -> 4, a small put over a 2500-byte item -> 3, a delete of nothing
         // -> 1.
         {{{"PutRequest", {{"Item", item_of_size("half", 500)}}}},
          {{"PutRequest", {{"Item", item_of_size("three", 3584)}}}},
          {{"PutRequest", {{"Item", {{"pk", {{"S", "big"}}}}}}}},
          {{"DeleteRequest", {{"Key", {{"pk", {{"S", "none"}}}}}}}}}},
        {"pairs", {{{"PutRequest", {{"Item", {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}}}}}}}}}}};
  auto r = h.call("BatchWriteItem", request);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["ConsumedCapacity"], json::parse(R"([
      {"TableName":"items","CapacityUnits":9.0},{"TableName":"pairs","CapacityUnits":1.0}])"));

  // Deleting the 3.5 KB item costs its size.
  r = h.call("BatchWriteItem", R"({"ReturnConsumedCapacity":"INDEXES","RequestItems":{"items":[
      {"DeleteRequest":{"Key":{"pk":{"S":"three"}}}}]}})");
  EXPECT_EQ(r.body["ConsumedCapacity"], json::parse(R"([
      {"TableName":"items","CapacityUnits":4.0,"Table":{"CapacityUnits":4.0}}])"));
  EXPECT_EQ(r.body["UnprocessedItems"], json::object());
}

// issue 20: index writes count, in TOTAL and INDEXES, as PutItem's do.
TEST_F(BatchWriteItem, ChargesIndexWrites) {
  auto r = h.call("BatchWriteItem", R"({"ReturnConsumedCapacity":"INDEXES","RequestItems":{
      "games":[{"PutRequest":{"Item":{"pk":{"S":"g1"},"score":{"N":"5"}}}},
               {"PutRequest":{"Item":{"pk":{"S":"g2"}}}}],
      "threads":[{"PutRequest":{"Item":{"forum":{"S":"f"},"subject":{"S":"s"},
                                        "last_post":{"S":"p"}}}}]}})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["ConsumedCapacity"], json::parse(R"([
      {"TableName":"games","CapacityUnits":3.0,"Table":{"CapacityUnits":2.0},
       "GlobalSecondaryIndexes":{"by_score":{"CapacityUnits":1.0}}},
      {"TableName":"threads","CapacityUnits":2.0,"Table":{"CapacityUnits":1.0},
       "LocalSecondaryIndexes":{"by_last_post":{"CapacityUnits":1.0}}}])"));

  // Deleting g1 removes its index entry too.
  r = h.call("BatchWriteItem", R"({"ReturnConsumedCapacity":"TOTAL","RequestItems":{
      "games":[{"DeleteRequest":{"Key":{"pk":{"S":"g1"}}}}]}})");
  EXPECT_EQ(r.body["ConsumedCapacity"], json::parse(R"([
      {"TableName":"games","CapacityUnits":2.0}])"));
}

TEST_F(BatchWriteItem, ReportsItemCollectionMetricsPerRequestForTablesWithLocalIndexes) {
  auto r = h.call("BatchWriteItem", R"({"ReturnItemCollectionMetrics":"SIZE","RequestItems":{
      "threads":[{"PutRequest":{"Item":{"forum":{"S":"EC2"},"subject":{"S":"a"}}}},
                 {"DeleteRequest":{"Key":{"forum":{"S":"S3"},"subject":{"S":"b"}}}}],
      "items":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"UnprocessedItems":{},"ItemCollectionMetrics":{"threads":[
      {"ItemCollectionKey":{"forum":{"S":"EC2"}},"SizeEstimateRangeGB":[0.0,1.0]},
      {"ItemCollectionKey":{"forum":{"S":"S3"}},"SizeEstimateRangeGB":[0.0,1.0]}]}})"));

  r = h.call("BatchWriteItem", R"({"ReturnItemCollectionMetrics":"SIZE","RequestItems":{
      "items":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})");
  EXPECT_EQ(r.body, json::parse(R"({"UnprocessedItems":{}})"));
}

// --- Validation ---------------------------------------------------------------------------------

const std::string kEnumRcc =
    "Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy "
    "enum value set: [INDEXES, TOTAL, NONE]";
const std::string kEnumRicm =
    "Value 'BOGUS2' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must "
    "satisfy enum value set: [SIZE, NONE]";

TEST_F(BatchWriteItem, ReportsBadEnumsAloneAndWritesNothing) {
  test::expect_validation(h.call("BatchWriteItem", R"({"ReturnConsumedCapacity":"BOGUS",
      "RequestItems":{"items":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})"),
                          "1 validation error detected: " + kEnumRcc);
  test::expect_validation(h.call("BatchWriteItem", R"({"ReturnItemCollectionMetrics":"BOGUS2",
      "RequestItems":{"items":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})"),
                          "1 validation error detected: " + kEnumRicm);
  test::expect_validation(h.call("BatchWriteItem", R"({"ReturnConsumedCapacity":"BOGUS",
      "ReturnItemCollectionMetrics":"BOGUS2",
      "RequestItems":{"items":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})"),
                          "2 validation errors detected: " + kEnumRcc + "; " + kEnumRicm);
  EXPECT_EQ(get("items", kA), json::object());
  // Ahead of a missing table and a malformed table name, which it hides.
  test::expect_validation(h.call("BatchWriteItem", R"({"ReturnConsumedCapacity":"BOGUS",
      "RequestItems":{"ghost":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})"),
                          "1 validation error detected: " + kEnumRcc);
  test::expect_validation(h.call("BatchWriteItem", R"({"ReturnConsumedCapacity":"BOGUS",
      "RequestItems":{"bad!name":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})"),
                          "1 validation error detected: " + kEnumRcc);
}

TEST_F(BatchWriteItem, RejectsAMissingOrEmptyRequestItems) {
  test::expect_validation(h.call("BatchWriteItem", "{}"),
                          "1 validation error detected: Value null at 'requestItems' failed to "
                          "satisfy constraint: Member must not be null");
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{}})"),
                          "1 validation error detected: Value at 'RequestItems' failed to satisfy "
                          "constraint: Member must have length greater than or equal to 1");
}

TEST_F(BatchWriteItem, RejectsAnEmptyListAndABadTableName) {
  test::expect_validation(
      h.call("BatchWriteItem", R"({"RequestItems":{"items":[]}})"),
      "1 validation error detected: Value '{items=[]}' at 'requestItems' failed to satisfy "
      "constraint: Map value must satisfy constraint: [Member must have length less than or equal "
      "to 25, Member must have length greater than or equal to 1]");
  test::expect_validation(
      h.call("BatchWriteItem", R"({"RequestItems":{"a":[]}})"),
      "2 validation errors detected: Value '{a=[]}' at 'requestItems' failed to satisfy "
      "constraint: Map keys must satisfy constraint: [Member must have length less than or equal "
      "to 255, Member must have length greater than or equal to 3, Member must satisfy regular "
      "expression pattern: [a-zA-Z0-9_.-]+]; Value '{a=[]}' at 'requestItems' failed to satisfy "
      "constraint: Map value must satisfy constraint: [Member must have length less than or equal "
      "to 25, Member must have length greater than or equal to 1]");
}

json puts(int count, int first = 0) {
  json list = json::array();
  for (int i = first; i < first + count; ++i) {
    list.push_back({{"PutRequest", {{"Item", {{"pk", {{"S", std::to_string(i)}}}}}}}});
  }
  return list;
}

TEST_F(BatchWriteItem, RejectsMoreThan25Requests) {
  test::expect_validation(
      h.call("BatchWriteItem", json{{"RequestItems", {{"items", puts(26)}}}}),
      "1 validation error detected: Value at 'RequestItems.items.member' failed to satisfy "
      "constraint: Member must have length less than or equal to 25");
  test::expect_validation(
      h.call("BatchWriteItem", json{{"RequestItems", {{"items", puts(13)}, {"games", puts(13)}}}}),
      "Too many items requested for the BatchWriteItem call");
  EXPECT_EQ(get("items", {{"pk", {{"S", "0"}}}}), json::object());
  // Exactly 25 requests reach the table lookup.
  auto r = h.call("BatchWriteItem", json{{"RequestItems", {{"ghost", puts(25)}}}});
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(BatchWriteItem, RejectsMalformedWriteRequests) {
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{"items":[{}]}})"),
                          "Supplied AttributeValue has more than one datatypes set, must contain "
                          "exactly one of the supported datatypes");
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{"items":[
      {"PutRequest":{"Item":{"pk":{"S":"a"}}},"DeleteRequest":{"Key":{"pk":{"S":"b"}}}}]}})"),
                          "Supplied AttributeValue has more than one datatypes set, must contain "
                          "exactly one of the supported datatypes");
  test::expect_validation(
      h.call("BatchWriteItem",
             R"({"RequestItems":{"items":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}},
                                          {"PutRequest":{},"DeleteRequest":{}}]}})"),
      "2 validation errors detected: Value null at "
      "'requestItems.items.member.2.member.deleteRequest.key' failed to satisfy constraint: "
      "Member must not be null; Value null at 'requestItems.items.member.2.member.putRequest.item' "
      "failed to satisfy constraint: Member must not be null");
}

TEST_F(BatchWriteItem, RejectsTwoRequestsOnOneItem) {
  for (
      const char* writes :
      {R"([{"PutRequest":{"Item":{"pk":{"S":"a"},"x":{"N":"1"}}}},
            {"PutRequest":{"Item":{"pk":{"S":"a"},"x":{"N":"2"}}}}])",
       R"([{"PutRequest":{"Item":{"pk":{"S":"a"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"a"}}}}])",
       R"([{"DeleteRequest":{"Key":{"pk":{"S":"a"}}}},{"PutRequest":{"Item":{"pk":{"S":"a"}}}}])"}) {
    test::expect_validation(
        h.call("BatchWriteItem",
               std::string_view(R"({"RequestItems":{"items":)" + std::string(writes) + "}}")),
        "Provided list of item keys contains duplicates");
  }
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{"pairs":[
      {"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":{"N":"1"}}}},
      {"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":{"N":"1.0"}}}}]}})"),
                          "Provided list of item keys contains duplicates");
  EXPECT_EQ(get("items", kA), json::object());
  // The same key in two tables is two items.
  auto r = h.call("BatchWriteItem", R"({"RequestItems":{
      "items":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}],
      "games":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})");
  EXPECT_EQ(r.status, 200) << r.body.dump();
}

TEST_F(BatchWriteItem, RejectsKeysThatDoNotMatchTheSchemaWithItsOwnWording) {
  for (const char* item :
       {R"({})", R"({"other":{"S":"a"}})", R"({"pk":{"N":"5"}})", R"({"pk":{"L":[{"S":"x"}]}})"}) {
    test::expect_validation(
        h.call("BatchWriteItem",
               std::string_view(R"({"RequestItems":{"items":[{"PutRequest":{"Item":)" +
                                std::string(item) + "}}]}}")),
        "The provided key element does not match the schema");
  }
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{"pairs":[
      {"PutRequest":{"Item":{"pk":{"S":"a"},"x":{"S":"b"}}}}]}})"),
                          "The provided key element does not match the schema");
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{"items":[
      {"DeleteRequest":{"Key":{"pk":{"S":"a"},"x":{"S":"b"}}}}]}})"),
                          "The provided key element does not match the schema");
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{"items":[
      {"PutRequest":{"Item":{"pk":{"S":""}}}}]}})"),
                          "One or more parameter values are not valid. The AttributeValue for a "
                          "key attribute cannot contain an empty string value. Key: pk");
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{"blobs":[
      {"DeleteRequest":{"Key":{"pk":{"B":""}}}}]}})"),
                          "One or more parameter values are not valid. The AttributeValue for a "
                          "key attribute cannot contain an empty binary value. Key: pk");
  json long_key = {
      {"RequestItems",
       {{"items", {{{"PutRequest", {{"Item", {{"pk", {{"S", std::string(2049, 'k')}}}}}}}}}}}}};
  test::expect_validation(h.call("BatchWriteItem", long_key),
                          "One or more parameter values were invalid: Size of hashkey has "
                          "exceeded the maximum size limit of2048 bytes");
}

TEST_F(BatchWriteItem, RejectsAnItemNoIndexCanHold) {
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{"games":[
      {"PutRequest":{"Item":{"pk":{"S":"a"},"score":{"S":"high"}}}}]}})"),
                          "One or more parameter values were invalid: Type mismatch for Index Key "
                          "score Expected: N Actual: S IndexName: by_score");
}

TEST_F(BatchWriteItem, ChecksItemSizeAndValuesBeforeTheTable) {
  json too_big = {
      {"RequestItems", {{"ghost", {{{"PutRequest", {{"Item", item_of_size("a", 409601)}}}}}}}}};
  test::expect_validation(h.call("BatchWriteItem", too_big),
                          "Item size has exceeded the maximum allowed size");
  json just_fits = {
      {"RequestItems", {{"ghost", {{{"PutRequest", {{"Item", item_of_size("a", 409600)}}}}}}}}};
  auto r = h.call("BatchWriteItem", just_fits);
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{"ghost":[
      {"PutRequest":{"Item":{"pk":{"S":"a"},"n":{"N":"abc"}}}}]}})"),
                          "The parameter cannot be converted to a numeric value: abc");
  // The key is checked against the schema only once the table is found.
  r = h.call("BatchWriteItem", R"({"RequestItems":{"ghost":[{"PutRequest":{"Item":{}}}]}})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(BatchWriteItem, WritesNothingWhenAnyRequestIsInvalid) {
  h.put("items", {{"pk", {{"S", "keep"}}}});
  test::expect_validation(h.call("BatchWriteItem", R"({"RequestItems":{
      "items":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}},
               {"DeleteRequest":{"Key":{"pk":{"S":"keep"}}}}],
      "pairs":[{"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"wrong"}}}}]}})"),
                          "The provided key element does not match the schema");
  auto r = h.call("BatchWriteItem", R"({"RequestItems":{
      "items":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}],
      "zzz-ghost":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(get("items", kA), json::object());
  EXPECT_EQ(get("items", {{"pk", {{"S", "keep"}}}}),
            json::parse(R"({"Item":{"pk":{"S":"keep"}}})"));
}

TEST_F(BatchWriteItem, ReportsWrongJsonTypesAsSerializationErrors) {
  auto r = h.call("BatchWriteItem", R"({"RequestItems":{"items":{}}})");
  EXPECT_EQ(r.error_type, "SerializationException");
  EXPECT_EQ(r.message, "Start of structure or map found where not expected");
  r = h.call("BatchWriteItem", R"({"RequestItems":{"items":["x"]}})");
  EXPECT_EQ(r.error_type, "SerializationException");
  EXPECT_EQ(r.message, "Unexpected value type in payload");
  r = h.call("BatchWriteItem", R"({"RequestItems":{"items":[{"PutRequest":{"Item":[]}}]}})");
  EXPECT_EQ(r.error_type, "SerializationException");
  EXPECT_EQ(r.message,
            "Unrecognized collection type java.util.Map<java.lang.String, "
            "com.amazonaws.dynamodb.v20120810.AttributeValue>");
}

}  // namespace
}  // namespace ddb::protocol
