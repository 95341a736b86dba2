#include "engine/durable/journal.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/durable/codec.h"
#include "tests/support/harness.h"
#include "tests/unit/engine/durable/temp_dir.h"

namespace ddb::engine::durable {
namespace {

using nlohmann::json;

// A harness (protocol + engine, no socket) whose database lives in a data directory.
struct DurableHarness {
  explicit DurableHarness(const std::string& dir, RecoveryReport* report = nullptr) {
    JournalOptions options;
    journal = Journal::open(dir, options, h.database(), report);
  }
  test::CallResult call(std::string_view op, const json& body) const { return h.call(op, body); }
  json ok(std::string_view op, const json& body) const {
    test::CallResult r = h.call(op, body);
    EXPECT_EQ(r.status, 200) << op << ": " << r.error_type << " " << r.message;
    return r.body;
  }

  test::Harness h;
  std::shared_ptr<Journal> journal;
};

std::string log_path(const test::TempDir& dir) { return dir.file(Journal::kLogName); }

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void overwrite(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

json item(const std::string& pk, const std::string& sk, const std::string& g, int n) {
  return {{"pk", {{"S", pk}}},
          {"sk", {{"S", sk}}},
          {"g", {{"S", g}}},
          {"n", {{"N", std::to_string(n)}}},
          {"set", {{"SS", {"a", "b"}}}}};
}

void create_orders(const DurableHarness& d) {
  d.ok("CreateTable", json::parse(R"({
    "TableName": "orders",
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "sk", "AttributeType": "S"},
                             {"AttributeName": "g", "AttributeType": "S"},
                             {"AttributeName": "n", "AttributeType": "N"}],
    "BillingMode": "PROVISIONED",
    "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 3},
    "GlobalSecondaryIndexes": [{"IndexName": "by-g",
        "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}, {"AttributeName": "n", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["set"]},
        "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 1}}],
    "LocalSecondaryIndexes": [{"IndexName": "by-n",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "n", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "KEYS_ONLY"}}],
    "Tags": [{"Key": "env", "Value": "test"}]
  })"));
}

// Everything a client can read about the table: its description and every item of the table
// and of each index, in order.
json snapshot(const DurableHarness& d, const std::string& table) {
  json state;
  state["describe"] = d.ok("DescribeTable", {{"TableName", table}});
  state["items"] = d.ok("Scan", {{"TableName", table}})["Items"];
  json description = state["describe"]["Table"];
  for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    if (!description.contains(kind)) continue;
    for (const json& index : description[kind]) {
      std::string name = index["IndexName"];
      state["index:" + name] = d.ok("Scan", {{"TableName", table}, {"IndexName", name}})["Items"];
    }
  }
  return state;
}

TEST(Journal, AReopenedDirectoryHasTheSameTablesItemsAndIndexes) {
  test::TempDir dir;
  json before;
  {
    DurableHarness d(dir.path());
    create_orders(d);
    for (int i = 0; i < 50; ++i) {
      d.ok("PutItem", {{"TableName", "orders"},
                       {"Item", item("p" + std::to_string(i % 7), "s" + std::to_string(i),
                                     "g" + std::to_string(i % 3), i)}});
    }
    d.ok("UpdateItem", json::parse(R"({"TableName": "orders",
        "Key": {"pk": {"S": "p1"}, "sk": {"S": "s1"}},
        "UpdateExpression": "SET n = n + :d, extra = :e REMOVE #s",
        "ExpressionAttributeNames": {"#s": "set"},
        "ExpressionAttributeValues": {":d": {"N": "100"}, ":e": {"M": {"x": {"L": [{"NULL": true}, {"B": "AAE="}]}}}}})"));
    d.ok("DeleteItem",
         json::parse(R"({"TableName": "orders", "Key": {"pk": {"S": "p2"}, "sk": {"S": "s2"}}})"));
    // Losing the index key takes the item out of the GSI.
    d.ok("UpdateItem", json::parse(R"({"TableName": "orders",
        "Key": {"pk": {"S": "p3"}, "sk": {"S": "s3"}}, "UpdateExpression": "REMOVE g"})"));
    d.ok("TransactWriteItems", json::parse(R"({"TransactItems": [
        {"Put": {"TableName": "orders", "Item": {"pk": {"S": "t"}, "sk": {"S": "1"}, "g": {"S": "tx"}, "n": {"N": "1"}}}},
        {"Delete": {"TableName": "orders", "Key": {"pk": {"S": "p4"}, "sk": {"S": "s4"}}}},
        {"Update": {"TableName": "orders", "Key": {"pk": {"S": "p5"}, "sk": {"S": "s5"}},
                    "UpdateExpression": "SET g = :g", "ExpressionAttributeValues": {":g": {"S": "tx"}}}}]})"));
    d.ok("UpdateTable", json::parse(R"({"TableName": "orders",
        "ProvisionedThroughput": {"ReadCapacityUnits": 9, "WriteCapacityUnits": 4}})"));
    before = snapshot(d, "orders");
  }
  RecoveryReport report;
  DurableHarness reopened(dir.path(), &report);
  EXPECT_EQ(report.tables, 1u);
  EXPECT_EQ(report.items, 49u);
  EXPECT_EQ(report.torn_bytes, 0u);
  json after = snapshot(reopened, "orders");
  EXPECT_EQ(after, before);
  EXPECT_EQ(after["describe"]["Table"]["ItemCount"], 49);
  std::shared_ptr<Table> table =
      reopened.h.database().find_table(reopened.h.table_namespace(), "orders");
  ASSERT_EQ(table->definition().tags.size(), 1u);
  EXPECT_EQ(table->definition().tags[0].key, "env");
  EXPECT_EQ(table->definition().tags[0].value, "test");
}

