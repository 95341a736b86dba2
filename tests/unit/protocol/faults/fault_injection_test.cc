// Fault rules through the dispatcher: the wire form of each injected error (status, __type and
// DynamoDB's text), that an injected failure writes nothing, that a batch share writes and reads
// nothing for the requests it leaves out and gives them back as sent, that latency rides on the
// response, and that the wire's own checks come first.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "protocol/faults/fault_rules.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::Harness;

class FaultInjection : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("orders");
    h.create_table("users");
  }

  void set_rules(const char* document) { rules.replace(parse_fault_rules(json::parse(document))); }

  bool stored(const char* table, const char* pk) {
    CallResult r = h.call("GetItem", json{{"TableName", table}, {"Key", {{"pk", {{"S", pk}}}}}});
    EXPECT_EQ(r.status, 200) << r.raw_body;
    return r.body.contains("Item");
  }

  FaultRules rules;
  Harness h{rules};
};

TEST_F(FaultInjection, EachErrorHasDynamoDBsStatusTypeAndText) {
  struct Case {
    const char* error;
    int status;
    const char* type;
    const char* message;
  };
  for (const Case& c : {
           Case{"ProvisionedThroughputExceededException", 400,
                "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
                "The level of configured provisioned throughput for the table was exceeded. "
                "Consider increasing your provisioning level with the UpdateTable API."},
           Case{"ThrottlingException", 400, "com.amazon.coral.availability#ThrottlingException",
                "Rate of requests exceeds the allowed throughput."},
           Case{"RequestLimitExceeded", 400,
                "com.amazonaws.dynamodb.v20120810#RequestLimitExceeded",
                "Throughput exceeds the current throughput limit for your account. Please contact "
                "AWS Support at https://aws.amazon.com/support request a limit increase"},
           Case{"InternalServerError", 500, "com.amazonaws.dynamodb.v20120810#InternalServerError",
                "Internal server error"},
           Case{"ServiceUnavailable", 503, "com.amazonaws.dynamodb.v20120810#ServiceUnavailable",
                "DynamoDB is currently unavailable. (This should be a temporary state.)"},
           Case{"TransactionConflictException", 400,
                "com.amazonaws.dynamodb.v20120810#TransactionConflictException",
                "Transaction is ongoing for the item"},
       }) {
    set_rules(
        (std::string(R"({"rules":[{"operation":"PutItem","error":")") + c.error + "\"}]}").c_str());
    CallResult r = h.call("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"a"}}})");
    EXPECT_EQ(r.status, c.status) << c.error;
    EXPECT_EQ(r.body, json({{"__type", c.type}, {"message", c.message}})) << c.error;
    rules.clear();
    EXPECT_FALSE(stored("orders", "a")) << c.error;
  }
}

TEST_F(FaultInjection, AnInjectedFailureWritesNothing) {
  h.put("orders", {{"pk", {{"S", "kept"}}}, {"v", {{"N", "1"}}}});
  set_rules(R"({"rules":[{"writes":true,"error":"InternalServerError"}]})");
  for (const char* op : {"PutItem", "UpdateItem", "DeleteItem"}) {
    CallResult r = h.call(op, R"({"TableName":"orders","Item":{"pk":{"S":"kept"}},
        "Key":{"pk":{"S":"kept"}},"UpdateExpression":"SET v = :v",
        "ExpressionAttributeValues":{":v":{"N":"2"}}})");
    EXPECT_EQ(r.status, 500) << op;
  }
  EXPECT_EQ(h.call("BatchWriteItem", R"({"RequestItems":{"orders":[
      {"PutRequest":{"Item":{"pk":{"S":"new"}}}}]}})")
                .status,
            500);
  EXPECT_EQ(h.call("TransactWriteItems", R"({"TransactItems":[
      {"Put":{"TableName":"orders","Item":{"pk":{"S":"new"}}}}]})")
                .status,
            500);
  rules.clear();
  CallResult kept = h.call("GetItem", R"({"TableName":"orders","Key":{"pk":{"S":"kept"}}})");
  EXPECT_EQ(kept.body["Item"]["v"], json({{"N", "1"}}));
  EXPECT_FALSE(stored("orders", "new"));
}

