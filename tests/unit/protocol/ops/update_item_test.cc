// UpdateItem through the dispatcher: upserts, each ReturnValues, key attributes, conditions, the
// envelope PutItem/UpdateItem/DeleteItem put validation errors in, and the item size limit.

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::Harness;

json update(const std::string& expression, const json& values = json::object()) {
  json request = {
      {"TableName", "tbl"}, {"Key", {{"pk", {{"S", "a"}}}}}, {"UpdateExpression", expression}};
  if (!values.empty()) request["ExpressionAttributeValues"] = values;
  return request;
}

json get(Harness& h) {
  return h.call("GetItem", json{{"TableName", "tbl"}, {"Key", {{"pk", {{"S", "a"}}}}}})
      .body.value("Item", json());
}

TEST(UpdateItem, CreatesAMissingItemFromTheKey) {
  Harness h;
  h.create_table("tbl");
  json request = update("SET n = :n", {{":n", {{"N", "1"}}}});
  request["ReturnValues"] = "ALL_NEW";
  CallResult r = h.call("UpdateItem", request);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["Attributes"], json::parse(R"({"pk":{"S":"a"},"n":{"N":"1"}})"));
  EXPECT_EQ(get(h), json::parse(R"({"pk":{"S":"a"},"n":{"N":"1"}})"));
}

TEST(UpdateItem, WithoutAnExpressionCreatesTheKeyOnlyItem) {
  Harness h;
  h.create_table("tbl");
  CallResult r = h.call("UpdateItem", json{{"TableName", "tbl"}, {"Key", {{"pk", {{"S", "a"}}}}}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::object());
  EXPECT_EQ(get(h), json::parse(R"({"pk":{"S":"a"}})"));
}

TEST(UpdateItem, OnlyRemovingAttributesDoesNotCreateAMissingItem) {
  Harness h;
  h.create_table("tbl");
  json request = update("REMOVE a");
  request["ReturnValues"] = "ALL_NEW";
  CallResult r = h.call("UpdateItem", request);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::object());
  EXPECT_EQ(get(h), json());
}

TEST(UpdateItem, CreatingAnItemIgnoresARemoveThroughAMissingParent) {
  Harness h;
  h.create_table("tbl");
  CallResult r = h.call("UpdateItem", update("SET n = :n REMOVE m.x", {{":n", {{"N", "1"}}}}));
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(get(h), json::parse(R"({"pk":{"S":"a"},"n":{"N":"1"}})"));
}

TEST(UpdateItem, ARemoveThroughAMissingParentOfAnExistingItemIsInvalid) {
  Harness h;
  h.create_table("tbl");
  ASSERT_EQ(h.call("UpdateItem", update("SET n = :n", {{":n", {{"N", "1"}}}})).status, 200);
  CallResult r = h.call("UpdateItem", update("SET n = :n REMOVE m.x", {{":n", {{"N", "2"}}}}));
  EXPECT_EQ(r.error_type, "ValidationException");
  EXPECT_EQ(r.message, "The document path provided in the update expression is invalid for update");
  EXPECT_EQ(get(h), json::parse(R"({"pk":{"S":"a"},"n":{"N":"1"}})"));
}

// A map value `maps` levels deep around a string.
json nested_maps(int maps) {
  json value = {{"S", "x"}};
  for (int i = 0; i < maps; ++i) value = {{"M", {{"m", value}}}};
  return value;
}

TEST(UpdateItem, RejectsAnUpdateThatNestsTheItemDeeperThan32Levels) {
  Harness h;
  h.create_table("tbl");
  ASSERT_EQ(h.call("PutItem", json{{"TableName", "tbl"},
                                   {"Item", {{"pk", {{"S", "a"}}}, {"m", nested_maps(20)}}}})
                .status,
            200);
  std::string path = "m";
  for (int i = 1; i < 20; ++i) path += ".m";  // the member 20 levels down
  // 20 levels of path plus a 13-level value: 32 levels, the limit.
  CallResult fits =
      h.call("UpdateItem", update("SET " + path + " = :v", {{":v", nested_maps(12)}}));
  EXPECT_EQ(fits.status, 200) << fits.body.dump();
  // One level more is rejected, and the item keeps its last accepted value.
  CallResult deep =
      h.call("UpdateItem", update("SET " + path + " = :v", {{":v", nested_maps(13)}}));
  EXPECT_EQ(deep.error_type, "ValidationException");
  EXPECT_EQ(deep.message,
            "Nesting Levels have exceeded supported limits: Attributes in the item have nested "
            "levels beyond supported limit");
}