TEST(Journal, AnIndexAddedAndOneDeletedByUpdateTableStayThatWay) {
  test::TempDir dir;
  json before;
  {
    DurableHarness d(dir.path());
    create_orders(d);
    for (int i = 0; i < 10; ++i) {
      d.ok("PutItem",
           {{"TableName", "orders"}, {"Item", item("p", "s" + std::to_string(i), "g", i)}});
    }
    d.ok("UpdateTable", json::parse(R"({"TableName": "orders",
        "AttributeDefinitions": [{"AttributeName": "n", "AttributeType": "N"}],
        "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "by-n-only",
            "KeySchema": [{"AttributeName": "n", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"},
            "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}}]})"));
    d.h.database().wait_for_background_work();
    d.ok("UpdateTable", json::parse(R"({"TableName": "orders",
        "GlobalSecondaryIndexUpdates": [{"Delete": {"IndexName": "by-g"}}]})"));
    before = snapshot(d, "orders");
  }
  DurableHarness reopened(dir.path());
  json after = snapshot(reopened, "orders");
  EXPECT_EQ(after, before);
  EXPECT_FALSE(after.contains("index:by-g"));
  EXPECT_EQ(after["index:by-n-only"].size(), 10u);
}

TEST(Journal, ADeletedTableStaysDeletedAndItsNameStartsEmptyAgain) {
  test::TempDir dir;
  {
    DurableHarness d(dir.path());
    d.h.create_table("tbl", "sk");
    d.h.put("tbl", {{"pk", {{"S", "old"}}}, {"sk", {{"S", "1"}}}});
    d.ok("DeleteTable", {{"TableName", "tbl"}});
    d.h.create_table("tbl", "sk");
    d.h.put("tbl", {{"pk", {{"S", "new"}}}, {"sk", {{"S", "1"}}}});
    d.h.create_table("gone");
    d.ok("DeleteTable", {{"TableName", "gone"}});
  }
  DurableHarness reopened(dir.path());
  EXPECT_EQ(reopened.h.database().table_names(reopened.h.table_namespace()),
            (std::vector<std::string>{"tbl"}));
  json items = reopened.ok("Scan", {{"TableName", "tbl"}})["Items"];
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0]["pk"]["S"], "new");
}

// A table named "tbl" with a string key "pk" created straight in `region` of `database`, holding
// one item whose "where" attribute names the region.
void create_regional_table(Database& database, const std::string& region) {
  TableDefinition definition;
  definition.name = "tbl";
  definition.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  definition.attribute_definitions = {{"pk", Type::S}};
  definition.billing_mode = BillingMode::PayPerRequest;
  definition.table_id = "id-" + region;
  definition.arn = "arn:aws:dynamodb:" + region + ":000000000000:table/tbl";
  std::shared_ptr<Table> table = database.create_table(region, std::move(definition));
  ASSERT_NE(table, nullptr);
  Item item;
  item["pk"] = AttributeValue::string("k");
  item["where"] = AttributeValue::string(region);
  table->put(std::move(item));
}

