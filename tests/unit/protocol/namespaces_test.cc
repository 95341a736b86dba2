// Tables belong to the caller's access key and SigV4 region (Namespaces::PerAccessKey, the default,
// as DynamoDB Local without -sharedDb), to its region alone (Namespaces::PerRegion, data
// directories of older ddblocal versions), or to one namespace shared by every caller
// (Namespaces::Shared, --shared-db). Runs the dispatcher in-process with callers signing for
// different keys and regions.

#include "protocol/namespaces.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/database.h"
#include "protocol/dispatch.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

class NamespacesTest : public ::testing::Test {
 protected:
  json call(const Dispatcher& dispatcher, const std::string& region, const std::string& op,
            const json& body) {
    return call_as(dispatcher, "AKIDEXAMPLE", region, op, body);
  }

  // `op` is "Query" or, for DynamoDB Streams, "DynamoDBStreams_20120810.DescribeStream".
  json call_as(const Dispatcher& dispatcher, const std::string& access_key,
               const std::string& region, const std::string& op, const json& body) {
    Caller caller;
    caller.access_key = access_key;
    caller.region = region;
    const std::string target = op.find('.') == std::string::npos ? "DynamoDB_20120810." + op : op;
    Response response = dispatcher.handle(target, body.dump(), caller);
    json parsed = json::parse(response.body);
    parsed["_status"] = response.status;
    return parsed;
  }

  json create(const Dispatcher& dispatcher, const std::string& region, const std::string& name) {
    return create_as(dispatcher, "AKIDEXAMPLE", region, name);
  }

