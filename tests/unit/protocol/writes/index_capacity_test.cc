#include "protocol/writes/index_capacity.h"

#include <gtest/gtest.h>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

// Table "users" (pk S) with a KEYS_ONLY GSI on email; every write asks for INDEXES capacity.
class IndexWriteCapacity : public ::testing::Test {
 protected:
  void SetUp() override {
    auto r = h.call("CreateTable", R"({"TableName":"users","BillingMode":"PAY_PER_REQUEST",
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                                {"AttributeName":"email","AttributeType":"S"}],
        "GlobalSecondaryIndexes":[{"IndexName":"by_email",
            "KeySchema":[{"AttributeName":"email","KeyType":"HASH"}],
            "Projection":{"ProjectionType":"KEYS_ONLY"}}]})");
    ASSERT_EQ(r.status, 200) << r.body.dump();
  }
  json capacity_of(const char* op, json request) {
    request["TableName"] = "users";
    request["ReturnConsumedCapacity"] = "INDEXES";
    auto r = h.call(op, request);
    EXPECT_EQ(r.status, 200) << r.body.dump();
    return r.body["ConsumedCapacity"];
  }
  static json expected(double table, double index) {
    return {{"TableName", "users"},
            {"CapacityUnits", table + index},
            {"Table", {{"CapacityUnits", table}}},
            {"GlobalSecondaryIndexes", {{"by_email", {{"CapacityUnits", index}}}}}};
  }
  test::Harness h;
};

TEST_F(IndexWriteCapacity, ANewEntryCostsOneIndexWrite) {
  EXPECT_EQ(capacity_of("PutItem", {{"Item", {{"pk", {{"S", "u1"}}}, {"email", {{"S", "a@x"}}}}}}),
            expected(1, 1));
}

TEST_F(IndexWriteCapacity, AnItemOutsideTheIndexCostsTheIndexNothing) {
  EXPECT_EQ(capacity_of("PutItem", {{"Item", {{"pk", {{"S", "u1"}}}}}}), expected(1, 0));
}

TEST_F(IndexWriteCapacity, AnUnchangedEntryCostsNothingAndAMovedOneCostsTwo) {
  capacity_of("PutItem", {{"Item", {{"pk", {{"S", "u1"}}}, {"email", {{"S", "a@x"}}}}}});
  // KEYS_ONLY: a new non-key attribute leaves the entry as it was.
  EXPECT_EQ(capacity_of("UpdateItem", {{"Key", {{"pk", {{"S", "u1"}}}}},
                                       {"UpdateExpression", "SET age = :a"},
                                       {"ExpressionAttributeValues", {{":a", {{"N", "3"}}}}}}),
            expected(1, 0));
  // A new email deletes one entry and puts another.
  EXPECT_EQ(capacity_of("UpdateItem", {{"Key", {{"pk", {{"S", "u1"}}}}},
                                       {"UpdateExpression", "SET email = :e"},
                                       {"ExpressionAttributeValues", {{":e", {{"S", "b@x"}}}}}}),
            expected(1, 2));
  EXPECT_EQ(capacity_of("DeleteItem", {{"Key", {{"pk", {{"S", "u1"}}}}}}), expected(1, 1));
}

TEST_F(IndexWriteCapacity, TotalSumsTheTableAndItsIndexes) {
  auto r = h.call("PutItem", R"({"TableName":"users","ReturnConsumedCapacity":"TOTAL",
      "Item":{"pk":{"S":"u1"},"email":{"S":"a@x"}}})");
  EXPECT_EQ(r.body["ConsumedCapacity"], (json{{"TableName", "users"}, {"CapacityUnits", 2.0}}));
}

}  // namespace
}  // namespace ddb::protocol