std::string where(const Database& database, const std::string& region) {
  std::shared_ptr<Table> table = database.find_table(region, "tbl");
  if (!table) return "no table";
  Key key;
  key.partition = AttributeValue::string("k");
  std::optional<Item> item = table->get(key);
  return item ? item->at("where").as_string() : "no item";
}

TEST(Journal, TablesOfOneNameInSeveralRegionsComeBackInTheirRegions) {
  test::TempDir dir;
  {
    DurableHarness d(dir.path());
    // "" is the namespace protocol uses under --shared-db, "us-east-1" one of a ddblocal that kept
    // a namespace per region, and d.h.table_namespace() one per access key and region.
    for (const std::string& region : {std::string("us-east-1"), std::string("eu-west-1"),
                                      std::string(""), d.h.table_namespace()}) {
      create_regional_table(d.h.database(), region);
    }
    d.h.database().delete_table("eu-west-1", "tbl");
    create_regional_table(d.h.database(), "eu-west-1");
  }
  RecoveryReport report;
  DurableHarness reopened(dir.path(), &report);
  EXPECT_EQ(report.tables, 4u);
  const Database& database = reopened.h.database();
  EXPECT_EQ(database.region_names(),
            (std::vector<std::string>{"", "AKIDEXAMPLE/us-east-1", "eu-west-1", "us-east-1"}));
  EXPECT_EQ(where(database, "us-east-1"), "us-east-1");
  EXPECT_EQ(where(database, "eu-west-1"), "eu-west-1");
  EXPECT_EQ(where(database, ""), "");
  EXPECT_EQ(reopened.ok("GetItem", {{"TableName", "tbl"},
                                    {"Key", {{"pk", {{"S", "k"}}}}}})["Item"]["where"]["S"],
            "AKIDEXAMPLE/us-east-1");
}

TEST(Journal, TtlAndAnEnabledStreamComeBackAndNewChangesReachTheStream) {
  test::TempDir dir;
  std::string stream_arn;
  std::string disabled_arn;
  {
    DurableHarness d(dir.path());
    d.h.create_table("live");
    d.h.create_table("quiet");
    d.ok("UpdateTimeToLive", json::parse(R"({"TableName": "live",
        "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expires"}})"));
    d.ok("UpdateTable", json::parse(R"({"TableName": "live",
        "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"}})"));
    d.ok("UpdateTable", json::parse(R"({"TableName": "quiet",
        "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"}})"));
    d.ok("UpdateTable", json::parse(R"({"TableName": "quiet",
        "StreamSpecification": {"StreamEnabled": false}})"));
    d.h.put("live", {{"pk", {{"S", "before"}}}});
    stream_arn = d.ok("DescribeTable", {{"TableName", "live"}})["Table"]["LatestStreamArn"];
    disabled_arn = d.ok("DescribeTable", {{"TableName", "quiet"}})["Table"]["LatestStreamArn"];
  }
  DurableHarness reopened(dir.path());
  EXPECT_EQ(reopened.ok("DescribeTimeToLive", {{"TableName", "live"}}),
            json::parse(R"({"TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED",
                                                      "AttributeName": "expires"}})"));
  json live = reopened.ok("DescribeTable", {{"TableName", "live"}})["Table"];
  EXPECT_EQ(live["StreamSpecification"],
            json::parse(R"({"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"})"));
  EXPECT_EQ(live["LatestStreamArn"], stream_arn);
  json quiet = reopened.ok("DescribeTable", {{"TableName", "quiet"}})["Table"];
  EXPECT_FALSE(quiet.contains("StreamSpecification"));
  EXPECT_EQ(quiet["LatestStreamArn"], disabled_arn);

  // The stream is listed again with its ARN, empty; a change made now reaches it.
  std::shared_ptr<Stream> stream = reopened.h.database().streams().find(stream_arn);
  ASSERT_NE(stream, nullptr);
  EXPECT_EQ(stream->status(), StreamStatus::Enabled);
  EXPECT_EQ(reopened.h.database().streams().find(disabled_arn), nullptr);
  reopened.h.put("live", {{"pk", {{"S", "after"}}}});
  json shards = reopened.h.call_streams("DescribeStream", {{"StreamArn", stream_arn}})
                    .body["StreamDescription"]["Shards"];
  ASSERT_FALSE(shards.empty());
  std::vector<std::string> keys;
  for (const json& shard : shards) {
    json iterator = reopened.h
                        .call_streams("GetShardIterator", {{"StreamArn", stream_arn},
                                                           {"ShardId", shard["ShardId"]},
                                                           {"ShardIteratorType", "TRIM_HORIZON"}})
                        .body["ShardIterator"];
    json records =
        reopened.h.call_streams("GetRecords", {{"ShardIterator", iterator}}).body["Records"];
    for (const json& record : records) keys.push_back(record["dynamodb"]["Keys"]["pk"]["S"]);
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"after"}));
}

