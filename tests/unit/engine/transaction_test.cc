#include "engine/transaction.h"

#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/error.h"
#include "engine/error_details.h"

namespace ddb::engine {
namespace {

AttributeValue n(int value) { return AttributeValue::number(Number::parse(std::to_string(value))); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

std::shared_ptr<Table> hash_table(const std::string& name) {
  TableDefinition definition;
  definition.name = name;
  definition.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  return std::make_shared<Table>(definition);
}

Key key(const std::string& pk) { return Key{s(pk), std::nullopt}; }
Item account(const std::string& pk, int balance) {
  return Item{{"pk", s(pk)}, {"balance", n(balance)}};
}
int balance_of(const Item& item) { return std::stoi(item.at("balance").as_number().to_string()); }

TransactionAction put(const std::shared_ptr<Table>& table, Item item) {
  Key k = key(item.at("pk").as_string());
  return {table, k, [item](const Item*) { return std::optional<Item>(item); }, true};
}

// Fails with ConditionalCheckFailed (carrying the item) unless the item exists.
TransactionAction check_exists(const std::shared_ptr<Table>& table, const std::string& pk) {
  return {table, key(pk),
          [](const Item* current) -> std::optional<Item> {
            if (!current) throw conditional_check_failed();
            return *current;
          },
          false};
}

TEST(Transaction, AppliesEveryWriteWhenAllSucceed) {
  auto orders = hash_table("orders");
  auto users = hash_table("users");
  users->put(account("u1", 0));
  std::vector<TransactionAction> actions = {
      put(orders, account("o1", 5)), check_exists(users, "u1"), put(users, account("u2", 7))};
  auto previous = Transaction::write(actions);
  ASSERT_EQ(previous.size(), 3u);
  EXPECT_FALSE(previous[0].has_value());
  EXPECT_EQ(orders->get(key("o1")), account("o1", 5));
  EXPECT_EQ(users->get(key("u2")), account("u2", 7));
  EXPECT_EQ(users->get(key("u1")), account("u1", 0));  // the check wrote nothing
}

TEST(Transaction, AFailedConditionCancelsEverythingWithOneReasonPerAction) {
  auto orders = hash_table("orders");
  auto users = hash_table("users");
  std::vector<TransactionAction> actions = {put(orders, account("o1", 5)),
                                            check_exists(users, "ghost")};
  try {
    Transaction::write(actions);
    FAIL() << "the transaction committed";
  } catch (const Error& error) {
    EXPECT_EQ(error.type(), ErrorType::TransactionCanceled);
    EXPECT_EQ(error.message(),
              "Transaction cancelled, please refer cancellation reasons for specific reasons "
              "[None, ConditionalCheckFailed]");
    ASSERT_EQ(error.details()->cancellation_reasons.size(), 2u);
    EXPECT_EQ(error.details()->cancellation_reasons[0].code, "None");
    EXPECT_EQ(error.details()->cancellation_reasons[0].message, "");
    EXPECT_EQ(error.details()->cancellation_reasons[1].code, "ConditionalCheckFailed");
    EXPECT_EQ(error.details()->cancellation_reasons[1].message, "The conditional request failed");
  }
  EXPECT_FALSE(orders->get(key("o1")).has_value());
  EXPECT_EQ(orders->item_count(), 0u);
}

TEST(Transaction, EveryConditionIsEvaluatedAndAFailureCarriesItsItem) {
  auto users = hash_table("users");
  users->put(account("u1", 3));
  const auto fails_with_item = [&](const std::string& pk) {
    return TransactionAction{
        users, key(pk),
        [](const Item* current) -> std::optional<Item> {
          throw conditional_check_failed(current ? std::optional<Item>(*current) : std::nullopt);
        },
        true};
  };
  std::vector<TransactionAction> actions = {fails_with_item("u1"), fails_with_item("u2")};
  try {
    Transaction::write(actions);
    FAIL() << "the transaction committed";
  } catch (const Error& error) {
    ASSERT_EQ(error.details()->cancellation_reasons.size(), 2u);
    EXPECT_EQ(error.details()->cancellation_reasons[0].item, account("u1", 3));
    EXPECT_EQ(error.details()->cancellation_reasons[1].code, "ConditionalCheckFailed");
    EXPECT_FALSE(error.details()->cancellation_reasons[1].item.has_value());
  }
}

TEST(Transaction, AnItemAnIndexCannotHoldIsAValidationError) {
  TableDefinition definition;
  definition.name = "users";
  definition.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  IndexDefinition by_email;
  by_email.name = "by_email";
  by_email.key_schema = KeySchema{{"email", Type::S}, std::nullopt};
  definition.indexes.push_back(by_email);
  auto users = std::make_shared<Table>(definition);
  // The failed condition of the first action is hidden behind the validation error.
  std::vector<TransactionAction> actions = {check_exists(users, "ghost"),
                                            put(users, Item{{"pk", s("u2")}, {"email", n(5)}}),
                                            put(users, account("u1", 1))};
  try {
    Transaction::write(actions);
    FAIL() << "the transaction committed";
  } catch (const Error& error) {
    EXPECT_EQ(error.message(),
              "Transaction cancelled, please refer cancellation reasons for specific reasons "
              "[None, ValidationError, None]");
    ASSERT_EQ(error.details()->cancellation_reasons.size(), 3u);
    EXPECT_EQ(error.details()->cancellation_reasons[1].code, "ValidationError");
    EXPECT_EQ(error.details()->cancellation_reasons[1].message,
              "One or more parameter values were invalid: Type mismatch for Index Key email "
              "Expected: S Actual: N IndexName: by_email");
  }
  EXPECT_EQ(users->item_count(), 0u);
  EXPECT_EQ(users->find_index("by_email")->item_count(), 0u);
}

TEST(Transaction, DeletesAndKeepsIndexesInStep) {
  TableDefinition definition;
  definition.name = "users";
  definition.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  IndexDefinition by_email;
  by_email.name = "by_email";
  by_email.key_schema = KeySchema{{"email", Type::S}, std::nullopt};
  definition.indexes.push_back(by_email);
  auto users = std::make_shared<Table>(definition);
  users->put(Item{{"pk", s("u1")}, {"email", s("a@x")}});
  std::vector<TransactionAction> actions = {
      {users, key("u1"), [](const Item*) { return std::optional<Item>(); }, true},
      put(users, Item{{"pk", s("u2")}, {"email", s("b@x")}})};
  auto previous = Transaction::write(actions);
  EXPECT_EQ(previous[0], (Item{{"pk", s("u1")}, {"email", s("a@x")}}));
  auto index = users->find_index("by_email");
  EXPECT_EQ(index->item_count(), 1u);
  EXPECT_EQ(index->query(s("b@x"), SortKeyRange::all(), Direction::Forward, {}, std::nullopt)
                .items.size(),
            1u);
}

TEST(Transaction, ReadReturnsEveryItemOrNothingForMissingOnes) {
  auto users = hash_table("users");
  auto orders = hash_table("orders");
  users->put(account("u1", 1));
  orders->put(account("o1", 2));
  auto items = Transaction::read(
      {{users, key("u1")}, {orders, key("o1")}, {users, key("nobody")}, {users, key("u1")}});
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(items[0], account("u1", 1));
  EXPECT_EQ(items[1], account("o1", 2));
  EXPECT_FALSE(items[2].has_value());
  EXPECT_EQ(items[3], account("u1", 1));
}

// Threads move money between 20 accounts of two tables in random order, each transfer conditioned
// on a sufficient balance, while readers read all accounts in one snapshot: the total never
// changes and nothing deadlocks.
TEST(TransactionConcurrency, TransfersKeepTheTotalAndNeverDeadlock) {
  auto checking = hash_table("checking");
  auto savings = hash_table("savings");
  std::vector<std::pair<std::shared_ptr<Table>, std::string>> accounts;
  for (int i = 0; i < 20; ++i) {
    auto& table = i % 2 ? savings : checking;
    std::string pk = "a" + std::to_string(i);
    table->put(account(pk, 100));
    accounts.emplace_back(table, pk);
  }
  std::atomic<int> committed{0};
  std::atomic<int> cancelled{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 random(t);
      for (int round = 0; round < 2000; ++round) {
        auto from = accounts[random() % 20];
        auto to = accounts[random() % 20];
        if (from == to) continue;
        int amount = static_cast<int>(random() % 60);
        std::vector<TransactionAction> actions = {
            {from.first, key(from.second),
             [amount](const Item* current) -> std::optional<Item> {
               if (balance_of(*current) < amount) throw conditional_check_failed();
               return account(current->at("pk").as_string(), balance_of(*current) - amount);
             },
             true},
            {to.first, key(to.second),
             [amount](const Item* current) -> std::optional<Item> {
               return account(current->at("pk").as_string(), balance_of(*current) + amount);
             },
             true}};
        try {
          Transaction::write(actions);
          ++committed;
        } catch (const Error&) {
          ++cancelled;
        }
      }
    });
  }
  std::atomic<bool> stop{false};
  std::atomic<int> snapshots{0};
  std::thread reader([&] {
    std::vector<TransactionRead> reads;
    for (const auto& [table, pk] : accounts) reads.push_back({table, key(pk)});
    while (!stop.load()) {
      int total = 0;
      for (const auto& item : Transaction::read(reads)) total += balance_of(*item);
      EXPECT_EQ(total, 2000);
      ++snapshots;
    }
  });
  for (auto& thread : threads) thread.join();
  stop = true;
  reader.join();
  int total = 0;
  for (const auto& [table, pk] : accounts) total += balance_of(*table->get(key(pk)));
  EXPECT_EQ(total, 2000);
  EXPECT_GT(committed.load(), 0);
  EXPECT_GT(snapshots.load(), 0);
}

}  // namespace
}  // namespace ddb::engine
