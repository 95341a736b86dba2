// Database::reset, snapshot and restore, driven through the DynamoDB operations (the harness).
#include "engine/snapshot.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/database.h"
#include "tests/support/harness.h"

namespace ddb::engine {
namespace {

using nlohmann::json;

json ok(const test::Harness& h, std::string_view op, const json& body) {
  test::CallResult r = h.call(op, body);
  EXPECT_EQ(r.status, 200) << op << ": " << r.error_type << " " << r.message;
  return r.body;
}

// "orders": pk/sk strings, GSI "by-status" (status, ALL), a stream, TTL on "expires" and a tag.
void create_orders(const test::Harness& h) {
  ok(h, "CreateTable", json::parse(R"({
    "TableName": "orders", "BillingMode": "PAY_PER_REQUEST",
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "sk", "AttributeType": "S"},
                             {"AttributeName": "status", "AttributeType": "S"}],
    "GlobalSecondaryIndexes": [{"IndexName": "by-status",
        "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
        "Projection": {"ProjectionType": "ALL"}}],
    "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"},
    "Tags": [{"Key": "team", "Value": "checkout"}]})"));
  ok(h, "UpdateTimeToLive", json::parse(R"({"TableName": "orders",
    "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expires"}})"));
}

json order(const std::string& pk, const std::string& status) {
  return {{"pk", {{"S", pk}}}, {"sk", {{"S", "1"}}}, {"status", {{"S", status}}}};
}

json scan(const test::Harness& h, const std::string& table) {
  return ok(h, "Scan", {{"TableName", table}})["Items"];
}

json query_status(const test::Harness& h, const std::string& status) {
  return ok(h, "Query",
            {{"TableName", "orders"},
             {"IndexName", "by-status"},
             {"KeyConditionExpression", "#s = :s"},
             {"ExpressionAttributeNames", {{"#s", "status"}}},
             {"ExpressionAttributeValues", {{":s", {{"S", status}}}}}})["Items"];
}

json table_names(const test::Harness& h) {
  return ok(h, "ListTables", json::object())["TableNames"];
}

TEST(DatabaseSnapshot, RestoreBringsBackADeletedTableWithItemsIndexAndSettings) {
  test::Harness h;
  create_orders(h);
  h.put("orders", order("a", "open"));
  h.put("orders", order("b", "shipped"));
  const json items = scan(h, "orders");
  const json before = ok(h, "DescribeTable", {{"TableName", "orders"}})["Table"];
  auto snapshot = h.database().snapshot(NamespaceScope::all());
  EXPECT_EQ(snapshot->item_count(), 2u);

  ok(h, "DeleteTable", {{"TableName", "orders"}});
  h.create_table("later");
  EXPECT_EQ(h.database().restore(*snapshot), 1u);

  EXPECT_EQ(table_names(h), json::array({"orders"}));
  EXPECT_EQ(scan(h, "orders"), items);
  EXPECT_EQ(query_status(h, "open"), json::array({order("a", "open")}));
  const json after = ok(h, "DescribeTable", {{"TableName", "orders"}})["Table"];
  EXPECT_EQ(after["ItemCount"], 2);
  EXPECT_EQ(after["KeySchema"], before["KeySchema"]);
  EXPECT_EQ(after["GlobalSecondaryIndexes"][0]["IndexStatus"], "ACTIVE");
  EXPECT_EQ(after["StreamSpecification"], before["StreamSpecification"]);
  // A restore makes a new table, as DynamoDB's restores do: a new TableId and a new stream.
  EXPECT_NE(after["TableId"], before["TableId"]);
  EXPECT_NE(after["LatestStreamArn"], before["LatestStreamArn"]);
  EXPECT_EQ(ok(h, "DescribeTimeToLive", {{"TableName", "orders"}})["TimeToLiveDescription"],
            json::parse(R"({"TimeToLiveStatus": "ENABLED", "AttributeName": "expires"})"));
  EXPECT_EQ(ok(h, "ListTagsOfResource", {{"ResourceArn", after["TableArn"]}})["Tags"],
            json::parse(R"([{"Key": "team", "Value": "checkout"}])"));
}

TEST(DatabaseSnapshot, WritesAfterTheSaveAreUndoneByEachRestore) {
  test::Harness h;
  create_orders(h);
  h.put("orders", order("a", "open"));
  auto snapshot = h.database().snapshot(NamespaceScope::all());
  for (int round = 0; round < 3; ++round) {
    h.put("orders", order("a", "closed"));
    h.put("orders", order("c" + std::to_string(round), "open"));
    EXPECT_EQ(query_status(h, "open").size(), 1u);
    h.database().restore(*snapshot);
    EXPECT_EQ(scan(h, "orders"), json::array({order("a", "open")})) << round;
    EXPECT_EQ(query_status(h, "open"), json::array({order("a", "open")})) << round;
    EXPECT_EQ(query_status(h, "closed"), json::array()) << round;
  }
}

