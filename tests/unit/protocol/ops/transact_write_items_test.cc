// TransactWriteItems through the dispatcher: all or nothing over several tables, the
// TransactionCanceledException payload, which errors reject the request and which cancel it,
// idempotent retries with ClientRequestToken, and consumed capacity (paritysuite captures and
// scylladb's test_transact.py, run against AWS; the capacity as ExtendDB#76, #77 and #212 and
// dynoxide#57 report it).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/table_definition.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

json s(const std::string& text) { return {{"S", text}}; }
json n(const std::string& text) { return {{"N", text}}; }

json put(const std::string& table, const json& item) {
  return {{"Put", {{"TableName", table}, {"Item", item}}}};
}

json put_if_absent(const std::string& table, const json& item) {
  return {{"Put",
           {{"TableName", table},
            {"Item", item},
            {"ConditionExpression", "attribute_not_exists(pk)"}}}};
}

json check(const std::string& table, const json& key, const std::string& condition) {
  return {
      {"ConditionCheck", {{"TableName", table}, {"Key", key}, {"ConditionExpression", condition}}}};
}

json add_one(const std::string& table, const json& key) {
  return {{"Update",
           {{"TableName", table},
            {"Key", key},
            {"UpdateExpression", "ADD n :one"},
            {"ExpressionAttributeValues", {{":one", n("1")}}}}}};
}

json remove(const std::string& table, const json& key) {
  return {{"Delete", {{"TableName", table}, {"Key", key}}}};
}

// A vector, so that one action in braces stays a list (nlohmann reads {x} as x).
CallResult transact(const Harness& h, const std::vector<json>& items, json extra = json::object()) {
  extra["TransactItems"] = items;
  return h.call("TransactWriteItems", extra);
}

json get(const Harness& h, const std::string& table, const json& key) {
  return h.call("GetItem", json{{"TableName", table}, {"Key", key}, {"ConsistentRead", true}})
      .body.value("Item", json());
}

json key(const std::string& pk) { return {{"pk", s(pk)}}; }

class TransactWriteItems : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("users");
    h.create_table("orders");
  }

  // Expects a TransactionCanceledException whose CancellationReasons are exactly `reasons`.
  void expect_canceled(const CallResult& r, const std::string& message, const json& reasons) {
    EXPECT_EQ(r.status, 400) << r.body.dump();
    EXPECT_EQ(r.error_type, "TransactionCanceledException") << r.body.dump();
    EXPECT_EQ(r.message, message);
    EXPECT_EQ(r.body["CancellationReasons"], reasons);
  }

  Harness h;
};

TEST_F(TransactWriteItems, AppliesEveryActionAcrossTables) {
  h.put("users", {{"pk", s("u1")}, {"n", n("5")}, {"name", s("x")}});
  h.put("orders", {{"pk", s("o0")}});
  CallResult r = transact(
      h, {put("orders", {{"pk", s("o1")}, {"total", n("10")}}), add_one("users", key("u1")),
          remove("orders", key("o0")), check("users", key("u2"), "attribute_not_exists(pk)")});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::object());
  EXPECT_EQ(get(h, "orders", key("o1")), json({{"pk", s("o1")}, {"total", n("10")}}));
  EXPECT_EQ(get(h, "users", key("u1")), json({{"pk", s("u1")}, {"n", n("6")}, {"name", s("x")}}));
  EXPECT_EQ(get(h, "orders", key("o0")), json());
}

TEST_F(TransactWriteItems, UpdateCreatesAMissingItemLikeUpdateItem) {
  CallResult r = transact(h, {add_one("users", key("new"))});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(get(h, "users", key("new")), json({{"pk", s("new")}, {"n", n("1")}}));
}

TEST_F(TransactWriteItems, ConditionCheckWritesNothing) {
  CallResult r = transact(h, {check("users", key("ghost"), "attribute_not_exists(pk)")});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(get(h, "users", key("ghost")), json());
}

TEST_F(TransactWriteItems, AFailedConditionCancelsEveryActionWithTheWireShapeOfDynamoDB) {
  h.put("users", {{"pk", s("u1")}, {"email", s("a@example.com")}});
  CallResult r = transact(h, {put("orders", {{"pk", s("o1")}}),
                              put_if_absent("users", {{"pk", s("u1")}, {"email", s("b")}})});
  EXPECT_EQ(r.body, json::parse(R"({
    "__type": "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
    "Message": "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]",
    "CancellationReasons": [{"Code": "None"},
                            {"Code": "ConditionalCheckFailed", "Message": "The conditional request failed"}]
  })"));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(get(h, "orders", key("o1")), json());
  EXPECT_EQ(get(h, "users", key("u1")), json({{"pk", s("u1")}, {"email", s("a@example.com")}}));
}

