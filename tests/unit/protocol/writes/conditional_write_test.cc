// ConditionExpression on PutItem and DeleteItem through the dispatcher: the write happens only when
// the condition holds, ConditionalCheckFailedException otherwise, with the item when
// ReturnValuesOnConditionCheckFailure=ALL_OLD (conformance suite conditionalCheck.test.ts).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::Harness;

void expect_condition_failed(const CallResult& r) {
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "ConditionalCheckFailedException") << r.body.dump();
  EXPECT_EQ(r.message, "The conditional request failed");
}

const json kKey = {{"pk", {{"S", "a"}}}};

json stored(Harness& h) {
  return h.call("GetItem", json{{"TableName", "tbl"}, {"Key", kKey}}).body.value("Item", json());
}

TEST(ConditionalPut, CreateOnlyPutFailsWhenTheItemExists) {
  Harness h;
  h.create_table("tbl");
  json request = {{"TableName", "tbl"},
                  {"Item", {{"pk", {{"S", "a"}}}, {"v", {{"N", "1"}}}}},
                  {"ConditionExpression", "attribute_not_exists(pk)"}};
  EXPECT_EQ(h.call("PutItem", request).status, 200);
  request["Item"]["v"] = {{"N", "2"}};
  CallResult r = h.call("PutItem", request);
  expect_condition_failed(r);
  EXPECT_FALSE(r.body.contains("Item"));
  EXPECT_EQ(stored(h), json::parse(R"({"pk":{"S":"a"},"v":{"N":"1"}})"));
}

TEST(ConditionalPut, ReturnsTheItemOnFailureWhenAsked) {
  Harness h;
  h.create_table("tbl");
  h.put("tbl", json::parse(R"({"pk":{"S":"a"},"v":{"N":"1"}})"));
  json request = {{"TableName", "tbl"},
                  {"Item", {{"pk", {{"S", "a"}}}}},
                  {"ConditionExpression", "v = :two"},
                  {"ExpressionAttributeValues", {{":two", {{"N", "2"}}}}},
                  {"ReturnValuesOnConditionCheckFailure", "ALL_OLD"}};
  CallResult r = h.call("PutItem", request);
  expect_condition_failed(r);
  EXPECT_EQ(r.body["Item"], json::parse(R"({"pk":{"S":"a"},"v":{"N":"1"}})"));
}

TEST(ConditionalPut, OptimisticLockingWithNames) {
  Harness h;
  h.create_table("tbl");
  h.put("tbl", json::parse(R"({"pk":{"S":"a"},"version":{"N":"1"}})"));
  json request = {{"TableName", "tbl"},
                  {"Item", {{"pk", {{"S", "a"}}}, {"version", {{"N", "2"}}}}},
                  {"ConditionExpression", "#v = :old"},
                  {"ExpressionAttributeNames", {{"#v", "version"}}},
                  {"ExpressionAttributeValues", {{":old", {{"N", "1"}}}}},
                  {"ReturnValues", "ALL_OLD"}};
  CallResult r = h.call("PutItem", request);
  EXPECT_EQ(r.body["Attributes"], json::parse(R"({"pk":{"S":"a"},"version":{"N":"1"}})"));
  expect_condition_failed(h.call("PutItem", request));
}

TEST(ConditionalPut, PutsExpressionErrorsInTheEnvelope) {
  Harness h;
  h.create_table("tbl");
  json request = {{"TableName", "tbl"},
                  {"Item", {{"pk", {{"S", "a"}}}}},
                  {"ConditionExpression", "contains(#a, #a)"},
                  {"ExpressionAttributeNames", {{"#a", "data"}}}};
  expect_validation(h.call("PutItem", request),
                    "1 validation error detected: Invalid ConditionExpression: The first operand "
                    "must be distinct from the remaining operands for this operator or function; "
                    "operator: contains, first operand: [data]");
  request["ConditionExpression"] = "((attribute_not_exists(pk)))";
  expect_validation(h.call("PutItem", request),
                    "1 validation error detected: Invalid ConditionExpression: The expression has "
                    "redundant parentheses;");
}

