#include "engine/point_in_time.h"

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/table.h"

namespace ddb::engine {
namespace {

TableDefinition definition() {
  TableDefinition d;
  d.name = "t";
  d.table_id = "id";
  d.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  d.attribute_definitions = {{"pk", Type::S}};
  return d;
}

Item item(const std::string& pk, int v) {
  Item i;
  i["pk"] = AttributeValue::string(pk);
  i["v"] = AttributeValue::number(Number::parse(std::to_string(v)));
  return i;
}

Key key(const std::string& pk) { return Key{AttributeValue::string(pk), std::nullopt}; }

// The table's items, by partition key, with their "v".
std::map<std::string, std::string> contents(const Table& table) {
  std::map<std::string, std::string> out;
  Page page = table.scan(ScanSegment{}, PageLimits{}, std::nullopt);
  for (const Item& i : page.items) {
    out[i.at("pk").as_string()] = i.at("v").as_number().to_string();
  }
  return out;
}

struct Fixture {
  Clock clock;
  std::shared_ptr<Table> table = std::make_shared<Table>(definition());
  std::shared_ptr<PointInTimeHistory> history;

  explicit Fixture(uint64_t max_bytes = uint64_t{1} << 30) {
    history = std::make_shared<PointInTimeHistory>(clock, 35, max_bytes);
    table->add_change_listener(history);
  }
  // The table as it stood at `time_ms`, rebuilt from a copy and the history.
  std::map<std::string, std::string> at(int64_t time_ms) const {
    uint64_t position = 0;
    auto copy = table->copy("copy", [&] { position = history->position(); });
    history->rewind(*copy, position, time_ms);
    return contents(*copy);
  }
  int64_t tick() {
    clock.advance(std::chrono::seconds(1));
    return clock.now_ms();
  }
};

TEST(PointInTimeHistory, RewindsPutsOverwritesAndDeletesMadeAfterTheTime) {
  Fixture f;
  f.table->put(item("a", 1));
  f.table->put(item("b", 1));
  const int64_t first = f.tick();
  f.tick();
  f.table->put(item("a", 2));
  f.table->remove(key("b"));
  f.table->put(item("c", 1));
  const int64_t second = f.tick();
  f.tick();
  f.table->put(item("a", 3));
  f.table->put(item("c", 2));
  EXPECT_EQ(f.at(first), (std::map<std::string, std::string>{{"a", "1"}, {"b", "1"}}));
  EXPECT_EQ(f.at(second), (std::map<std::string, std::string>{{"a", "2"}, {"c", "1"}}));
  EXPECT_EQ(f.at(f.clock.now_ms()), (std::map<std::string, std::string>{{"a", "3"}, {"c", "2"}}));
  // The source table is left as it is.
  EXPECT_EQ(contents(*f.table), (std::map<std::string, std::string>{{"a", "3"}, {"c", "2"}}));
}

TEST(PointInTimeHistory, MatchesAModelAtEveryMomentOfRandomWrites) {
  Fixture f;
  std::mt19937 random(7);
  std::map<std::string, std::string> model;
  std::vector<std::pair<int64_t, std::map<std::string, std::string>>> states;
  for (int round = 0; round < 40; ++round) {
    for (int w = 0; w < 25; ++w) {
      std::string pk = "k" + std::to_string(random() % 30);
      if (random() % 4 == 0) {
        f.table->remove(key(pk));
        model.erase(pk);
      } else {
        int v = static_cast<int>(random() % 1000);
        f.table->put(item(pk, v));
        model[pk] = std::to_string(v);
      }
    }
    states.emplace_back(f.clock.now_ms(), model);
    f.tick();
  }
  for (const auto& [time, state] : states) EXPECT_EQ(f.at(time), state) << time;
}

TEST(PointInTimeHistory, TheByteBoundDropsTheOldestChangesAndMovesTheEarliestMoment) {
  Fixture f(4096);
  const int64_t start = f.history->earliest_ms();
  EXPECT_LE(start, f.clock.now_ms());
  for (int i = 0; i < 200; ++i) {
    f.tick();
    f.table->put(item("k" + std::to_string(i % 5), i));
  }
  EXPECT_LE(f.history->bytes(), 4096u);
  EXPECT_GT(f.history->change_count(), 0u);
  EXPECT_LT(f.history->change_count(), 200u);
  EXPECT_GT(f.history->earliest_ms(), start);
  EXPECT_EQ(f.history->position(), 200u);
  // Every moment from the earliest one on is still rebuilt exactly: the last five writes.
  const int64_t earliest = f.history->earliest_ms();
  EXPECT_EQ(f.at(f.clock.now_ms()), contents(*f.table));
  EXPECT_EQ(f.at(earliest).size(), 5u);
}

TEST(PointInTimeHistory, ChangesOlderThanThePeriodAreDropped) {
  Fixture f;
  const int64_t start = f.history->earliest_ms();
  f.clock.advance(std::chrono::hours(1));
  f.table->put(item("a", 1));
  const int64_t first_change = f.clock.now_ms();
  f.history->set_period_days(1);
  f.clock.advance(std::chrono::hours(25));
  f.table->put(item("a", 2));
  EXPECT_EQ(f.history->change_count(), 1u);
  // The dropped change's moment is the earliest one that can still be rebuilt.
  EXPECT_GT(f.history->earliest_ms(), start + 3'000'000);
  EXPECT_LE(f.history->earliest_ms(), first_change);
}

TEST(PointInTimeHistory, EachChangeCostsItsBeforeImageKeyAndOverhead) {
  Fixture f;
  f.table->put(item("a", 1));  // no before-image
  EXPECT_EQ(f.history->bytes(), PointInTimeHistory::kEntryOverheadBytes + 1);
  f.table->put(item("a", 2));
  EXPECT_GT(f.history->bytes(), 2 * PointInTimeHistory::kEntryOverheadBytes + 2);
  EXPECT_LT(f.history->bytes(), 2 * PointInTimeHistory::kEntryOverheadBytes + 40);
}

// The v of an image, or "none".
std::string v_of(const std::optional<Item>& image) {
  return image ? image->at("v").as_number().to_string() : "none";
}

TEST(PointInTimeHistory, ChangesBetweenGiveEachKeyOnceWithItsImageWhenTheWindowOpened) {
  Fixture f;
  f.table->put(item("a", 1));
  f.table->put(item("b", 1));
  const int64_t from = f.tick();
  f.table->put(item("a", 2));
  f.table->remove(key("b"));
  const int64_t later = f.tick();
  f.table->put(item("c", 1));
  f.table->put(item("a", 3));
  const int64_t to = f.tick();
  f.table->put(item("a", 4));
  f.table->put(item("d", 1));

  const std::vector<WindowChange> changes =
      f.history->changes_between(f.history->position(), from, to);
  ASSERT_EQ(changes.size(), 3u);
  EXPECT_EQ(changes[0].key, key("a"));
  EXPECT_EQ(v_of(changes[0].before), "1");
  EXPECT_EQ(changes[0].last_change_ms, later);
  EXPECT_EQ(changes[1].key, key("b"));
  EXPECT_EQ(v_of(changes[1].before), "1");
  EXPECT_EQ(changes[1].last_change_ms, from);
  EXPECT_EQ(changes[2].key, key("c"));
  EXPECT_EQ(v_of(changes[2].before), "none");
}

TEST(PointInTimeHistory, ChangesBetweenTakeTheStartAndLeaveTheEnd) {
  Fixture f;
  f.table->put(item("before", 1));
  const int64_t from = f.tick();
  f.table->put(item("at-start", 1));
  const int64_t to = f.tick();
  f.table->put(item("at-end", 1));
  std::vector<WindowChange> changes = f.history->changes_between(f.history->position(), from, to);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].key, key("at-start"));
  // Only the changes before the position count.
  EXPECT_TRUE(f.history->changes_between(0, from, to + 1).empty());
}

}  // namespace
}  // namespace ddb::engine
