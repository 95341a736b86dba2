// TransactGetItems through the dispatcher: responses in request order ({} for a missing item),
// projections, the errors that reject the request and the key errors that cancel it, and
// transactional read capacity (paritysuite captures and scylladb's test_transact.py, run against
// AWS; the capacity as ExtendDB#76, #77 and #212 and dynoxide#57 report it).

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

json s(const std::string& text) { return {{"S", text}}; }
json n(const std::string& text) { return {{"N", text}}; }
json key(const std::string& pk) { return {{"pk", s(pk)}}; }

json get(const std::string& table, const json& item_key) {
  return {{"Get", {{"TableName", table}, {"Key", item_key}}}};
}

// A vector, so that one action in braces stays a list (nlohmann reads {x} as x).
CallResult transact(const Harness& h, const std::vector<json>& items, json extra = json::object()) {
  extra["TransactItems"] = items;
  return h.call("TransactGetItems", extra);
}

class TransactGetItems : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("users");
    h.create_table("orders");
    h.put("users", {{"pk", s("u1")}, {"name", s("Ann")}, {"age", n("30")}});
    h.put("orders", {{"pk", s("o1")}, {"total", n("10")}});
  }
  Harness h;
};

TEST_F(TransactGetItems, ReturnsEachItemInRequestOrderAndEmptyForAMissingOne) {
  CallResult r =
      transact(h, {get("orders", key("o1")), get("users", key("nobody")), get("users", key("u1"))});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"Responses":[
      {"Item":{"pk":{"S":"o1"},"total":{"N":"10"}}},
      {},
      {"Item":{"pk":{"S":"u1"},"name":{"S":"Ann"},"age":{"N":"30"}}}]})"));
}

TEST_F(TransactGetItems, AppliesAProjectionAndGivesEmptyWhenItKeepsNothing) {
  json projected = get("users", key("u1"));
  projected["Get"]["ProjectionExpression"] = "#n, age";
  projected["Get"]["ExpressionAttributeNames"] = {{"#n", "name"}};
  json nothing = get("orders", key("o1"));
  nothing["Get"]["ProjectionExpression"] = "absent";
  CallResult r = transact(h, {projected, nothing});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"Responses":[
      {"Item":{"name":{"S":"Ann"},"age":{"N":"30"}}}, {}]})"));
}

TEST_F(TransactGetItems, IgnoresExpressionAttributeValuesWhichAGetDoesNotHave) {
  json request = get("users", key("u1"));
  request["Get"]["ProjectionExpression"] = "age";
  request["Get"]["ExpressionAttributeValues"] = {{":unused", n("1")}};
  CallResult r = transact(h, {request});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"Responses":[{"Item":{"age":{"N":"30"}}}]})"));
}

TEST_F(TransactGetItems, AKeyThatDoesNotMatchTheSchemaCancels) {
  CallResult r = transact(h, {get("orders", key("o1")), get("users", json::object())});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, json::parse(R"({
    "__type": "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
    "Message": "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]",
    "CancellationReasons": [{"Code": "None"},
        {"Code": "ValidationError", "Message": "The provided key element does not match the schema"}]
  })"));
}

TEST_F(TransactGetItems, AMissingTableIsNotFound) {
  CallResult r = transact(h, {get("users", key("u1")), get("nope", key("x"))});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(TransactGetItems, ExpressionErrorsRejectTheRequestBeforeTablesAreLookedUp) {
  json syntax = get("users", key("u1"));
  syntax["Get"]["ProjectionExpression"] = "!!";
  expect_validation(transact(h, {get("nope", key("x")), syntax}),
                    "Invalid ProjectionExpression: Syntax error; token: \"!\", near: \"!!\"");
  json unused = get("users", key("u1"));
  unused["Get"]["ProjectionExpression"] = "#a";
  unused["Get"]["ExpressionAttributeNames"] = {{"#a", "a"}, {"#qq", "q"}};
  expect_validation(
      transact(h, {unused}),
      "Value provided in ExpressionAttributeNames unused in expressions: keys: {#qq}");
  json undefined = get("users", key("u1"));
  undefined["Get"]["ProjectionExpression"] = "#zz";
  expect_validation(transact(h, {undefined}),
                    "Invalid ProjectionExpression: An expression attribute name used in the "
                    "document path is not defined; attribute name: #zz");
  json names_only = get("users", key("u1"));
  names_only["Get"]["ExpressionAttributeNames"] = {{"#a", "a"}};
  expect_validation(transact(h, {names_only}),
                    "ExpressionAttributeNames can only be specified when using expressions");
}

TEST_F(TransactGetItems, TheSameItemTwiceIsRejected) {
  expect_validation(transact(h, {get("users", key("u1")), get("users", key("u1"))}),
                    "Transaction request cannot include multiple operations on one item");
}

TEST_F(TransactGetItems, TheListMustHoldOneToAHundredGets) {
  expect_validation(transact(h, {}),
                    "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy "
                    "constraint: Member must have length greater than or equal to 1");
  std::vector<json> items;
  for (int i = 0; i < 101; ++i) items.push_back(get("users", key("p" + std::to_string(i))));
  expect_validation(transact(h, items),
                    "1 validation error detected: Value at 'TransactItems' failed to satisfy "
                    "constraint: Member must have length less than or equal to 100");
  items.erase(items.end() - 1);
  CallResult r = transact(h, items);
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body["Responses"].size(), 100u);
}

TEST_F(TransactGetItems, ModelConstraintsAreReportedTogether) {
  expect_validation(
      transact(h, {json::object(), {{"Get", {{"TableName", "users"}}}}},
               {{"ReturnConsumedCapacity", "BOGUS"}}),
      "3 validation errors detected: Value null at 'transactItems.1.member.get' failed to "
      "satisfy constraint: Member must not be null; Value null at "
      "'transactItems.2.member.get.key' failed to satisfy constraint: Member must not be null; "
      "Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy constraint: Member must "
      "satisfy enum value set: [INDEXES, TOTAL, NONE]");
}

TEST_F(TransactGetItems, CapacityIsTwoReadUnitsPerFourKilobytesPerItemMissingIncluded) {
  h.put("users", {{"pk", s("big")}, {"data", s(std::string(5000, 'x'))}});
  CallResult r = transact(h,
                          {get("users", key("u1")), get("users", key("missing")),
                           get("users", key("big")), get("orders", key("o1"))},
                          {{"ReturnConsumedCapacity", "TOTAL"}});
  // users: 2 + 2 + 4 (5 KB rounds to 8 KB); orders: 2.
  EXPECT_EQ(r.body["ConsumedCapacity"], json::parse(R"([
      {"TableName":"users","CapacityUnits":8.0,"ReadCapacityUnits":8.0},
      {"TableName":"orders","CapacityUnits":2.0,"ReadCapacityUnits":2.0}])"));
  CallResult indexes = transact(h, {get("users", key("u1")), get("users", key("missing"))},
                                {{"ReturnConsumedCapacity", "INDEXES"}});
  EXPECT_EQ(indexes.body["ConsumedCapacity"], json::parse(R"([
      {"TableName":"users","CapacityUnits":4.0,"ReadCapacityUnits":4.0,
       "Table":{"CapacityUnits":4.0,"ReadCapacityUnits":4.0}}])"));
  EXPECT_FALSE(transact(h, {get("users", key("u1"))}).body.contains("ConsumedCapacity"));
}

}  // namespace
}  // namespace ddb::protocol
