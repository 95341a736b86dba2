// The durability ticket a response carries: what the session waits for before it sends it.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/database.h"
#include "engine/database_journal.h"
#include "engine/durable/journal.h"
#include "protocol/dispatch.h"
#include "tests/support/harness.h"
#include "tests/unit/engine/durable/temp_dir.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

const Caller kCaller{"AKIDEXAMPLE", "us-east-1", std::nullopt, ""};

Response call(const Dispatcher& dispatcher, const std::string& op, const json& body) {
  return dispatcher.handle("DynamoDB_20120810." + op, body.dump(), kCaller);
}

const json kCreateTable = json::parse(R"({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})");

json put(const std::string& pk) {
  return {{"TableName", "tbl"}, {"Item", {{"pk", {{"S", pk}}}, {"n", {{"N", "1"}}}}}};
}

// A dispatcher over a database that lives in a data directory.
class DurableDispatch : public ::testing::Test {
 protected:
  void open(engine::durable::SyncPolicy policy) {
    engine::durable::JournalOptions options;
    options.sync = policy;
    journal_ = engine::durable::Journal::open(dir_.path(), options, database_);
  }

  // Runs `op` and expects it to succeed with a ticket for the log's end after it, past where the
  // log ended before it.
  void expect_ticket(const std::string& op, const json& body) {
    const uint64_t before = database_.durability_position();
    Response response = call(dispatcher_, op, body);
    EXPECT_EQ(response.status, 200) << op << ": " << response.body;
    EXPECT_GT(response.durability.position, before) << op;
    EXPECT_EQ(response.durability.position, database_.durability_position()) << op;
    test::wait_until_durable(database_, response.durability);
  }

  test::TempDir dir_;
  engine::Database database_;
  std::shared_ptr<engine::durable::Journal> journal_;
  Dispatcher dispatcher_{database_};
};

TEST_F(DurableDispatch, EveryKindOfWriteCarriesATicketForTheLogAfterIt) {
  open(engine::durable::SyncPolicy::Always);
  expect_ticket("CreateTable", kCreateTable);
  expect_ticket("PutItem", put("a"));
  expect_ticket("UpdateItem", json::parse(R"({"TableName": "tbl", "Key": {"pk": {"S": "a"}},
      "UpdateExpression": "SET n = n + :one", "ExpressionAttributeValues": {":one": {"N": "1"}}})"));
  expect_ticket("DeleteItem", json::parse(R"({"TableName": "tbl", "Key": {"pk": {"S": "a"}}})"));
  expect_ticket("BatchWriteItem", json::parse(R"({"RequestItems": {"tbl": [
      {"PutRequest": {"Item": {"pk": {"S": "b"}}}},
      {"DeleteRequest": {"Key": {"pk": {"S": "c"}}}}]}})"));
  expect_ticket("TransactWriteItems", json::parse(R"({"TransactItems": [
      {"Put": {"TableName": "tbl", "Item": {"pk": {"S": "d"}}}},
      {"Delete": {"TableName": "tbl", "Key": {"pk": {"S": "b"}}}}]})"));
  expect_ticket("UpdateTable", json::parse(R"({"TableName": "tbl", "BillingMode": "PROVISIONED",
      "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}})"));
  expect_ticket("UpdateTimeToLive", json::parse(R"({"TableName": "tbl",
      "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expires"}})"));
  expect_ticket("DeleteTable", {{"TableName", "tbl"}});
}

TEST_F(DurableDispatch, WhatChangedNothingCarriesNoTicket) {
  open(engine::durable::SyncPolicy::Always);
  expect_ticket("CreateTable", kCreateTable);
  expect_ticket("PutItem", put("a"));
  const json key = json::parse(R"({"TableName": "tbl", "Key": {"pk": {"S": "a"}}})");
  for (const auto& [op, body] : {std::pair<std::string, json>{"GetItem", key},
                                 {"Query", json::parse(R"({"TableName": "tbl",
                                      "KeyConditionExpression": "pk = :a",
                                      "ExpressionAttributeValues": {":a": {"S": "a"}}})")},
                                 {"Scan", {{"TableName", "tbl"}}},
                                 {"DescribeTable", {{"TableName", "tbl"}}},
                                 {"ListTables", json::object()}}) {
    Response response = call(dispatcher_, op, body);
    EXPECT_EQ(response.status, 200) << op << ": " << response.body;
    EXPECT_TRUE(response.durability.empty()) << op;
  }
  // A write refused by its condition, and one refused before it starts.
  json refused = put("a");
  refused["ConditionExpression"] = "attribute_not_exists(pk)";
  Response conditional = call(dispatcher_, "PutItem", refused);
  EXPECT_EQ(conditional.status, 400);
  EXPECT_TRUE(conditional.durability.empty());
  Response missing =
      call(dispatcher_, "PutItem", {{"TableName", "none"}, {"Item", put("a")["Item"]}});
  EXPECT_EQ(missing.status, 400);
  EXPECT_TRUE(missing.durability.empty());
}

