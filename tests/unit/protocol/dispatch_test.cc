// The dispatcher in-process: its wire basics (unknown targets, unparseable bodies and the __type
// namespace of each error, with DynamoDB's exact error types and messages: dynalite's tests
// recorded against AWS, paritysuite captures from 2026, AWS responses quoted in GitHub issues), and
// the namespaces of tables: the caller's SigV4 region (Namespaces::PerRegion), or one namespace
// shared by every caller (Namespaces::Shared, --shared-db).

#include "protocol/dispatch.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/database.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::Harness;

TEST(Dispatch, UnknownTargetIsAnUnknownOperationWithoutMessage) {
  Harness h;
  CallResult r = h.call("ListTable", "{}");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "UnknownOperationException");
  EXPECT_EQ(r.body,
            json::parse(R"({"__type":"com.amazon.coral.service#UnknownOperationException"})"));
}

TEST(Dispatch, UnparseableBodyIsASerializationExceptionWithoutMessage) {
  Harness h;
  CallResult r = h.call("ListTables", "{not json");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, json::parse(R"({"__type":"com.amazon.coral.service#SerializationException"})"));
}

TEST(Dispatch, SerializationExceptionSpellsMessageWithACapital) {
  Harness h;
  CallResult r = h.call("DescribeTable", R"({"TableName":5})");
  EXPECT_EQ(r.body, json::parse(R"({"__type":"com.amazon.coral.service#SerializationException",
                                    "Message":"NUMBER_VALUE cannot be converted to String"})"));
}

TEST(Dispatch, ValidationExceptionUsesTheCoralValidateNamespace) {
  Harness h;
  CallResult r = h.call("DescribeTable", "{}");
  EXPECT_EQ(r.body["__type"], "com.amazon.coral.validate#ValidationException");
  EXPECT_TRUE(r.body.contains("message"));
}

TEST(Dispatch, ResourceNotFoundUsesTheDynamoDbNamespace) {
  Harness h;
  CallResult r = h.call("DescribeTable", R"({"TableName":"nope"})");
  EXPECT_EQ(r.body["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
}

// ---- Namespaces ------------------------------------------------------------------------------

class NamespacesTest : public ::testing::Test {
 protected:
  json call(const Dispatcher& dispatcher, const std::string& region, const std::string& op,
            const json& body) {
    const Caller caller{"AKIDEXAMPLE", region, std::nullopt};
    Response response = dispatcher.handle("DynamoDB_20120810." + op, body.dump(), caller);
    json parsed = json::parse(response.body);
    parsed["_status"] = response.status;
    return parsed;
  }

  json create(const Dispatcher& dispatcher, const std::string& region, const std::string& name) {
    return call(dispatcher, region, "CreateTable",
                {{"TableName", name},
                 {"BillingMode", "PAY_PER_REQUEST"},
                 {"AttributeDefinitions", {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
                 {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}}});
  }

  engine::Database database_;
};

TEST_F(NamespacesTest, OtherRegionDoesNotSeeTheTable) {
  Dispatcher dispatcher(database_);
  ASSERT_EQ(create(dispatcher, "us-east-1", "users")["_status"], 200);

  json listed = call(dispatcher, "eu-west-1", "ListTables", json::object());
  EXPECT_EQ(listed["TableNames"], json::array());
  json described = call(dispatcher, "eu-west-1", "DescribeTable", {{"TableName", "users"}});
  EXPECT_EQ(described["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  EXPECT_EQ(described["message"], "Requested resource not found: Table: users not found");
  json put = call(dispatcher, "eu-west-1", "PutItem",
                  {{"TableName", "users"}, {"Item", {{"pk", {{"S", "a"}}}}}});
  EXPECT_EQ(put["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  EXPECT_EQ(put["message"], "Requested resource not found");

  EXPECT_EQ(call(dispatcher, "us-east-1", "ListTables", json::object())["TableNames"],
            json::array({"users"}));
}

TEST_F(NamespacesTest, SameNameInTwoRegionsHoldsDifferentItemsAndArns) {
  Dispatcher dispatcher(database_);
  json east = create(dispatcher, "us-east-1", "users");
  json west = create(dispatcher, "eu-west-1", "users");
  EXPECT_EQ(east["TableDescription"]["TableArn"],
            "arn:aws:dynamodb:us-east-1:000000000000:table/users");
  EXPECT_EQ(west["TableDescription"]["TableArn"],
            "arn:aws:dynamodb:eu-west-1:000000000000:table/users");

  call(dispatcher, "eu-west-1", "PutItem",
       {{"TableName", "users"}, {"Item", {{"pk", {{"S", "a"}}}, {"where", {{"S", "west"}}}}}});
  json got_east = call(dispatcher, "us-east-1", "GetItem",
                       {{"TableName", "users"}, {"Key", {{"pk", {{"S", "a"}}}}}});
  EXPECT_FALSE(got_east.contains("Item"));
  json got_west = call(dispatcher, "eu-west-1", "GetItem",
                       {{"TableName", "users"}, {"Key", {{"pk", {{"S", "a"}}}}}});
  EXPECT_EQ(got_west["Item"]["where"]["S"], "west");

  EXPECT_EQ(call(dispatcher, "eu-west-1", "DeleteTable", {{"TableName", "users"}})["_status"], 200);
  EXPECT_EQ(
      call(dispatcher, "us-east-1", "DescribeTable", {{"TableName", "users"}})["Table"]["TableArn"],
      "arn:aws:dynamodb:us-east-1:000000000000:table/users");
}

TEST_F(NamespacesTest, TransactionCannotReachATableOfAnotherRegion) {
  Dispatcher dispatcher(database_);
  create(dispatcher, "us-east-1", "orders");
  create(dispatcher, "eu-west-1", "stock");
  json result = call(dispatcher, "us-east-1", "TransactWriteItems",
                     {{"TransactItems",
                       {{{"Put", {{"TableName", "orders"}, {"Item", {{"pk", {{"S", "o1"}}}}}}}},
                        {{"Put", {{"TableName", "stock"}, {"Item", {{"pk", {{"S", "s1"}}}}}}}}}}});
  EXPECT_EQ(result["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  EXPECT_EQ(result["message"], "Requested resource not found");
  json scanned = call(dispatcher, "us-east-1", "Scan", {{"TableName", "orders"}});
  EXPECT_EQ(scanned["Count"], 0);
}

TEST_F(NamespacesTest, SharedNamespaceShowsEveryTableToEveryRegionWithTheCreatorsArn) {
  Dispatcher dispatcher(database_, Namespaces::Shared);
  ASSERT_EQ(create(dispatcher, "us-east-1", "users")["_status"], 200);
  EXPECT_EQ(call(dispatcher, "eu-west-1", "ListTables", json::object())["TableNames"],
            json::array({"users"}));
  json again = create(dispatcher, "eu-west-1", "users");
  EXPECT_EQ(again["__type"], "com.amazonaws.dynamodb.v20120810#ResourceInUseException");
  json described = call(dispatcher, "eu-west-1", "DescribeTable", {{"TableName", "users"}});
  EXPECT_EQ(described["Table"]["TableArn"], "arn:aws:dynamodb:us-east-1:000000000000:table/users");
}

}  // namespace
}  // namespace ddb::protocol