TEST(Journal, ATransactionIsAllOrNothingAfterACrashMidAppend) {
  test::TempDir dir;
  {
    DurableHarness d(dir.path());
    d.h.create_table("aaa");
    d.h.create_table("bbb");
    d.h.put("aaa", {{"pk", {{"S", "before"}}}});
    d.ok("TransactWriteItems", json::parse(R"({"TransactItems": [
        {"Put": {"TableName": "aaa", "Item": {"pk": {"S": "x1"}}}},
        {"Put": {"TableName": "bbb", "Item": {"pk": {"S": "x2"}}}},
        {"Delete": {"TableName": "aaa", "Key": {"pk": {"S": "before"}}}}]})"));
  }
  std::string full = contents(log_path(dir));
  {
    // Whole: every action is there.
    DurableHarness reopened(dir.path());
    EXPECT_EQ(reopened.ok("Scan", {{"TableName", "aaa"}})["Items"],
              json::parse(R"([{"pk": {"S": "x1"}}])"));
    EXPECT_EQ(reopened.ok("Scan", {{"TableName", "bbb"}})["Items"],
              json::parse(R"([{"pk": {"S": "x2"}}])"));
  }
  // Cut inside the transaction's record (its last few bytes never reached the file): none of it.
  overwrite(log_path(dir), full.substr(0, full.size() - 5));
  RecoveryReport report;
  DurableHarness reopened(dir.path(), &report);
  EXPECT_GT(report.torn_bytes, 0u);
  EXPECT_EQ(reopened.ok("Scan", {{"TableName", "aaa"}})["Items"],
            json::parse(R"([{"pk": {"S": "before"}}])"));
  EXPECT_EQ(reopened.ok("Scan", {{"TableName", "bbb"}})["Items"], json::array());
}

TEST(Journal, AResetStaysDoneAfterARestart) {
  test::TempDir dir;
  {
    DurableHarness d(dir.path());
    create_orders(d);
    d.h.create_table("other");
    d.ok("PutItem", {{"TableName", "orders"}, {"Item", item("p", "s", "g", 1)}});
    EXPECT_EQ(d.h.database().reset(NamespaceScope::all()), 2u);
    d.h.create_table("after");
    d.h.put("after", {{"pk", {{"S", "kept"}}}});
  }
  DurableHarness reopened(dir.path());
  EXPECT_EQ(reopened.h.database().table_names(reopened.h.table_namespace()),
            (std::vector<std::string>{"after"}));
  EXPECT_EQ(reopened.ok("Scan", {{"TableName", "after"}})["Items"],
            json::parse(R"([{"pk": {"S": "kept"}}])"));
}

TEST(Journal, ARestoreAndTheWritesAfterItComeBackAfterARestart) {
  test::TempDir dir;
  json before;
  {
    DurableHarness d(dir.path());
    create_orders(d);
    for (int i = 0; i < 20; ++i) {
      d.ok("PutItem", {{"TableName", "orders"},
                       {"Item", item("p" + std::to_string(i % 3), "s" + std::to_string(i),
                                     "g" + std::to_string(i % 2), i)}});
    }
    auto saved = d.h.database().snapshot(NamespaceScope::all());
    d.ok("DeleteTable", {{"TableName", "orders"}});
    d.h.create_table("created-later");
    EXPECT_EQ(d.h.database().restore(*saved), 1u);
    // Written after the restore, under the restored table's new id.
    d.ok("PutItem", {{"TableName", "orders"}, {"Item", item("new", "s", "g0", 99)}});
    before = snapshot(d, "orders");
  }
  DurableHarness reopened(dir.path());
  EXPECT_EQ(reopened.h.database().table_names(reopened.h.table_namespace()),
            (std::vector<std::string>{"orders"}));
  json after = snapshot(reopened, "orders");
  EXPECT_EQ(after, before);
  EXPECT_EQ(after["items"].size(), 21u);
}