TEST(UpdateItem, ReturnValuesSelectWhatComesBack) {
  Harness h;
  h.create_table("tbl");
  h.put("tbl",
        json::parse(R"({"pk":{"S":"a"},"n":{"N":"1"},"m":{"M":{"x":{"N":"1"},"y":{"S":"k"}}}})"));
  const json values = {{":one", {{"N", "1"}}}};
  const auto call = [&](const char* return_values) {
    json request = update("SET n = n + :one, m.x = :one", values);
    request["ReturnValues"] = return_values;
    return h.call("UpdateItem", request).body;
  };
  EXPECT_EQ(call("UPDATED_OLD")["Attributes"],
            json::parse(R"({"n":{"N":"1"},"m":{"M":{"x":{"N":"1"}}}})"));
  EXPECT_EQ(call("UPDATED_NEW")["Attributes"],
            json::parse(R"({"n":{"N":"3"},"m":{"M":{"x":{"N":"1"}}}})"));
  EXPECT_EQ(
      call("ALL_OLD")["Attributes"],
      json::parse(R"({"pk":{"S":"a"},"n":{"N":"3"},"m":{"M":{"x":{"N":"1"},"y":{"S":"k"}}}})"));
  EXPECT_EQ(
      call("ALL_NEW")["Attributes"],
      json::parse(R"({"pk":{"S":"a"},"n":{"N":"5"},"m":{"M":{"x":{"N":"1"},"y":{"S":"k"}}}})"));
  EXPECT_FALSE(call("NONE").contains("Attributes"));
}

TEST(UpdateItem, UpdatedOldOfANewItemReturnsNothing) {
  Harness h;
  h.create_table("tbl");
  json request = update("SET n = :n", {{":n", {{"N", "1"}}}});
  request["ReturnValues"] = "UPDATED_OLD";
  CallResult r = h.call("UpdateItem", request);
  EXPECT_EQ(r.body, json::object());
}

TEST(UpdateItem, RejectsUpdatesOfKeyAttributes) {
  Harness h;
  h.create_table("tbl", "sk");
  json request = {{"TableName", "tbl"},
                  {"Key", {{"pk", {{"S", "a"}}}, {"sk", {{"S", "b"}}}}},
                  {"UpdateExpression", "SET x = :v REMOVE sk"},
                  {"ExpressionAttributeValues", {{":v", {{"S", "v"}}}}}};
  expect_validation(h.call("UpdateItem", request),
                    "One or more parameter values were invalid: Cannot update attribute sk. This "
                    "attribute is part of the key");
}

// Table "tbl": partition key a (S) and a GSI `index` on `attribute` (S).
void create_table_with_gsi(Harness& h, const std::string& index, const std::string& attribute) {
  json request = json::parse(R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"a","KeyType":"HASH"}]})");
  request["AttributeDefinitions"].push_back({{"AttributeName", attribute}, {"AttributeType", "S"}});
  request["GlobalSecondaryIndexes"] = {
      {{"IndexName", index},
       {"KeySchema", {{{"AttributeName", attribute}, {"KeyType", "HASH"}}}},
       {"Projection", {{"ProjectionType", "ALL"}}}}};
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
}

// UpdateItem on item a = "k" of "tbl", with :v = "v" and :n = 2.
CallResult update_k(Harness& h, const char* expression) {
  return h.call("UpdateItem",
                json{{"TableName", "tbl"},
                     {"Key", {{"a", {{"S", "k"}}}}},
                     {"UpdateExpression", expression},
                     {"ExpressionAttributeValues", {{":v", {{"S", "v"}}}, {":n", {{"N", "2"}}}}}});
}

// issue 20: a path into a key or index key attribute is refused as such.
TEST(UpdateItem, RejectsPathsIntoKeyAttributes) {
  Harness h;
  create_table_with_gsi(h, "by_d", "d");
  expect_validation(update_k(h, "SET x = :v, a.b = :v, y = :n"),
                    "Key attributes must be scalars; list random access '[]' and map lookup '.' "
                    "are not allowed: Key: a");
  expect_validation(update_k(h, "SET d[1] = :v, y = :n"),
                    "Key attributes must be scalars; list random access '[]' and map lookup '.' "
                    "are not allowed: IndexKey: d");
  EXPECT_EQ(update_k(h, "SET d = :v, y = :n").status, 200);
}

// issue 20: a type known from the expression is a type mismatch; one known only from the item
// is "unsupported type".
TEST(UpdateItem, RejectsIndexKeysGivenAnotherType) {
  Harness h;
  create_table_with_gsi(h, "index3", "c");
  h.put("tbl", json::parse(R"({"a":{"S":"k"},"n":{"N":"1"}})"));
  for (const char* expression :
       {"ADD c :n SET y = :v", "SET c = n + :n, y = :v", "SET c = :n, y = :v"}) {
    expect_validation(update_k(h, expression),
                      "One or more parameter values were invalid: Type mismatch for Index Key c "
                      "Expected: S Actual: N IndexName: index3");
  }
  expect_validation(update_k(h, "SET c = n, x = :n, y = :v"),
                    "The update expression attempted to update the secondary index key to "
                    "unsupported type");
}