TEST_F(TransactWriteItems, EveryFailedConditionIsReported) {
  CallResult r = transact(
      h, {put("orders", {{"pk", s("o1")}}), check("users", key("a"), "attribute_exists(pk)"),
          check("users", key("b"), "attribute_exists(pk)")});
  expect_canceled(r,
                  "Transaction cancelled, please refer cancellation reasons for specific reasons "
                  "[None, ConditionalCheckFailed, ConditionalCheckFailed]",
                  json::parse(R"([{"Code":"None"},
      {"Code":"ConditionalCheckFailed","Message":"The conditional request failed"},
      {"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}])"));
}

TEST_F(TransactWriteItems, AllOldPutsTheItemInItsReasonOnly) {
  h.put("users", {{"pk", s("u1")}, {"v", n("1")}});
  h.put("users", {{"pk", s("u2")}, {"v", n("2")}});
  json with_item = check("users", key("u1"), "v = :two");
  with_item["ConditionCheck"]["ExpressionAttributeValues"] = {{":two", n("2")}};
  with_item["ConditionCheck"]["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
  json without_item = check("users", key("u2"), "v = :one");
  without_item["ConditionCheck"]["ExpressionAttributeValues"] = {{":one", n("1")}};
  without_item["ConditionCheck"]["ReturnValuesOnConditionCheckFailure"] = "NONE";
  json missing = check("users", key("u3"), "attribute_exists(pk)");
  missing["ConditionCheck"]["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
  CallResult r = transact(h, {with_item, without_item, missing});
  expect_canceled(r,
                  "Transaction cancelled, please refer cancellation reasons for specific reasons "
                  "[ConditionalCheckFailed, ConditionalCheckFailed, ConditionalCheckFailed]",
                  json::parse(R"([
      {"Code":"ConditionalCheckFailed","Item":{"pk":{"S":"u1"},"v":{"N":"1"}},
       "Message":"The conditional request failed"},
      {"Code":"ConditionalCheckFailed","Message":"The conditional request failed"},
      {"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}])"));
}

TEST_F(TransactWriteItems, AWrongKeyTypeInAPutIsTheOnlyReasonReported) {
  // The third action's condition is false, but a validation error stops the evaluation
  // (scylladb test_transact_write_cancellation_reasons_validationerror).
  json false_condition = put("orders", {{"pk", s("o1")}});
  false_condition["Put"]["ConditionExpression"] = "attribute_exists(pk)";
  CallResult r = transact(
      h, {put("users", {{"pk", n("7")}}), put("users", {{"pk", n("8")}}), false_condition});
  expect_canceled(r,
                  "Transaction cancelled, please refer cancellation reasons for specific reasons "
                  "[ValidationError, None, None]",
                  json::parse(R"([{"Code":"ValidationError","Message":
      "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N"},
      {"Code":"None"},{"Code":"None"}])"));
}

TEST_F(TransactWriteItems, APutWithoutTheKeyCancelsWithPutItemsMessage) {
  CallResult r = transact(h, {put("users", {{"name", s("x")}})});
  expect_canceled(r,
                  "Transaction cancelled, please refer cancellation reasons for specific reasons "
                  "[ValidationError]",
                  json::parse(R"([{"Code":"ValidationError","Message":
      "One or more parameter values were invalid: Missing the key pk in the item"}])"));
}

TEST_F(TransactWriteItems, AWrongKeyInUpdateDeleteOrConditionCheckDoesNotMatchTheSchema) {
  const json reasons = json::parse(R"([{"Code":"None"},{"Code":"ValidationError",
      "Message":"The provided key element does not match the schema"}])");
  const std::string message =
      "Transaction cancelled, please refer cancellation reasons for specific reasons [None, "
      "ValidationError]";
  json bad_key = {{"pk", n("1")}};
  expect_canceled(transact(h, {put("orders", {{"pk", s("o")}}), add_one("users", bad_key)}),
                  message, reasons);
  expect_canceled(transact(h, {put("orders", {{"pk", s("o")}}), remove("users", bad_key)}), message,
                  reasons);
  expect_canceled(
      transact(h, {put("orders", {{"pk", s("o")}}),
                   check("users", {{"pk", s("a")}, {"extra", s("b")}}, "attribute_exists(pk)")}),
      message, reasons);
  EXPECT_EQ(get(h, "orders", key("o")), json());
}

