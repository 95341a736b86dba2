#include "engine/item_change.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/error_details.h"
#include "engine/table.h"
#include "engine/transaction.h"

namespace ddb::engine {
namespace {

AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

std::shared_ptr<Table> hash_table(const std::string& name) {
  TableDefinition definition;
  definition.name = name;
  definition.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  return std::make_shared<Table>(definition);
}

Key key(const std::string& pk) { return Key{s(pk), std::nullopt}; }
Item item(const std::string& pk, const std::string& value) {
  return Item{{"pk", s(pk)}, {"v", s(value)}};
}

// What a listener saw: one entry per call, each a list of (table, key, old, new, origin).
struct Seen {
  std::string table;
  std::string key;
  std::optional<Item> old_item;
  std::optional<Item> new_item;
  ChangeOrigin origin;
};

class Recorder : public ChangeListener {
 public:
  void on_changes(std::span<const ItemChange> changes) override {
    std::vector<Seen> call;
    for (const ItemChange& change : changes) {
      call.push_back({change.table.definition().name, change.key.partition.as_string(),
                      change.old_item ? std::optional<Item>(*change.old_item) : std::nullopt,
                      change.new_item ? std::optional<Item>(*change.new_item) : std::nullopt,
                      change.origin});
    }
    calls.push_back(std::move(call));
  }
  std::vector<std::vector<Seen>> calls;
};

TEST(ItemChange, ReportsEachWriteWithBothImages) {
  auto table = hash_table("t");
  auto recorder = std::make_shared<Recorder>();
  table->add_change_listener(recorder);

  table->put(item("a", "1"));
  table->put(item("a", "2"));
  table->remove(key("a"));

  ASSERT_EQ(recorder->calls.size(), 3u);
  EXPECT_EQ(recorder->calls[0][0].old_item, std::nullopt);
  EXPECT_EQ(recorder->calls[0][0].new_item, item("a", "1"));
  EXPECT_EQ(recorder->calls[1][0].old_item, item("a", "1"));
  EXPECT_EQ(recorder->calls[1][0].new_item, item("a", "2"));
  EXPECT_EQ(recorder->calls[2][0].old_item, item("a", "2"));
  EXPECT_EQ(recorder->calls[2][0].new_item, std::nullopt);
  EXPECT_EQ(recorder->calls[2][0].key, "a");
  EXPECT_EQ(recorder->calls[2][0].origin, ChangeOrigin::Client);
}

TEST(ItemChange, NothingForARejectedWriteOrARemovalOfNothing) {
  auto table = hash_table("t");
  auto recorder = std::make_shared<Recorder>();
  table->add_change_listener(recorder);

  table->remove(key("missing"));
  EXPECT_THROW(
      table->write(key("a"),
                   [](const Item*) -> std::optional<Item> { throw conditional_check_failed(); }),
      Error);
  EXPECT_TRUE(recorder->calls.empty());
}

TEST(ItemChange, CarriesTheOriginOfTheWrite) {
  auto table = hash_table("t");
  table->put(item("a", "1"));
  auto recorder = std::make_shared<Recorder>();
  table->add_change_listener(recorder);

  table->write(
      key("a"), [](const Item*) { return std::optional<Item>(); }, ChangeOrigin::TimeToLive);
  ASSERT_EQ(recorder->calls.size(), 1u);
  EXPECT_EQ(recorder->calls[0][0].origin, ChangeOrigin::TimeToLive);
}

TEST(ItemChange, StopsAfterTheListenerIsRemoved) {
  auto table = hash_table("t");
  auto recorder = std::make_shared<Recorder>();
  table->add_change_listener(recorder);
  table->put(item("a", "1"));
  table->remove_change_listener(*recorder);
  table->put(item("a", "2"));
  EXPECT_EQ(recorder->calls.size(), 1u);
}

TransactionAction put_action(const std::shared_ptr<Table>& table, Item value) {
  Key k = key(value.at("pk").as_string());
  return {table, k, [value](const Item*) { return std::optional<Item>(value); }, true};
}

TEST(ItemChange, ATransactionArrivesAsOneCallPerListener) {
  auto orders = hash_table("orders");
  auto users = hash_table("users");
  auto both = std::make_shared<Recorder>();
  auto users_only = std::make_shared<Recorder>();
  orders->add_change_listener(both);
  users->add_change_listener(both);
  users->add_change_listener(users_only);

  std::vector<TransactionAction> actions = {put_action(orders, item("o1", "x")),
                                            put_action(users, item("u1", "y")),
                                            put_action(users, item("u2", "z"))};
  Transaction::write(actions);

  ASSERT_EQ(both->calls.size(), 1u);
  ASSERT_EQ(both->calls[0].size(), 3u);
  EXPECT_EQ(both->calls[0][0].table, "orders");
  EXPECT_EQ(both->calls[0][2].new_item, item("u2", "z"));
  ASSERT_EQ(users_only->calls.size(), 1u);
  ASSERT_EQ(users_only->calls[0].size(), 2u);
  EXPECT_EQ(users_only->calls[0][0].key, "u1");
}

TEST(ItemChange, NothingForACanceledTransaction) {
  auto table = hash_table("t");
  auto recorder = std::make_shared<Recorder>();
  table->add_change_listener(recorder);
  std::vector<TransactionAction> actions = {
      put_action(table, item("a", "1")),
      {table, key("b"),
       [](const Item*) -> std::optional<Item> { throw conditional_check_failed(); }, false}};
  EXPECT_THROW(Transaction::write(actions), Error);
  EXPECT_TRUE(recorder->calls.empty());
}

}  // namespace
}  // namespace ddb::engine