TEST(Journal, ARestoreCutShortByACrashLeavesTheStateBeforeIt) {
  test::TempDir dir;
  uint64_t before_restore = 0;
  {
    DurableHarness d(dir.path());
    d.h.create_table("aaa");
    for (int i = 0; i < 50; ++i) d.h.put("aaa", {{"pk", {{"S", "saved" + std::to_string(i)}}}});
    auto saved = d.h.database().snapshot(NamespaceScope::all());
    d.ok("DeleteTable", {{"TableName", "aaa"}});
    d.h.create_table("bbb");
    d.h.put("bbb", {{"pk", {{"S", "later"}}}});
    before_restore = std::filesystem::file_size(log_path(dir));
    d.h.database().restore(*saved);
  }
  const std::string full = contents(log_path(dir));
  ASSERT_GT(full.size(), before_restore + 50 * 10);
  // Cut anywhere inside the restore's one record: the state before the restore, whole.
  for (uint64_t cut :
       {before_restore + 1, (before_restore + full.size()) / 2, uint64_t{full.size() - 1}}) {
    overwrite(log_path(dir), full.substr(0, cut));
    RecoveryReport report;
    DurableHarness reopened(dir.path(), &report);
    EXPECT_EQ(report.torn_bytes, cut - before_restore) << cut;
    EXPECT_EQ(reopened.h.database().table_names(reopened.h.table_namespace()),
              (std::vector<std::string>{"bbb"}))
        << cut;
    EXPECT_EQ(reopened.ok("Scan", {{"TableName", "bbb"}})["Items"],
              json::parse(R"([{"pk": {"S": "later"}}])"));
  }
  // Whole: the state after it.
  overwrite(log_path(dir), full);
  DurableHarness reopened(dir.path());
  EXPECT_EQ(reopened.h.database().table_names(reopened.h.table_namespace()),
            (std::vector<std::string>{"aaa"}));
  EXPECT_EQ(reopened.ok("Scan", {{"TableName", "aaa"}})["Count"], 50);
}

TEST(Journal, ACorruptedRecordStopsTheOpenInsteadOfDroppingTables) {
  test::TempDir dir;
  {
    DurableHarness d(dir.path());
    d.h.create_table("first");
    d.h.create_table("second");
    d.h.put("second", {{"pk", {{"S", "x"}}}});
  }
  std::string full = contents(log_path(dir));
  full[40] = static_cast<char>(full[40] ^ 1);  // inside the first table's record
  overwrite(log_path(dir), full);
  test::Harness h;
  EXPECT_THROW(Journal::open(dir.path(), {}, h.database()), CorruptData);
}

TEST(Journal, RefusesADirectoryThatHoldsFilesButNoLog) {
  test::TempDir dir;
  overwrite(dir.file("something-else"), "x");
  test::Harness h;
  try {
    Journal::open(dir.path(), {}, h.database());
    FAIL() << "opened";
  } catch (const CorruptData& error) {
    EXPECT_EQ(std::string(error.what()),
              "data directory " + dir.path() +
                  " has no ddblocal.log but holds something-else; refusing to start with an empty "
                  "database there");
  }
}

TEST(Journal, RefusesADirectoryAnotherJournalHasOpen) {
  test::TempDir dir;
  DurableHarness first(dir.path());
  test::Harness h;
  EXPECT_THROW(Journal::open(dir.path(), {}, h.database()), CorruptData);
}

TEST(Journal, CreatesAMissingDirectory) {
  test::TempDir dir;
  std::string nested = dir.file("a/b");
  {
    DurableHarness d(nested);
    d.h.create_table("tbl");
  }
  DurableHarness reopened(nested);
  EXPECT_EQ(reopened.h.database().table_names(reopened.h.table_namespace()),
            (std::vector<std::string>{"tbl"}));
}