TEST_F(TransactWriteItems, UpdatingAKeyAttributeCancels) {
  json update = {{"Update",
                  {{"TableName", "users"},
                   {"Key", key("u1")},
                   {"UpdateExpression", "SET pk = :v"},
                   {"ExpressionAttributeValues", {{":v", s("u2")}}}}}};
  expect_canceled(transact(h, {update}),
                  "Transaction cancelled, please refer cancellation reasons for specific reasons "
                  "[ValidationError]",
                  json::parse(R"([{"Code":"ValidationError","Message":
      "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key"}])"));
}

TEST_F(TransactWriteItems, AnUpdateOfAMissingAttributeCancels) {
  h.put("users", {{"pk", s("u1")}});
  json update = {{"Update",
                  {{"TableName", "users"},
                   {"Key", key("u1")},
                   {"UpdateExpression", "SET a = b + :one"},
                   {"ExpressionAttributeValues", {{":one", n("1")}}}}}};
  expect_canceled(transact(h, {update}),
                  "Transaction cancelled, please refer cancellation reasons for specific reasons "
                  "[ValidationError]",
                  json::parse(R"([{"Code":"ValidationError","Message":
      "The provided expression refers to an attribute that does not exist in the item"}])"));
}

TEST_F(TransactWriteItems, AnUpdateThatGrowsTheItemPastTheLimitCancels) {
  h.put("users", {{"pk", s("u1")}, {"a", s(std::string(300 * 1024, 'a'))}});
  json update = {{"Update",
                  {{"TableName", "users"},
                   {"Key", key("u1")},
                   {"UpdateExpression", "SET b = :big"},
                   {"ExpressionAttributeValues", {{":big", s(std::string(200 * 1024, 'b'))}}}}}};
  expect_canceled(transact(h, {update}),
                  "Transaction cancelled, please refer cancellation reasons for specific reasons "
                  "[ValidationError]",
                  json::parse(R"([{"Code":"ValidationError","Message":
      "Item size to update has exceeded the maximum allowed size"}])"));
}

TEST_F(TransactWriteItems, AnIndexKeyOfTheWrongTypeCancels) {
  CallResult created = h.call("CreateTable", R"({"TableName":"indexed",
      "BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                              {"AttributeName":"email","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "GlobalSecondaryIndexes":[{"IndexName":"by_email",
          "KeySchema":[{"AttributeName":"email","KeyType":"HASH"}],
          "Projection":{"ProjectionType":"ALL"}}]})");
  ASSERT_EQ(created.status, 200) << created.body.dump();
  expect_canceled(transact(h, {put("orders", {{"pk", s("o")}}),
                               put("indexed", {{"pk", s("a")}, {"email", n("1")}})}),
                  "Transaction cancelled, please refer cancellation reasons for specific reasons "
                  "[None, ValidationError]",
                  json::parse(R"([{"Code":"None"},{"Code":"ValidationError","Message":
      "One or more parameter values were invalid: Type mismatch for Index Key email Expected: S Actual: N IndexName: by_email"}])"));
  EXPECT_EQ(get(h, "orders", key("o")), json());
}

TEST_F(TransactWriteItems, TwoActionsOnOneItemAreRejected) {
  const std::string message = "Transaction request cannot include multiple operations on one item";
  expect_validation(transact(h, {put("users", key("a")), put("users", key("a"))}), message);
  expect_validation(
      transact(h, {put("users", key("a")), check("users", key("a"), "attribute_exists(pk)")}),
      message);
  expect_validation(transact(h, {put("users", key("a")), remove("orders", key("b")),
                                 add_one("orders", key("b"))}),
                    message);
  // The same key in two tables is two items.
  EXPECT_EQ(transact(h, {put("users", key("a")), put("orders", key("a"))}).status, 200);
}