TEST(UpdateItem, PutsExpressionErrorsInTheEnvelope) {
  Harness h;
  h.create_table("tbl");
  expect_validation(h.call("UpdateItem", update("SET a = :v")),
                    "1 validation error detected: Invalid UpdateExpression: An expression "
                    "attribute value used in expression is not defined; attribute value: :v");
  expect_validation(h.call("UpdateItem", update("SET a = :v, a.b = :v", {{":v", {{"N", "1"}}}})),
                    "1 validation error detected: Invalid UpdateExpression: Two document paths "
                    "overlap with each other; must remove or rewrite one of these paths; path "
                    "one: [a], path two: [a, b]");
  expect_validation(
      h.call("UpdateItem", update("SET a = :v", {{":v", {{"N", "1"}}}, {":w", {{"N", "1"}}}})),
      "1 validation error detected: Value provided in ExpressionAttributeValues "
      "unused in expressions: keys: {:w}");
}

TEST(UpdateItem, RejectsValuesWithoutExpressions) {
  Harness h;
  h.create_table("tbl");
  json request = {{"TableName", "tbl"},
                  {"Key", {{"pk", {{"S", "a"}}}}},
                  {"ExpressionAttributeValues", {{":v", {{"N", "1"}}}}}};
  expect_validation(h.call("UpdateItem", request),
                    "1 validation error detected: ExpressionAttributeValues can only be specified "
                    "when using expressions");
}

TEST(UpdateItem, RejectsMixingExpressionsAndAttributeUpdates) {
  Harness h;
  h.create_table("tbl");
  json request = update("SET a = :v", {{":v", {{"S", "x"}}}});
  request["AttributeUpdates"] = {{"a", {{"Action", "PUT"}, {"Value", {{"S", "x"}}}}}};
  expect_validation(h.call("UpdateItem", request),
                    "1 validation error detected: Can not use both expression and non-expression "
                    "parameters in the same request: Non-expression parameters: {AttributeUpdates} "
                    "Expression parameters: {UpdateExpression}");
}

TEST(UpdateItem, ConditionGuardsTheUpdate) {
  Harness h;
  h.create_table("tbl");
  h.put("tbl", json::parse(R"({"pk":{"S":"a"},"v":{"N":"1"}})"));
  json request = update("SET v = :two", {{":two", {{"N", "2"}}}});
  request["ConditionExpression"] = "v = :two";
  CallResult failed = h.call("UpdateItem", request);
  EXPECT_EQ(failed.error_type, "ConditionalCheckFailedException");
  EXPECT_EQ(failed.message, "The conditional request failed");
  request["ConditionExpression"] = "v = :one";
  request["ExpressionAttributeValues"][":one"] = {{"N", "1"}};
  EXPECT_EQ(h.call("UpdateItem", request).status, 200);
  EXPECT_EQ(get(h), json::parse(R"({"pk":{"S":"a"},"v":{"N":"2"}})"));
}

TEST(UpdateItem, ConditionOnAMissingItemSeesNoAttributes) {
  Harness h;
  h.create_table("tbl");
  json request = update("SET v = :one", {{":one", {{"N", "1"}}}});
  request["ConditionExpression"] = "attribute_not_exists(pk)";
  EXPECT_EQ(h.call("UpdateItem", request).status, 200);
  EXPECT_EQ(h.call("UpdateItem", request).error_type, "ConditionalCheckFailedException");
}

TEST(UpdateItem, RejectsAnItemGrownPastTheLimit) {
  Harness h;
  h.create_table("tbl");
  const std::string big(300 * 1024, 'x');
  json values = {{":big", {{"S", big}}}};
  EXPECT_EQ(h.call("UpdateItem", update("SET a = :big", values)).status, 200);
  expect_validation(h.call("UpdateItem", update("SET b = :big", values)),
                    "Item size to update has exceeded the maximum allowed size");
}

TEST(UpdateItem, ReportsAnInvalidReturnValues) {
  Harness h;
  h.create_table("tbl");
  json request = update("SET a = :v", {{":v", {{"S", "x"}}}});
  request["ReturnValues"] = "SOME";
  expect_validation(h.call("UpdateItem", request),
                    "1 validation error detected: Value 'SOME' at 'returnValues' failed to satisfy "
                    "constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, "
                    "ALL_OLD, NONE, UPDATED_NEW]");
}

}  // namespace
}  // namespace ddb::protocol