TEST_F(DurableDispatch, ARetriedTransactionWaitsForTheWriteItAnswersFor) {
  open(engine::durable::SyncPolicy::Always);
  expect_ticket("CreateTable", kCreateTable);
  const json transaction = json::parse(R"({"ClientRequestToken": "token-1", "TransactItems": [
      {"Put": {"TableName": "tbl", "Item": {"pk": {"S": "x"}}}}]})");
  expect_ticket("TransactWriteItems", transaction);
  // The first call may still be waiting for its sync when the retry finds its token.
  const uint64_t before = database_.durability_position();
  Response retry = call(dispatcher_, "TransactWriteItems", transaction);
  EXPECT_EQ(retry.status, 200) << retry.body;
  EXPECT_EQ(database_.durability_position(), before);
  EXPECT_EQ(retry.durability.position, before);
}

TEST_F(DurableDispatch, UnderPeriodicSyncNoResponseWaits) {
  open(engine::durable::SyncPolicy::Periodic);
  for (const auto& [op, body] :
       {std::pair<std::string, json>{"CreateTable", kCreateTable}, {"PutItem", put("a")}}) {
    Response response = call(dispatcher_, op, body);
    EXPECT_EQ(response.status, 200) << op << ": " << response.body;
    EXPECT_TRUE(response.durability.empty()) << op;
  }
}

// A journal whose log has moved on whenever it is looked at, as under a stream of writes from
// other connections.
class BusyJournal : public engine::DatabaseJournal {
 public:
  void table_created(std::string_view, const std::shared_ptr<engine::Table>&) override {}
  void table_deleted(engine::Table&) override {}
  void namespaces_replaced(const engine::NamespaceScope&,
                           std::span<const std::shared_ptr<engine::Table>>,
                           std::span<const engine::RegionTable>) override {}
  void backup_created(const engine::Backup&) override {}
  void backup_deleted(std::string_view, std::string_view) override {}
  void table_restored(std::string_view, const std::shared_ptr<engine::Table>&) override {}
  uint64_t durability_position() const override { return ++position_; }
  void when_durable(engine::DurabilityTicket, std::function<void()> done) override { done(); }

 private:
  mutable std::atomic<uint64_t> position_{16};
};

TEST(Dispatch, AReadWaitsForNoOtherRequestsWriteButAWriteMay) {
  engine::Database database;
  database.set_journal(std::make_shared<BusyJournal>());
  Dispatcher dispatcher(database);
  EXPECT_FALSE(call(dispatcher, "CreateTable", kCreateTable).durability.empty());
  EXPECT_FALSE(call(dispatcher, "PutItem", put("a")).durability.empty());
  const json key = {{"pk", {{"S", "a"}}}};
  for (const auto& [op, body] :
       {std::pair<std::string, json>{"GetItem", {{"TableName", "tbl"}, {"Key", key}}},
        {"Query", json::parse(R"({"TableName": "tbl", "KeyConditionExpression": "pk = :a",
             "ExpressionAttributeValues": {":a": {"S": "a"}}})")},
        {"Scan", {{"TableName", "tbl"}}},
        {"BatchGetItem", {{"RequestItems", {{"tbl", {{"Keys", {key}}}}}}}},
        {"TransactGetItems",
         {{"TransactItems", {{{"Get", {{"TableName", "tbl"}, {"Key", key}}}}}}}}}) {
    Response response = call(dispatcher, op, body);
    EXPECT_EQ(response.status, 200) << op << ": " << response.body;
    EXPECT_TRUE(response.durability.empty()) << op;
  }
}

TEST(Dispatch, InMemoryNoResponseWaits) {
  engine::Database database;
  Dispatcher dispatcher(database);
  for (const auto& [op, body] :
       {std::pair<std::string, json>{"CreateTable", kCreateTable}, {"PutItem", put("a")}}) {
    Response response = call(dispatcher, op, body);
    EXPECT_EQ(response.status, 200) << op << ": " << response.body;
    EXPECT_TRUE(response.durability.empty()) << op;
  }
}

}  // namespace
}  // namespace ddb::protocol