  json create_as(const Dispatcher& dispatcher, const std::string& access_key,
                 const std::string& region, const std::string& name, bool stream = false) {
    json request = {{"TableName", name},
                    {"BillingMode", "PAY_PER_REQUEST"},
                    {"AttributeDefinitions", {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
                    {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}}};
    if (stream) {
      request["StreamSpecification"] = {{"StreamEnabled", true}, {"StreamViewType", "KEYS_ONLY"}};
    }
    return call_as(dispatcher, access_key, region, "CreateTable", request);
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

TEST_F(NamespacesTest, OtherAccessKeyInTheSameRegionDoesNotSeeTheTable) {
  Dispatcher dispatcher(database_);
  ASSERT_EQ(create_as(dispatcher, "SUITEA", "us-east-1", "users")["_status"], 200);

  EXPECT_EQ(call_as(dispatcher, "SUITEB", "us-east-1", "ListTables", json::object())["TableNames"],
            json::array());
  json described =
      call_as(dispatcher, "SUITEB", "us-east-1", "DescribeTable", {{"TableName", "users"}});
  EXPECT_EQ(described["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  EXPECT_EQ(described["message"], "Requested resource not found: Table: users not found");
  json put = call_as(dispatcher, "SUITEB", "us-east-1", "PutItem",
                     {{"TableName", "users"}, {"Item", {{"pk", {{"S", "a"}}}}}});
  EXPECT_EQ(put["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  EXPECT_EQ(put["message"], "Requested resource not found");

  // The same name is free for the other key, and both tables have the account's ARN: keys are not
  // accounts, and DynamoDB Local gives every key account 000000000000 too.
  json other = create_as(dispatcher, "SUITEB", "us-east-1", "users");
  ASSERT_EQ(other["_status"], 200);
  EXPECT_EQ(other["TableDescription"]["TableArn"],
            "arn:aws:dynamodb:us-east-1:000000000000:table/users");
  call_as(dispatcher, "SUITEB", "us-east-1", "PutItem",
          {{"TableName", "users"}, {"Item", {{"pk", {{"S", "b"}}}}}});
  EXPECT_EQ(call_as(dispatcher, "SUITEA", "us-east-1", "Scan", {{"TableName", "users"}})["Count"],
            0);
  EXPECT_EQ(call_as(dispatcher, "SUITEB", "us-east-1", "Scan", {{"TableName", "users"}})["Count"],
            1);
}

TEST_F(NamespacesTest, SameAccessKeyInAnotherRegionDoesNotSeeTheTable) {
  Dispatcher dispatcher(database_);
  ASSERT_EQ(create_as(dispatcher, "SUITEA", "us-east-1", "users")["_status"], 200);
  EXPECT_EQ(call_as(dispatcher, "SUITEA", "eu-west-1", "ListTables", json::object())["TableNames"],
            json::array());
  EXPECT_EQ(call_as(dispatcher, "SUITEA", "us-east-1", "ListTables", json::object())["TableNames"],
            json::array({"users"}));
}

TEST_F(NamespacesTest, StreamArnResolvesOnlyInItsNamespace) {
  // Both tables' streams are enabled in the same millisecond: their ARNs still differ, so that an
  // ARN names one stream.
  engine::StreamOptions options;
  options.clock = [] { return int64_t{1'700'000'000'000}; };
  database_.streams().set_options(options);
  Dispatcher dispatcher(database_);
  json a = create_as(dispatcher, "SUITEA", "us-east-1", "events", true);
  json b = create_as(dispatcher, "SUITEB", "us-east-1", "events", true);
  const std::string arn_a = a["TableDescription"]["LatestStreamArn"];
  const std::string arn_b = b["TableDescription"]["LatestStreamArn"];
  EXPECT_NE(arn_a, arn_b);

  json mine = call_as(dispatcher, "SUITEA", "us-east-1", "DynamoDBStreams_20120810.DescribeStream",
                      {{"StreamArn", arn_a}});
  EXPECT_EQ(mine["StreamDescription"]["StreamArn"], arn_a);
  json theirs = call_as(dispatcher, "SUITEB", "us-east-1",
                        "DynamoDBStreams_20120810.DescribeStream", {{"StreamArn", arn_a}});
  EXPECT_EQ(theirs["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  EXPECT_EQ(theirs["message"], "Requested resource not found: Stream: " + arn_a + " not found");

  json listed = call_as(dispatcher, "SUITEB", "us-east-1", "DynamoDBStreams_20120810.ListStreams",
                        json::object());
  ASSERT_EQ(listed["Streams"].size(), 1u);
  EXPECT_EQ(listed["Streams"][0]["StreamArn"], arn_b);
}

TEST_F(NamespacesTest, PerRegionLetsEveryAccessKeySeeTheRegionsTables) {
  Dispatcher dispatcher(database_, Namespaces::PerRegion);
  ASSERT_EQ(create_as(dispatcher, "SUITEA", "us-east-1", "users")["_status"], 200);
  EXPECT_EQ(call_as(dispatcher, "SUITEB", "us-east-1", "ListTables", json::object())["TableNames"],
            json::array({"users"}));
  EXPECT_EQ(call_as(dispatcher, "SUITEB", "eu-west-1", "ListTables", json::object())["TableNames"],
            json::array());
}

TEST_F(NamespacesTest, SharedNamespaceShowsEveryTableToEveryAccessKey) {
  Dispatcher dispatcher(database_, Namespaces::Shared);
  ASSERT_EQ(create_as(dispatcher, "SUITEA", "us-east-1", "users")["_status"], 200);
  EXPECT_EQ(call_as(dispatcher, "SUITEB", "eu-west-1", "ListTables", json::object())["TableNames"],
            json::array({"users"}));
}

TEST(NamespaceOf, NamesKeyAndRegionRegionOrNothing) {
  Caller caller;
  caller.access_key = "SUITEA";
  caller.region = "eu-west-1";
  EXPECT_EQ(namespace_of(Namespaces::PerAccessKey, caller), "SUITEA/eu-west-1");
  EXPECT_EQ(namespace_of(Namespaces::PerRegion, caller), "eu-west-1");
  EXPECT_EQ(namespace_of(Namespaces::Shared, caller), "");
}

engine::TableDefinition definition_named(const std::string& name) {
  engine::TableDefinition definition;
  definition.name = name;
  definition.key_schema.partition = {"pk", engine::Type::S};
  return definition;
}

TEST(NamespacesFor, DefaultsToPerAccessKey) {
  engine::Database database;
  EXPECT_EQ(namespaces_for(database, false), Namespaces::PerAccessKey);
  EXPECT_EQ(namespaces_for(database, true), Namespaces::Shared);
}

TEST(NamespacesFor, KeepsPerRegionForTablesRestoredIntoARegionAlone) {
  engine::Database database;
  database.create_table("SUITEA/us-east-1", definition_named("new"));
  EXPECT_EQ(namespaces_for(database, false), Namespaces::PerAccessKey);
  // An earlier --shared-db run's tables do not change the split.
  database.create_table("", definition_named("shared"));
  EXPECT_EQ(namespaces_for(database, false), Namespaces::PerAccessKey);
  database.create_table("us-east-1", definition_named("old"));
  EXPECT_EQ(namespaces_for(database, false), Namespaces::PerRegion);
  EXPECT_EQ(namespaces_for(database, true), Namespaces::Shared);
}

}  // namespace
}  // namespace ddb::protocol