TEST_F(TransactWriteItems, AMissingTableIsNotFoundBeforeTwoActionsOnOneItem) {
  CallResult r =
      transact(h, {put("users", key("a")), put("users", key("a")), put("nope", key("b"))});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(TransactWriteItems, ExpressionErrorsInAnyActionWinOverAMissingTable) {
  json syntax = put("users", key("a"));
  syntax["Put"]["ConditionExpression"] = "attribute_exists(";
  expect_validation(transact(h, {put("nope", key("b")), syntax}),
                    "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"");
  json unused = put("users", key("a"));
  unused["Put"]["ConditionExpression"] = "attribute_exists(pk)";
  unused["Put"]["ExpressionAttributeValues"] = {{":v", n("1")}};
  expect_validation(
      transact(h, {put("nope", key("b")), unused}),
      "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}");
  json undefined = put("users", key("a"));
  undefined["Put"]["ConditionExpression"] = "attribute_exists(#x)";
  expect_validation(transact(h, {undefined}),
                    "Invalid ConditionExpression: An expression attribute name used in the "
                    "document path is not defined; attribute name: #x");
  json empty_values = put("users", key("a"));
  empty_values["Put"]["ConditionExpression"] = "attribute_exists(pk)";
  empty_values["Put"]["ExpressionAttributeValues"] = json::object();
  expect_validation(transact(h, {empty_values}), "ExpressionAttributeValues must not be empty");
}

TEST_F(TransactWriteItems, ExpressionAttributesWithoutAnExpressionAreRejectedBare) {
  json names = put("users", key("a"));
  names["Put"]["ExpressionAttributeNames"] = {{"#a", "a"}};
  expect_validation(transact(h, {names}),
                    "ExpressionAttributeNames can only be specified when using expressions");
  json values = remove("users", key("a"));
  values["Delete"]["ExpressionAttributeValues"] = {{":a", n("1")}};
  expect_validation(transact(h, {values}),
                    "ExpressionAttributeValues can only be specified when using expressions: "
                    "ConditionExpression is null");
}

TEST_F(TransactWriteItems, EmptyKeyValuesRejectTheRequest) {
  expect_validation(transact(h, {put("users", {{"pk", s("")}})}),
                    "One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty string value. Key: pk");
  expect_validation(transact(h, {remove("users", {{"pk", s("")}})}),
                    "One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty string value. Key: pk");
}

TEST_F(TransactWriteItems, APutItemOverTheLimitRejectsTheRequest) {
  expect_validation(
      transact(h, {put("users", {{"pk", s("a")}, {"big", s(std::string(410000, 'x'))}})}),
      "Item size has exceeded the maximum allowed size");
}

TEST_F(TransactWriteItems, MoreThanFourMegabytesOfItemsRejectTheRequest) {
  std::vector<json> items;
  for (int i = 0; i < 11; ++i) {
    items.push_back(put(
        "users", {{"pk", s("p" + std::to_string(i))}, {"data", s(std::string(390 * 1024, 'x'))}}));
  }
  expect_validation(transact(h, items), "Transaction payload size cannot exceed 4 MB");
  items.erase(items.end() - 1);
  EXPECT_EQ(transact(h, items).status, 200);
}

TEST_F(TransactWriteItems, TheListMustHoldOneToAHundredActions) {
  expect_validation(transact(h, {}),
                    "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy "
                    "constraint: Member must have length greater than or equal to 1");
  expect_validation(h.call("TransactWriteItems", "{}"),
                    "1 validation error detected: Value null at 'transactItems' failed to satisfy "
                    "constraint: Member must not be null");
  std::vector<json> items;
  for (int i = 0; i < 101; ++i) items.push_back(put("users", key("p" + std::to_string(i))));
  expect_validation(transact(h, items),
                    "1 validation error detected: Value at 'TransactItems' failed to satisfy "
                    "constraint: Member must have length less than or equal to 100");
  items.erase(items.end() - 1);
  EXPECT_EQ(transact(h, items).status, 200);
}

TEST_F(TransactWriteItems, RequiredMembersOfEachActionAreModelConstraints) {
  expect_validation(
      transact(h, {{{"ConditionCheck", {{"TableName", "users"}, {"Key", key("a")}}}},
                   {{"Update", {{"TableName", "users"}, {"Key", key("b")}}}},
                   {{"Put", {{"TableName", "users"}}}}}),
      "3 validation errors detected: Value null at "
      "'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint: "
      "Member must not be null; Value null at 'transactItems.2.member.update.updateExpression' "
      "failed to satisfy constraint: Member must not be null; Value null at "
      "'transactItems.3.member.put.item' failed to satisfy constraint: Member must not be null");
  json bad_option = put("users", key("a"));
  bad_option["Put"]["ReturnValuesOnConditionCheckFailure"] = "dog";
  expect_validation(transact(h, {bad_option}),
                    "1 validation error detected: Value 'dog' at "
                    "'transactItems.1.member.put.returnValuesOnConditionCheckFailure' failed to "
                    "satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
  expect_validation(transact(h, {{{"Delete", {{"Key", key("a")}}}}}),
                    "1 validation error detected: Value null at "
                    "'transactItems.1.member.delete.tableName' failed to satisfy constraint: "
                    "Member must not be null");
}

TEST_F(TransactWriteItems, EachActionHasExactlyOneMember) {
  const std::string message = "TransactItems can only contain one of Check, Put, Update or Delete";
  expect_validation(transact(h, {json::object()}), message);
  json both = put("users", key("a"));
  both["Delete"] = {{"TableName", "users"}, {"Key", key("b")}};
  expect_validation(transact(h, {both}), message);
}

TEST_F(TransactWriteItems, TheTokenAndEnumConstraintsComeFirstTogether) {
  std::string token(37, 't');
  expect_validation(
      transact(h, {put("nope", key("a"))},
               {{"ClientRequestToken", token}, {"ReturnConsumedCapacity", "BOGUS"}}),
      "2 validation errors detected: Value '" + token +
          "' at 'clientRequestToken' failed to satisfy constraint: Member must have length less "
          "than or equal to 36; Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy "
          "constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]");
  expect_validation(transact(h, {put("users", key("a"))}, {{"ClientRequestToken", ""}}),
                    "1 validation error detected: Value '' at 'clientRequestToken' failed to "
                    "satisfy constraint: Member must have length greater than or equal to 1");
  expect_validation(transact(h, {put("users", key("a"))}, {{"ReturnItemCollectionMetrics", "X"}}),
                    "1 validation error detected: Value 'X' at 'returnItemCollectionMetrics' "
                    "failed to satisfy constraint: Member must satisfy enum value set: [SIZE, "
                    "NONE]");
}

TEST_F(TransactWriteItems, ARetryWithTheSameTokenSucceedsWithoutWritingAgain) {
  json request = {{"ClientRequestToken", "token-1"},
                  {"TransactItems", json::array({add_one("users", key("counter"))})}};
  CallResult first = h.call("TransactWriteItems", request);
  EXPECT_EQ(first.status, 200) << first.body.dump();
  CallResult second = h.call("TransactWriteItems", request);
  EXPECT_EQ(second.status, 200) << second.body.dump();
  EXPECT_EQ(second.body, first.body);
  EXPECT_EQ(get(h, "users", key("counter")), json({{"pk", s("counter")}, {"n", n("1")}}));
  // Without a token, the same request writes again.
  EXPECT_EQ(transact(h, {add_one("users", key("counter"))}).status, 200);
  EXPECT_EQ(get(h, "users", key("counter")), json({{"pk", s("counter")}, {"n", n("2")}}));
}

TEST_F(TransactWriteItems, TheSameTokenWithOtherParametersIsAMismatch) {
  EXPECT_EQ(transact(h, {add_one("users", key("a"))}, {{"ClientRequestToken", "token-2"}}).status,
            200);
  CallResult r = transact(h, {add_one("users", key("b"))}, {{"ClientRequestToken", "token-2"}});
  EXPECT_EQ(r.body, json::parse(R"({
    "__type": "com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException",
    "message": "DynamoDB rejected the request because you retried a request with a different payload but with an idempotent token that was already used."
  })"));
  // Asking for capacity changes the parameters too.
  EXPECT_EQ(transact(h, {add_one("users", key("a"))},
                     {{"ClientRequestToken", "token-2"}, {"ReturnConsumedCapacity", "TOTAL"}})
                .error_type,
            "IdempotentParameterMismatchException");
  EXPECT_EQ(get(h, "users", key("b")), json());
}

TEST_F(TransactWriteItems, ACanceledRequestDoesNotUseUpItsToken) {
  json request = {{"ClientRequestToken", "token-3"},
                  {"TransactItems",
                   {check("users", key("a"), "attribute_exists(pk)"), put("orders", key("o"))}}};
  EXPECT_EQ(h.call("TransactWriteItems", request).error_type, "TransactionCanceledException");
  h.put("users", key("a"));
  EXPECT_EQ(h.call("TransactWriteItems", request).status, 200);
  EXPECT_EQ(get(h, "orders", key("o")), key("o"));
}

TEST_F(TransactWriteItems, ConsumedCapacityIsTwoWriteUnitsPerKilobytePerItem) {
  h.put("users", {{"pk", s("big")}, {"data", s(std::string(1500, 'x'))}});
  CallResult r = transact(h,
                          {put("orders", key("o1")), put("orders", key("o2")),
                           add_one("users", key("big")), remove("users", key("missing"))},
                          {{"ReturnConsumedCapacity", "TOTAL"}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  // orders: two small puts, 2 + 2; users: the 1.5 KB item rounds to 2 KB (4), a missing delete 2.
  EXPECT_EQ(r.body, json::parse(R"({"ConsumedCapacity":[
      {"TableName":"orders","CapacityUnits":4.0,"WriteCapacityUnits":4.0},
      {"TableName":"users","CapacityUnits":6.0,"WriteCapacityUnits":6.0}]})"));
}

TEST_F(TransactWriteItems, IndexesCapacityRepeatsTheUnitsUnderTable) {
  CallResult r =
      transact(h, {put("orders", key("o1")), check("users", key("u"), "attribute_not_exists(pk)")},
               {{"ReturnConsumedCapacity", "INDEXES"}});
  EXPECT_EQ(r.body, json::parse(R"({"ConsumedCapacity":[
      {"TableName":"orders","CapacityUnits":2.0,"WriteCapacityUnits":2.0,
       "Table":{"CapacityUnits":2.0,"WriteCapacityUnits":2.0}},
      {"TableName":"users","CapacityUnits":2.0,"ReadCapacityUnits":2.0,
       "Table":{"CapacityUnits":2.0,"ReadCapacityUnits":2.0}}]})"));
}

TEST_F(TransactWriteItems, AReplayReportsReadUnits) {
  json request = {
      {"ClientRequestToken", "token-4"},
      {"ReturnConsumedCapacity", "TOTAL"},
      {"TransactItems",
       json::array({put("orders", {{"pk", s("o1")}, {"d", s(std::string(5000, 'x'))}})})}};
  CallResult first = h.call("TransactWriteItems", request);
  EXPECT_EQ(first.body, json::parse(R"({"ConsumedCapacity":[
      {"TableName":"orders","CapacityUnits":10.0,"WriteCapacityUnits":10.0}]})"));
  CallResult replay = h.call("TransactWriteItems", request);
  EXPECT_EQ(replay.body, json::parse(R"({"ConsumedCapacity":[
      {"TableName":"orders","CapacityUnits":4.0,"ReadCapacityUnits":4.0}]})"));
}

TEST(TransactWriteItemsMetrics, ReportsTheCollectionsWrittenInTablesWithLocalIndexes) {
  Harness h;
  engine::TableDefinition definition;
  definition.name = "threads";
  definition.key_schema =
      test::composite_schema("forum", engine::Type::S, "subject", engine::Type::S);
  engine::IndexDefinition local;
  local.name = "by_last_post";
  local.kind = engine::IndexKind::Local;
  local.key_schema = test::composite_schema("forum", engine::Type::S, "last_post", engine::Type::S);
  local.projection.type = engine::ProjectionType::KeysOnly;
  definition.indexes.push_back(local);
  h.database().create_table(h.table_namespace(), definition);
  h.create_table("plain");
  CallResult r = h.call("TransactWriteItems", R"({"ReturnItemCollectionMetrics":"SIZE",
      "TransactItems":[
        {"Put":{"TableName":"threads","Item":{"forum":{"S":"EC2"},"subject":{"S":"a"}}}},
        {"Put":{"TableName":"threads","Item":{"forum":{"S":"EC2"},"subject":{"S":"b"}}}},
        {"Put":{"TableName":"plain","Item":{"pk":{"S":"x"}}}}]})");
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"ItemCollectionMetrics":{"threads":[
      {"ItemCollectionKey":{"forum":{"S":"EC2"}},"SizeEstimateRangeGB":[0.0,1.0]}]}})"));
}

}  // namespace
}  // namespace ddb::protocol