// The records of every shard of the stream, read from TRIM_HORIZON.
std::size_t stream_records(const test::Harness& h, const std::string& arn) {
  std::size_t records = 0;
  json shards =
      h.call_streams("DescribeStream", {{"StreamArn", arn}}).body["StreamDescription"]["Shards"];
  for (const json& shard : shards) {
    std::string iterator =
        h.call_streams("GetShardIterator", {{"StreamArn", arn},
                                            {"ShardId", shard["ShardId"]},
                                            {"ShardIteratorType", "TRIM_HORIZON"}})
            .body["ShardIterator"];
    records += h.call_streams("GetRecords", {{"ShardIterator", iterator}}).body["Records"].size();
  }
  return records;
}

TEST(DatabaseSnapshot, RestoredStreamHasNoRecordsAndTheOldStreamIsGone) {
  test::Harness h;
  create_orders(h);
  h.put("orders", order("a", "open"));
  const std::string old_arn =
      ok(h, "DescribeTable", {{"TableName", "orders"}})["Table"]["LatestStreamArn"];
  auto snapshot = h.database().snapshot(NamespaceScope::all());
  h.database().restore(*snapshot);
  const std::string new_arn =
      ok(h, "DescribeTable", {{"TableName", "orders"}})["Table"]["LatestStreamArn"];
  json streams = h.call_streams("ListStreams", json::object()).body["Streams"];
  ASSERT_EQ(streams.size(), 1u);
  EXPECT_EQ(streams[0]["StreamArn"], new_arn);
  EXPECT_EQ(h.database().streams().find(old_arn), nullptr);

  EXPECT_EQ(stream_records(h, new_arn), 0u);
  // Writes after the restore are recorded on the new stream.
  h.put("orders", order("b", "open"));
  EXPECT_EQ(stream_records(h, new_arn), 1u);
}

TEST(DatabaseSnapshot, ANamespaceSnapshotRestoresOnlyThatNamespace) {
  test::Harness h;
  const std::string mine = h.table_namespace();
  h.create_table("mine");
  h.put("mine", {{"pk", {{"S", "1"}}}});
  auto snapshot = h.database().snapshot(NamespaceScope::only(mine));
  ASSERT_EQ(snapshot->tables.size(), 1u);

  h.caller().access_key = "OTHERKEY";
  h.create_table("theirs");
  h.caller().access_key = "AKIDEXAMPLE";
  h.create_table("extra");
  h.database().restore(*snapshot);

  EXPECT_EQ(table_names(h), json::array({"mine"}));
  EXPECT_EQ(scan(h, "mine").size(), 1u);
  h.caller().access_key = "OTHERKEY";
  EXPECT_EQ(table_names(h), json::array({"theirs"}));
}

TEST(DatabaseReset, DropsEveryTableStreamAndTransactionToken) {
  test::Harness h;
  create_orders(h);
  h.create_table("plain");
  h.put("orders", order("a", "open"));
  const json transact = json::parse(R"({"ClientRequestToken": "token-1", "TransactItems": [
      {"Put": {"TableName": "plain", "Item": {"pk": {"S": "t"}}}}]})");
  ok(h, "TransactWriteItems", transact);
  EXPECT_EQ(h.database().transaction_tokens(h.table_namespace()).size(), 1u);

  EXPECT_EQ(h.database().reset(NamespaceScope::all()), 2u);
  EXPECT_EQ(table_names(h), json::array());
  EXPECT_EQ(h.database().streams().list().size(), 0u);
  EXPECT_EQ(h.database().transaction_tokens(h.table_namespace()).size(), 0u);
  // The same names can be created again, empty.
  create_orders(h);
  EXPECT_EQ(scan(h, "orders"), json::array());
  EXPECT_EQ(h.database().reset(NamespaceScope::all()), 1u);
  EXPECT_EQ(h.database().reset(NamespaceScope::all()), 0u);
}

TEST(DatabaseReset, OneNamespaceKeepsTheOthers) {
  test::Harness h;
  h.create_table("mine");
  const std::string mine = h.table_namespace();
  h.caller().access_key = "OTHERKEY";
  h.create_table("theirs");
  h.put("theirs", {{"pk", {{"S", "1"}}}});

  EXPECT_EQ(h.database().reset(NamespaceScope::only(mine)), 1u);
  EXPECT_EQ(scan(h, "theirs").size(), 1u);
  h.caller().access_key = "AKIDEXAMPLE";
  EXPECT_EQ(table_names(h), json::array());
}

}  // namespace
}  // namespace ddb::engine