TEST_F(FaultInjection, ACancelledTransactionWritesNothingAndNamesTheConflict) {
  set_rules(R"({"rules":[{"error":"TransactionCanceledException","table":"users"}]})");
  CallResult r = h.call("TransactWriteItems", R"({"TransactItems":[
      {"Put":{"TableName":"orders","Item":{"pk":{"S":"o1"}}}},
      {"Put":{"TableName":"users","Item":{"pk":{"S":"u1"}}}}]})");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, json::parse(R"({
    "__type": "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
    "Message": "Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]",
    "CancellationReasons": [{"Code": "None"},
      {"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"}]})"));
  rules.clear();
  EXPECT_FALSE(stored("orders", "o1"));
  EXPECT_FALSE(stored("users", "u1"));
}

TEST_F(FaultInjection, ABatchWriteShareIsNotWrittenAndComesBackAsSent) {
  set_rules(R"({"seed":5,"rules":[{"error":"UnprocessedItems","share":0.5,"table":"orders"}]})");
  json request = {{"RequestItems", json::object()}};
  for (const char* pk : {"o1", "o2", "o3", "o4"}) {
    request["RequestItems"]["orders"].push_back(
        {{"PutRequest", {{"Item", {{"pk", {{"S", pk}}}, {"extra", {{"S", "x"}}}}}}}});
  }
  request["RequestItems"]["users"].push_back({{"PutRequest", {{"Item", {{"pk", {{"S", "u1"}}}}}}}});
  CallResult r = h.call("BatchWriteItem", request);
  ASSERT_EQ(r.status, 200) << r.raw_body;
  ASSERT_EQ(r.body["UnprocessedItems"].size(), 1u);
  const json& left = r.body["UnprocessedItems"]["orders"];
  ASSERT_EQ(left.size(), 2u);
  rules.clear();
  EXPECT_TRUE(stored("users", "u1"));
  int written = 0;
  for (const json& write : request["RequestItems"]["orders"]) {
    const std::string pk = write["PutRequest"]["Item"]["pk"]["S"];
    const bool returned = std::find(left.begin(), left.end(), write) != left.end();
    EXPECT_NE(stored("orders", pk.c_str()), returned) << pk;
    written += returned ? 0 : 1;
  }
  EXPECT_EQ(written, 2);
}

TEST_F(FaultInjection, ABatchGetShareIsNotReadAndComesBackAsSent) {
  for (const char* pk : {"a", "b", "c"}) h.put("orders", {{"pk", {{"S", pk}}}});
  set_rules(R"({"rules":[{"error":"UnprocessedKeys","share":1}]})");
  CallResult r = h.call("BatchGetItem", R"({"RequestItems":{"orders":{
      "Keys":[{"pk":{"S":"a"}},{"pk":{"S":"b"}}],"ConsistentRead":true}}})");
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body, json::parse(R"({"Responses":{"orders":[]},"UnprocessedKeys":{"orders":{
      "Keys":[{"pk":{"S":"a"}},{"pk":{"S":"b"}}],"ConsistentRead":true}}})"));
}

TEST_F(FaultInjection, LatencyRidesOnTheResponseWhateverItIs) {
  set_rules(R"({"rules":[{"operation":"GetItem","latencyMs":150}]})");
  CallResult found = h.call("GetItem", R"({"TableName":"orders","Key":{"pk":{"S":"a"}}})");
  EXPECT_EQ(found.status, 200);
  EXPECT_EQ(found.delay.count(), 150);
  CallResult missing = h.call("GetItem", R"({"TableName":"nope","Key":{"pk":{"S":"a"}}})");
  EXPECT_EQ(missing.error_type, "ResourceNotFoundException");
  EXPECT_EQ(missing.delay.count(), 150);
  EXPECT_EQ(h.call("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"a"}}})").delay.count(),
            0);
}

TEST_F(FaultInjection, TheWiresOwnChecksComeFirst) {
  set_rules(R"({"rules":[{"error":"ThrottlingException"}]})");
  EXPECT_EQ(h.call("PutItem", "{not json").error_type, "SerializationException");
  EXPECT_EQ(h.call("NoSuchOperation", "{}").error_type, "UnknownOperationException");
  EXPECT_EQ(h.call("PutItem", "{}").error_type, "ThrottlingException");
}

}  // namespace
}  // namespace ddb::protocol
