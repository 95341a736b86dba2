// A request body is type-checked against its operation's model while it is read, and a value of
// the wrong JSON type anywhere in it beats every constraint and semantic check (issue 20): the
// SerializationException texts of DynamoDB's Java deserializer, quoted by issue 20 and in
// json_fields.h's captures.

#include "protocol/requests/request_shapes.h"

#include <gtest/gtest.h>

#include <string>

#include "protocol/json/json_reader.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using test::CallResult;
using test::Harness;

void expect_serialization(const CallResult& r, const std::string& message) {
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "SerializationException") << r.message;
  EXPECT_EQ(r.message, message);
}

TEST(RequestShapes, ATypeErrorInAnItemBeatsAMissingTableName) {
  Harness h;
  expect_serialization(h.call("PutItem", R"j({"Item":{"a":{"S":true}}})j"),
                       "TRUE_VALUE cannot be converted to String");
  expect_serialization(h.call("GetItem", R"j({"Key":{"a":{"N":5}}})j"),
                       "NUMBER_VALUE cannot be converted to String");
}

TEST(RequestShapes, ATypeErrorInAnExpressionMemberBeatsAMissingKey) {
  Harness h;
  expect_serialization(
      h.call("UpdateItem",
             R"j({"TableName":"t","ExpressionAttributeValues":{":v":{"BOOL":"23"}}})j"),
      "Unexpected token received from parser");
  expect_serialization(h.call("DeleteItem", R"j({"ConditionExpression":["a"]})j"),
                       "Unrecognized collection type class java.lang.String");
  expect_serialization(h.call("Query", R"j({"ExpressionAttributeNames":{"#a":{"b":1}}})j"),
                       "Start of structure or map found where not expected");
  expect_serialization(h.call("Query", R"j({"Limit":"5"})j"),
                       "STRING_VALUE cannot be converted to Integer");
}

TEST(RequestShapes, StructuresMapsAndListsHaveTheirOwnTexts) {
  Harness h;
  expect_serialization(h.call("PutItem", R"j({"Item":{"a":"x"}})j"),
                       "Unexpected value type in payload");
  expect_serialization(h.call("PutItem", R"j({"Item":[]})j"),
                       "Unrecognized collection type java.util.Map<java.lang.String, "
                       "com.amazonaws.dynamodb.v20120810.AttributeValue>");
  expect_serialization(h.call("Scan", R"j({"ExclusiveStartKey":"k"})j"), "Unexpected field type");
  expect_serialization(h.call("TransactGetItems", R"j({"TransactItems":[{"Get":"x"}]})j"),
                       "Unexpected field type");
  expect_serialization(h.call("BatchGetItem", R"j({"RequestItems":{"t":[]}})j"),
                       "Unrecognized collection type class "
                       "com.amazonaws.dynamodb.v20120810.KeysAndAttributes");
  expect_serialization(h.call("PutItem", R"j({"Item":{"a":{"L":{}}}})j"),
                       "Start of structure or map found where not expected");
}

TEST(RequestShapes, TableOperationsAreCheckedToo) {
  Harness h;
  expect_serialization(h.call("CreateTable", R"j({"TableName":"ab","Tags":[{"Key":1}]})j"),
                       "NUMBER_VALUE cannot be converted to String");
  expect_serialization(
      h.call("UpdateTable", R"j({"GlobalSecondaryIndexUpdates":[{"Create":{"KeySchema":{}}}]})j"),
      "Start of structure or map found where not expected");
  expect_serialization(
      h.call("CreateTable", R"j({"ProvisionedThroughput":{"ReadCapacityUnits":"1"}})j"),
      "STRING_VALUE cannot be converted to Long");
  expect_serialization(h.call("ListTables", R"j({"Limit":0,"ExclusiveStartTableName":[]})j"),
                       "Unrecognized collection type class java.lang.String");
}

TEST(RequestShapes, BinariesAreCheckedAsBase64WhileTheBodyIsRead) {
  Harness h;
  expect_serialization(h.call("PutItem", R"j({"Item":{"a":{"B":5}}})j"),
                       "only base-64-encoded strings are convertible to bytes");
  expect_serialization(h.call("PutItem", R"j({"Item":{"a":{"BS":["abcde"]}}})j"),
                       "Base64 encoded length is expected a multiple of 4 bytes but found: 5");
  expect_serialization(h.call("PutItem", R"j({"Item":{"a":{"B":"+/+="}}})j"),
                       "Invalid last non-pad Base64 character dectected");
}

TEST(RequestShapes, TheFirstTypeErrorInTheBodyWins) {
  Harness h;
  expect_serialization(
      h.call("PutItem", R"j({"ConditionExpression":1,"TableName":true,"Item":{"a":{"S":[]}}})j"),
      "NUMBER_VALUE cannot be converted to String");
  expect_serialization(
      h.call("PutItem", R"j({"Item":{"a":{"S":[]}},"ConditionExpression":1,"TableName":true})j"),
      "Unrecognized collection type class java.lang.String");
}

TEST(RequestShapes, SomeStringsReadAsBooleans) {
  Harness h;
  h.create_table("tbl");
  EXPECT_EQ(h.call("PutItem", R"j({"TableName":"tbl","Item":{"pk":{"S":"a"},"b":{"BOOL":"no"}}})j")
                .status,
            200);
  CallResult r = h.call("GetItem", R"j({"TableName":"tbl","Key":{"pk":{"S":"a"}},
                                       "ConsistentRead":"true"})j");
  ASSERT_EQ(r.status, 200) << r.message;
  EXPECT_EQ(r.body["Item"]["b"], nlohmann::json::parse(R"j({"BOOL":false})j"));
  expect_serialization(h.call("GetItem", R"j({"TableName":"tbl","Key":{"pk":{"S":"a"}},
                                              "ConsistentRead":"23"})j"),
                       "Unexpected token received from parser");
}