TEST(Journal, CompactsALogOfMostlySupersededChanges) {
  test::TempDir dir;
  json before;
  {
    DurableHarness d(dir.path());
    d.h.create_table("tbl", "sk", "N");
    create_regional_table(d.h.database(), "eu-west-1");
    std::shared_ptr<Table> table = d.h.database().find_table(d.h.table_namespace(), "tbl");
    for (int i = 0; i < 120'000; ++i) {
      Item item;
      item["pk"] = AttributeValue::string("p" + std::to_string(i % 10));
      item["sk"] = AttributeValue::number(Number::parse(std::to_string(i % 1000)));
      item["v"] = AttributeValue::number(Number::parse(std::to_string(i)));
      table->put(std::move(item));
    }
    before = snapshot(d, "tbl");
  }
  auto size_before = std::filesystem::file_size(log_path(dir));
  RecoveryReport report;
  {
    DurableHarness reopened(dir.path(), &report);
    EXPECT_TRUE(report.compacted);
    EXPECT_EQ(report.items, 1001u);
    EXPECT_EQ(snapshot(reopened, "tbl"), before);
    EXPECT_EQ(where(reopened.h.database(), "eu-west-1"), "eu-west-1");
    reopened.h.put("tbl", {{"pk", {{"S", "after"}}}, {"sk", {{"N", "1"}}}});
  }
  EXPECT_LT(std::filesystem::file_size(log_path(dir)), size_before / 50);
  DurableHarness again(dir.path(), &report);
  EXPECT_FALSE(report.compacted);
  EXPECT_EQ(report.items, 1002u);
  EXPECT_EQ(where(again.h.database(), "eu-west-1"), "eu-west-1");
}

TEST(Journal, BackupsDeletionsAndRestoredTablesComeBackAfterARestart) {
  test::TempDir dir;
  json kept_backup;
  json restored;
  std::string kept;
  {
    DurableHarness d(dir.path());
    create_orders(d);
    for (int i = 0; i < 20; ++i) {
      d.ok("PutItem", {{"TableName", "orders"},
                       {"Item", item("p" + std::to_string(i % 4), "s" + std::to_string(i),
                                     "g" + std::to_string(i % 3), i)}});
    }
    kept = d.ok("CreateBackup",
                {{"TableName", "orders"}, {"BackupName", "kept"}})["BackupDetails"]["BackupArn"];
    std::string dropped =
        d.ok("CreateBackup",
             {{"TableName", "orders"}, {"BackupName", "gone"}})["BackupDetails"]["BackupArn"];
    d.ok("DeleteBackup", {{"BackupArn", dropped}});
    d.ok("PutItem", {{"TableName", "orders"}, {"Item", item("late", "1", "g", 1)}});
    d.ok("RestoreTableFromBackup", {{"TargetTableName", "copy"}, {"BackupArn", kept}});
    d.ok("PutItem", {{"TableName", "copy"}, {"Item", item("after", "1", "g", 2)}});
    d.ok("DeleteTable", {{"TableName", "orders"}});
    kept_backup = d.ok("DescribeBackup", {{"BackupArn", kept}});
    restored = snapshot(d, "copy");
  }
  DurableHarness reopened(dir.path());
  EXPECT_EQ(reopened.ok("DescribeBackup", {{"BackupArn", kept}}), kept_backup);
  EXPECT_EQ(reopened.ok("ListBackups", json::object())["BackupSummaries"].size(), 1u);
  EXPECT_EQ(snapshot(reopened, "copy"), restored);
  EXPECT_EQ(restored["items"].size(), 21u);
  reopened.ok("RestoreTableFromBackup", {{"TargetTableName", "orders"}, {"BackupArn", kept}});
  EXPECT_EQ(reopened.ok("Scan", {{"TableName", "orders"}})["Count"], 20);
}

TEST(Journal, CompactionKeepsTheBackups) {
  test::TempDir dir;
  std::string arn;
  {
    DurableHarness d(dir.path());
    d.h.create_table("tbl", "sk", "N");
    std::shared_ptr<Table> table = d.h.database().find_table(d.h.table_namespace(), "tbl");
    for (int i = 0; i < 110'000; ++i) {
      Item entry;
      entry["pk"] = AttributeValue::string("p");
      entry["sk"] = AttributeValue::number(Number::parse(std::to_string(i % 10)));
      table->put(std::move(entry));
    }
    arn = d.ok("CreateBackup",
               {{"TableName", "tbl"}, {"BackupName", "nightly"}})["BackupDetails"]["BackupArn"];
    d.ok("DeleteTable", {{"TableName", "tbl"}});
  }
  RecoveryReport report;
  {
    DurableHarness reopened(dir.path(), &report);
    EXPECT_TRUE(report.compacted);
  }
  DurableHarness again(dir.path());
  EXPECT_EQ(again.ok("DescribeBackup",
                     {{"BackupArn", arn}})["BackupDescription"]["SourceTableDetails"]["ItemCount"],
            10);
}

}  // namespace
}  // namespace ddb::engine::durable