TEST(ConditionalPut, RejectsPlaceholdersWithoutAnExpression) {
  Harness h;
  h.create_table("tbl");
  json request = {{"TableName", "tbl"},
                  {"Item", {{"pk", {{"S", "a"}}}}},
                  {"ExpressionAttributeValues", {{":v", {{"S", "x"}}}}}};
  expect_validation(h.call("PutItem", request),
                    "1 validation error detected: ExpressionAttributeValues can only be specified "
                    "when using expressions");
  request.erase("ExpressionAttributeValues");
  request["ExpressionAttributeNames"] = {{"#n", "x"}};
  expect_validation(h.call("PutItem", request),
                    "1 validation error detected: ExpressionAttributeNames can only be specified "
                    "when using expressions");
}

TEST(ConditionalPut, RejectsMixingConditionExpressionAndExpected) {
  Harness h;
  h.create_table("tbl");
  json request = {{"TableName", "tbl"},
                  {"Item", {{"pk", {{"S", "a"}}}}},
                  {"Expected", {{"pk", {{"Exists", false}}}}},
                  {"ConditionExpression", "attribute_not_exists(pk)"}};
  expect_validation(h.call("PutItem", request),
                    "1 validation error detected: Can not use both expression and non-expression "
                    "parameters in the same request: Non-expression parameters: {Expected} "
                    "Expression parameters: {ConditionExpression}");
}

TEST(ConditionalPut, RejectsAnInvalidReturnValuesOnConditionCheckFailure) {
  Harness h;
  h.create_table("tbl");
  json request = {{"TableName", "tbl"},
                  {"Item", {{"pk", {{"S", "a"}}}}},
                  {"ReturnValuesOnConditionCheckFailure", "ALL_NEW"}};
  expect_validation(h.call("PutItem", request),
                    "1 validation error detected: Value 'ALL_NEW' at "
                    "'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member "
                    "must satisfy enum value set: [ALL_OLD, NONE]");
}

TEST(ConditionalDelete, DeletesOnlyWhenTheConditionHolds) {
  Harness h;
  h.create_table("tbl");
  h.put("tbl", json::parse(R"({"pk":{"S":"a"},"v":{"S":"keep"}})"));
  json request = {{"TableName", "tbl"},
                  {"Key", kKey},
                  {"ConditionExpression", "v = :v"},
                  {"ExpressionAttributeValues", {{":v", {{"S", "wrong"}}}}},
                  {"ReturnValuesOnConditionCheckFailure", "ALL_OLD"}};
  CallResult r = h.call("DeleteItem", request);
  expect_condition_failed(r);
  EXPECT_EQ(r.body["Item"], json::parse(R"({"pk":{"S":"a"},"v":{"S":"keep"}})"));
  request["ExpressionAttributeValues"][":v"] = {{"S", "keep"}};
  request["ReturnValues"] = "ALL_OLD";
  r = h.call("DeleteItem", request);
  EXPECT_EQ(r.body["Attributes"], json::parse(R"({"pk":{"S":"a"},"v":{"S":"keep"}})"));
  EXPECT_EQ(stored(h), json());
}

TEST(ConditionalDelete, AConditionOnAMissingItemSeesNoAttributes) {
  Harness h;
  h.create_table("tbl");
  json request = {{"TableName", "tbl"},
                  {"Key", kKey},
                  {"ConditionExpression", "attribute_exists(pk)"},
                  {"ReturnValuesOnConditionCheckFailure", "ALL_OLD"}};
  CallResult r = h.call("DeleteItem", request);
  expect_condition_failed(r);
  EXPECT_FALSE(r.body.contains("Item"));
}

}  // namespace
}  // namespace ddb::protocol
