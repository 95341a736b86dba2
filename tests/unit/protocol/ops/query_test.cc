// Query in-process through the dispatcher: order, direction, paging, key conditions, expression
// attributes and start keys, with DynamoDB's exact error types and messages (dynalite's tests
// recorded against AWS, paritysuite captures from 2026, AWS responses quoted in GitHub issues).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

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

}  // namespace
}  // namespace ddb::protocol
