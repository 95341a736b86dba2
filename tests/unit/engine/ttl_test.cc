// Time to Live: which items count as expired, and the expirer's deletions (re-checked under the
// item's lock, reported as ChangeOrigin::TimeToLive, removed from indexes), with a fixed clock.
#include "engine/ttl.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "engine/database.h"
#include "engine/item_change.h"
#include "engine/table.h"

namespace ddb::engine {
namespace {

using std::chrono::seconds;
using std::chrono::system_clock;

constexpr int64_t kNow = 1'800'000'000;  // 2027-01-15, epoch seconds
constexpr int64_t kFiveYears = 157'788'000;

AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }
AttributeValue n(const std::string& text) { return AttributeValue::number(Number::parse(text)); }

system_clock::time_point at(int64_t epoch_seconds) {
  return system_clock::time_point(seconds(epoch_seconds));
}

const ExpiredRange kRange(at(kNow));

Item item(const std::string& pk, std::optional<AttributeValue> expires) {
  Item result{{"pk", s(pk)}, {"status", s("open")}};
  if (expires) result.emplace("expires", *expires);
  return result;
}

Key key(const std::string& pk) { return Key{s(pk), std::nullopt}; }

IndexDefinition status_index() {
  IndexDefinition definition;
  definition.name = "by_status";
  definition.kind = IndexKind::Global;
  definition.key_schema.partition = {{"status", Type::S}};
  return definition;
}

std::shared_ptr<Table> ttl_table(std::optional<std::string> attribute = "expires") {
  TableDefinition definition;
  definition.name = "sessions";
  definition.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  definition.indexes = {status_index()};
  definition.ttl_attribute = std::move(attribute);
  return std::make_shared<Table>(definition);
}

TEST(TtlExpiry, NumberBeforeNowHasExpired) {
  EXPECT_TRUE(is_expired(item("a", n(std::to_string(kNow - 1))), "expires", kRange));
  EXPECT_TRUE(is_expired(item("a", n("1799999999.999")), "expires", kRange));
}

TEST(TtlExpiry, NowAndLaterHaveNotExpired) {
  EXPECT_FALSE(is_expired(item("a", n(std::to_string(kNow))), "expires", kRange));
  EXPECT_FALSE(is_expired(item("a", n(std::to_string(kNow + 3600))), "expires", kRange));
  EXPECT_FALSE(is_expired(item("a", n("1E+100")), "expires", kRange));
}

TEST(TtlExpiry, TheClockCountsMilliseconds) {
  const ExpiredRange range(at(kNow) + std::chrono::milliseconds(500));
  EXPECT_TRUE(is_expired(item("a", n("1800000000.4")), "expires", range));
  EXPECT_FALSE(is_expired(item("a", n("1800000000.5")), "expires", range));
}

TEST(TtlExpiry, MoreThanFiveYearsOldIsLeftAlone) {
  EXPECT_TRUE(is_expired(item("a", n(std::to_string(kNow - kFiveYears))), "expires", kRange));
  EXPECT_FALSE(is_expired(item("a", n(std::to_string(kNow - kFiveYears - 1))), "expires", kRange));
  EXPECT_FALSE(is_expired(item("a", n("0")), "expires", kRange));
  EXPECT_FALSE(is_expired(item("a", n("-5")), "expires", kRange));
}

TEST(TtlExpiry, OnlyATopLevelNumberCounts) {
  const std::string past = std::to_string(kNow - 10);
  EXPECT_FALSE(is_expired(item("a", s(past)), "expires", kRange));
  EXPECT_FALSE(
      is_expired(item("a", AttributeValue::number_set({Number::parse(past)})), "expires", kRange));
  EXPECT_FALSE(
      is_expired(item("a", AttributeValue::map({{"expires", n(past)}})), "expires", kRange));
  EXPECT_FALSE(is_expired(item("a", AttributeValue::list({n(past)})), "expires", kRange));
  EXPECT_FALSE(is_expired(item("a", std::nullopt), "expires", kRange));
  EXPECT_FALSE(is_expired(item("a", n(past)), "other", kRange));
}

TEST(TtlExpirer, DeletesExpiredItemsAndKeepsTheOthers) {
  auto table = ttl_table();
  table->put(item("past", n(std::to_string(kNow - 60))));
  table->put(item("future", n(std::to_string(kNow + 60))));
  table->put(item("string", s(std::to_string(kNow - 60))));
  table->put(item("ancient", n(std::to_string(kNow - kFiveYears - 60))));
  table->put(item("none", std::nullopt));

  EXPECT_EQ(expire_table(*table, kRange), 1u);
  EXPECT_FALSE(table->get(key("past")));
  for (const char* kept : {"future", "string", "ancient", "none"}) {
    EXPECT_TRUE(table->get(key(kept))) << kept;
  }
  EXPECT_EQ(table->item_count(), 4u);
  // The next pass has nothing left to do.
  EXPECT_EQ(expire_table(*table, kRange), 0u);
}

TEST(TtlExpirer, DeletesInEveryShard) {
  auto table = ttl_table();
  for (int i = 0; i < 500; ++i) {
    table->put(item("p" + std::to_string(i), n(std::to_string(kNow - 1 - (i % 2) * 10))));
    table->put(item("f" + std::to_string(i), n(std::to_string(kNow + 1))));
  }
  EXPECT_EQ(expire_table(*table, kRange), 500u);
  EXPECT_EQ(table->item_count(), 500u);
  for (int i = 0; i < 500; ++i) {
    EXPECT_FALSE(table->get(key("p" + std::to_string(i))));
    EXPECT_TRUE(table->get(key("f" + std::to_string(i))));
  }
}

TEST(TtlExpirer, DoesNothingWhileTtlIsDisabled) {
  auto table = ttl_table(std::nullopt);
  table->put(item("past", n(std::to_string(kNow - 60))));
  EXPECT_EQ(expire_table(*table, kRange), 0u);
  EXPECT_TRUE(table->get(key("past")));
}

TEST(TtlExpirer, AnItemUpdatedSinceItWasFoundIsKept) {
  auto table = ttl_table();
  table->put(item("a", n(std::to_string(kNow - 60))));
  table->put(item("b", n(std::to_string(kNow - 60))));
  std::vector<Key> found;
  for (std::size_t shard = 0; shard < Table::shard_count(); ++shard) {
    for (Key& k : find_expired(*table, shard, "expires", kRange)) found.push_back(std::move(k));
  }
  ASSERT_EQ(found.size(), 2u);
  // A client renews "a" and deletes "b" between the walk and the deletions.
  table->put(item("a", n(std::to_string(kNow + 3600))));
  table->remove(key("b"));
  for (const Key& k : found) EXPECT_FALSE(expire_item(*table, k, "expires", kRange));
  ASSERT_TRUE(table->get(key("a")));
  EXPECT_EQ(table->get(key("a"))->at("expires"), n(std::to_string(kNow + 3600)));
}

TEST(TtlExpirer, DeletionsLeaveTheIndexes) {
  auto table = ttl_table();
  table->put(item("past", n(std::to_string(kNow - 60))));
  table->put(item("future", n(std::to_string(kNow + 60))));
  auto index = table->find_index("by_status");
  auto index_pks = [&] {
    std::vector<std::string> pks;
    for (const Item& entry :
         index->query(s("open"), SortKeyRange::all(), Direction::Forward, {}, std::nullopt).items) {
      pks.push_back(entry.at("pk").as_string());
    }
    std::sort(pks.begin(), pks.end());
    return pks;
  };
  EXPECT_EQ(index_pks(), (std::vector<std::string>{"future", "past"}));
  expire_table(*table, kRange);
  EXPECT_EQ(index_pks(), (std::vector<std::string>{"future"}));
}

class OriginRecorder : public ChangeListener {
 public:
  void on_changes(std::span<const ItemChange> changes) override {
    for (const ItemChange& change : changes) {
      seen.push_back({change.key.partition.as_string(), change.old_item != nullptr,
                      change.new_item != nullptr, change.origin});
    }
  }
  struct Seen {
    std::string pk;
    bool had_old;
    bool has_new;
    ChangeOrigin origin;
  };
  std::vector<Seen> seen;
};

TEST(TtlExpirer, ListenersSeeATimeToLiveDeletion) {
  auto table = ttl_table();
  table->put(item("past", n(std::to_string(kNow - 60))));
  table->put(item("future", n(std::to_string(kNow + 60))));
  auto recorder = std::make_shared<OriginRecorder>();
  table->add_change_listener(recorder);
  expire_table(*table, kRange);
  ASSERT_EQ(recorder->seen.size(), 1u);
  EXPECT_EQ(recorder->seen[0].pk, "past");
  EXPECT_TRUE(recorder->seen[0].had_old);
  EXPECT_FALSE(recorder->seen[0].has_new);
  EXPECT_EQ(recorder->seen[0].origin, ChangeOrigin::TimeToLive);

  // A renewed item produces no change at all.
  table->put(item("renewed", n(std::to_string(kNow - 60))));
  recorder->seen.clear();
  table->put(item("renewed", n(std::to_string(kNow + 60))));
  EXPECT_FALSE(expire_item(*table, key("renewed"), "expires", kRange));
  ASSERT_EQ(recorder->seen.size(), 1u);
  EXPECT_EQ(recorder->seen[0].origin, ChangeOrigin::Client);
}

TEST(TtlExpirer, StopsWhenAskedTo) {
  auto table = ttl_table();
  for (int i = 0; i < 100; ++i) table->put(item("p" + std::to_string(i), n("1799999000")));
  // Asked to stop once the first item is gone.
  EXPECT_EQ(expire_table(*table, kRange, [&] { return table->item_count() < 100; }), 1u);
  EXPECT_EQ(table->item_count(), 99u);
}

TEST(TtlExpirer, TheDatabaseThreadDeletesExpiredItemsOnItsInterval) {
  auto database = std::make_unique<Database>();
  TableDefinition definition;
  definition.name = "t";
  definition.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  definition.ttl_attribute = "expires";
  auto table = database->create_table("us-east-1", definition);
  table->put(item("past", n(std::to_string(kNow - 60))));
  table->put(item("future", n(std::to_string(kNow + 60))));
  std::atomic<int> passes{0};
  database->start_ttl_expirer(std::chrono::milliseconds(10), [&] {
    ++passes;
    return at(kNow);
  });
  for (int i = 0; i < 500 && table->get(key("past")); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_FALSE(table->get(key("past")));
  EXPECT_TRUE(table->get(key("future")));
  EXPECT_GE(passes.load(), 1);
  database.reset();  // stops the thread promptly
}

TEST(TtlExpirer, StopsPromptlyWithALongInterval) {
  auto start = std::chrono::steady_clock::now();
  {
    Database database;
    database.start_ttl_expirer(std::chrono::hours(1));
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

}  // namespace
}  // namespace ddb::engine