TEST(RequestShapes, ValuesOfTheRightTypeReachTheUsualChecks) {
  Harness h;
  CallResult r = h.call("PutItem", R"j({"Item":{"a":{"S":"x"}},"Unknown":[1]})j");
  EXPECT_EQ(r.error_type, "ValidationException");
  EXPECT_EQ(r.message,
            "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: "
            "Member must not be null");
}

TEST(RequestShapes, ATypeErrorComesAfterTheTargetCheck) {
  Harness h;
  CallResult r = h.call("PutItems", R"j({"Item":{"a":{"S":true}}})j");
  EXPECT_EQ(r.error_type, "UnknownOperationException");
}

TEST(RequestShapes, BodiesOutsideTheFastReadersSubsetAreCheckedToo) {
  // An escape, a fraction: nlohmann parses these, and the DOM is checked after.
  Harness h;
  expect_serialization(h.call("PutItem", R"j({"Item":{"\u0061":{"S":1.5}}})j"),
                       "DECIMAL_VALUE cannot be converted to String");
  expect_serialization(h.call("Scan", R"j({"Segment":1.5,"TableName":"caf\u00e9"})j"),
                       "DECIMAL_VALUE cannot be converted to Integer");
}

TEST(RequestShapes, OnlyTheDataOperationsHaveShapes) {
  EXPECT_NE(request_shape("PutItem"), nullptr);
  EXPECT_NE(request_shape("ExecuteTransaction"), nullptr);
  EXPECT_NE(request_shape("CreateTable"), nullptr);
  EXPECT_EQ(request_shape("DescribeContinuousBackups"), nullptr);
}

TEST(RequestShapes, TheReaderReturnsTheSameDocumentWithAShape) {
  std::optional<std::string> error;
  const char* text = R"j({"TableName":"t","Item":{"a":{"S":"x"},"b":{"L":[{"N":"1"}]}},"X":[1]})j";
  EXPECT_EQ(read_json(text, *request_shape("PutItem"), error), read_json(text));
  EXPECT_FALSE(error);
}

}  // namespace
}  // namespace ddb::protocol
