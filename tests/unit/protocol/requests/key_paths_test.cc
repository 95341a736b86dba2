// Key attributes are scalars: a ProjectionExpression, a FilterExpression or a ConditionExpression
// that goes into a key attribute with `.` or `[n]` is refused with DynamoDB's text (issue 20), on
// every operation that takes one.

#include "protocol/requests/key_paths.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::Harness;

constexpr const char* kScalars =
    "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: ";

void expect_scalars(const CallResult& r, const std::string& key) {
  EXPECT_EQ(r.status, 400) << r.body.dump();
  EXPECT_EQ(r.error_type, "ValidationException");
  EXPECT_EQ(r.message, kScalars + key);
}

// Table "tbl": partition key a (S), sort key s (S), and a GSI "by_d" on d (S).
class KeyPaths : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(h.call("CreateTable", json::parse(R"j({"TableName":"tbl",
        "BillingMode":"PAY_PER_REQUEST",
        "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},
                                {"AttributeName":"s","AttributeType":"S"},
                                {"AttributeName":"d","AttributeType":"S"}],
        "KeySchema":[{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"s","KeyType":"RANGE"}],
        "GlobalSecondaryIndexes":[{"IndexName":"by_d",
            "KeySchema":[{"AttributeName":"d","KeyType":"HASH"}],
            "Projection":{"ProjectionType":"ALL"}}]})j"))
                  .status,
              200);
  }
  CallResult call(const char* op, const char* body) { return h.call(op, json::parse(body)); }
  Harness h;
};

TEST_F(KeyPaths, ProjectionsMayNotGoIntoKeys) {
  expect_scalars(call("GetItem", R"j({"TableName":"tbl","Key":{"a":{"S":"1"},"s":{"S":"2"}},
                                     "ProjectionExpression":"x, a.b"})j"),
                 "Key: a");
  expect_scalars(call("Scan", R"j({"TableName":"tbl","ProjectionExpression":"d[0]"})j"),
                 "IndexKey: d");
  expect_scalars(call("Query", R"j({"TableName":"tbl","KeyConditionExpression":"a = :a",
                                   "ExpressionAttributeValues":{":a":{"S":"1"}},
                                   "ProjectionExpression":"#s.t","ExpressionAttributeNames":{"#s":"s"}})j"),
                 "Key: s");
  expect_scalars(call("BatchGetItem", R"j({"RequestItems":{"tbl":{
                        "Keys":[{"a":{"S":"1"},"s":{"S":"2"}}],"ProjectionExpression":"a[1]"}}})j"),
                 "Key: a");
  expect_scalars(call("TransactGetItems", R"j({"TransactItems":[{"Get":{"TableName":"tbl",
                        "Key":{"a":{"S":"1"},"s":{"S":"2"}},"ProjectionExpression":"d.e"}}]})j"),
                 "IndexKey: d");
  EXPECT_EQ(call("GetItem", R"j({"TableName":"tbl","Key":{"a":{"S":"1"},"s":{"S":"2"}},
                                "ProjectionExpression":"a, s, d, x.y"})j")
                .status,
            200);
}

TEST_F(KeyPaths, FiltersAndConditionsMayNotGoIntoKeys) {
  expect_scalars(call("Scan", R"j({"TableName":"tbl","FilterExpression":"size(a.b) > :n",
                                  "ExpressionAttributeValues":{":n":{"N":"1"}}})j"),
                 "Key: a");
  expect_scalars(call("Query", R"j({"TableName":"tbl","KeyConditionExpression":"a = :a",
                                   "FilterExpression":"attribute_exists(d.x)",
                                   "ExpressionAttributeValues":{
    ":a" : { "S" : "1" }}
})j"),
                 "IndexKey: d");
  expect_scalars(call("PutItem", R"j({"TableName":"tbl","Item":{"a":{"S":"1"},"s":{"S":"2"}},
                                     "ConditionExpression":"attribute_not_exists(s[0])"
  })j"),
                 "Key: s");
  expect_scalars(call("DeleteItem", R"j({"TableName":"tbl","Key":{"a":{"S":"1"},"s":{"S":"2"}},
                                        "ConditionExpression":"x = :v OR a.b = :v",
                                        "ExpressionAttributeValues":{":v":{"S":"1"}}})j"),
                 "Key: a");
  expect_scalars(call("UpdateItem", R"j({"TableName":"tbl","Key":{"a":{"S":"1"},"s":{"S":"2"}},
                                        "UpdateExpression":"SET x = :v",
                                        "ConditionExpression":"begins_with(d.e, :v)",
                                        "ExpressionAttributeValues":{
  ":v" : { "S" : "1" }}
  })j"),
                 "IndexKey: d");
  EXPECT_EQ(call("PutItem", R"j({"TableName":"tbl","Item":{"a":{"S":"1"},"s":{"S":"2"}},
                                "ConditionExpression":"attribute_not_exists(a) AND x.y <> :v",
                                "ExpressionAttributeValues":{":v":{"S":"1"}}})j")
                .status,
            200);
}

TEST_F(KeyPaths, ATransactionCancelsOnAConditionIntoAKey) {
  CallResult r = call("TransactWriteItems", R"j({"TransactItems":[{"ConditionCheck":{
      "TableName":"tbl","Key":{"a":{"S":"1"},"s":{"S":"2"}},
      "ConditionExpression":"attribute_exists(a.b)"
  }
  }]
  })j");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "TransactionCanceledException");
  ASSERT_TRUE(r.body.contains("CancellationReasons")) << r.body.dump();
  EXPECT_EQ(r.body["CancellationReasons"][0]["Code"], "ValidationError");
  EXPECT_EQ(r.body["CancellationReasons"][0]["Message"], std::string(kScalars) + "Key: a");
}

}  // namespace
}  // namespace ddb::protocol
