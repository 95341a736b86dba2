#include "engine/index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "engine/error.h"
#include "engine/table.h"
#include "tests/support/harness.h"

namespace ddb::engine {
namespace {

AttributeValue n(int value) { return AttributeValue::number(Number::parse(std::to_string(value))); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

// Table key (pk S, sk N); index "by_rating" keyed (season S, rating N).
KeySchema table_schema() { return ddb::test::composite_schema("pk", Type::S, "sk", Type::N); }

IndexDefinition rating_index(ProjectionType type = ProjectionType::All,
                             std::vector<std::string> non_key = {}) {
  IndexDefinition definition;
  definition.name = "by_rating";
  definition.key_schema = ddb::test::composite_schema("season", Type::S, "rating", Type::N);
  definition.projection = {type, std::move(non_key)};
  return definition;
}

Item player(const std::string& pk, int sk, const std::string& season, int rating) {
  return Item{{"pk", s(pk)},         {"sk", n(sk)},           {"season", s(season)},
              {"rating", n(rating)}, {"handle", s(pk + "!")}, {"bio", s("likes chess")}};
}

void store(Index& index, const Item& item) {
  auto position = index.position_of(item);
  ASSERT_TRUE(position.has_value());
  index.store(*position, index.project(item));
}

std::vector<std::string> pks(const IndexPage& page) {
  std::vector<std::string> out;
  for (const Item& item : page.items) out.push_back(item.at("pk").as_string());
  return out;
}

std::string check_message(const Index& index, const Item& item) {
  try {
    index.check_item(item);
  } catch (const Error& error) {
    EXPECT_EQ(error.type(), ErrorType::Validation);
    return error.message();
  }
  return "";
}

// projects_same(a, b) is project(a) == project(b), for every projection type, over items that
// differ in projected attributes, in others, or in which attributes they have.
TEST(Index, ProjectsSameAgreesWithComparingTheEntries) {
  std::mt19937 random(7);
  const std::vector<std::string> names = {"bio", "handle", "level", "zone"};
  const auto random_item = [&] {
    Item item = player("p", 1, "s1", 5);
    // The index key varies too: missing, of another type, or one of two values.
    switch (random() % 4) {
      case 0:
        item.erase("rating");
        break;
      case 1:
        item["rating"] = s("high");
        break;
      default:
        item["rating"] = n(static_cast<int>(random() % 2));
    }
    for (const std::string& name : names) {
      switch (random() % 3) {
        case 0:
          item.erase(name);
          break;
        case 1:
          item[name] = s("x");
          break;
        default:
          item[name] = n(static_cast<int>(random() % 2));
      }
    }
    return item;
  };
  for (auto [type, non_key] :
       {std::pair{ProjectionType::All, std::vector<std::string>{}},
        std::pair{ProjectionType::KeysOnly, std::vector<std::string>{}},
        std::pair{ProjectionType::Include, std::vector<std::string>{"handle", "zone"}}}) {
    Index index(rating_index(type, non_key), table_schema());
    for (int i = 0; i < 300; ++i) {
      Item a = random_item();
      Item b = random() % 4 == 0 ? a : random_item();
      EXPECT_EQ(index.projects_same(a, b), index.project(a) == index.project(b));
      EXPECT_EQ(index.has_position(a), index.position_of(a).has_value());
      if (index.has_position(a) && index.has_position(b)) {
        EXPECT_EQ(index.same_index_key(a, b), *index.position_of(a) == *index.position_of(b));
      }
    }
  }
}

TEST(Index, AnItemWithoutTheIndexKeyHasNoPosition) {
  Index index(rating_index(), table_schema());
  Item item = player("a", 1, "s1", 5);
  item.erase("rating");
  EXPECT_FALSE(index.position_of(item).has_value());
  item = player("a", 1, "s1", 5);
  item.erase("season");
  EXPECT_FALSE(index.position_of(item).has_value());
}

TEST(Index, AnItemWhoseIndexKeyHasAnotherTypeHasNoPosition) {
  Index index(rating_index(), table_schema());
  Item item = player("a", 1, "s1", 5);
  item["rating"] = s("5");
  EXPECT_FALSE(index.position_of(item).has_value());
}

TEST(Index, PositionHoldsTheIndexKeyThenTheTableKey) {
  Index index(rating_index(), table_schema());
  auto position = index.position_of(player("a", 7, "s1", 5));
  ASSERT_TRUE(position.has_value());
  EXPECT_EQ(position->partition, s("s1"));
  EXPECT_EQ(position->entry, (IndexEntryKey{n(5), s("a"), n(7)}));
}

TEST(Index, KeysOnlyEntriesHoldTheTableAndIndexKeys) {
  Index index(rating_index(ProjectionType::KeysOnly), table_schema());
  Item entry = index.project(player("a", 1, "s1", 5));
  EXPECT_EQ(entry, (Item{{"pk", s("a")}, {"sk", n(1)}, {"season", s("s1")}, {"rating", n(5)}}));
}

TEST(Index, IncludeEntriesAddTheNamedAttributesThatExist) {
  Index index(rating_index(ProjectionType::Include, {"handle", "missing"}), table_schema());
  Item entry = index.project(player("a", 1, "s1", 5));
  EXPECT_EQ(entry, (Item{{"pk", s("a")},
                         {"sk", n(1)},
                         {"season", s("s1")},
                         {"rating", n(5)},
                         {"handle", s("a!")}}));
  EXPECT_TRUE(index.projects("handle"));
  EXPECT_TRUE(index.projects("pk"));
  EXPECT_FALSE(index.projects("bio"));
}

TEST(Index, AllEntriesHoldTheWholeItem) {
  Index index(rating_index(), table_schema());
  EXPECT_EQ(index.project(player("a", 1, "s1", 5)), player("a", 1, "s1", 5));
}

TEST(Index, EntrySizeIsTheProjectedSizePlusTheOverhead) {
  Index index(rating_index(ProjectionType::KeysOnly), table_schema());
  Item item = player("a", 1, "s1", 5);
  // pk "a" 2+1, sk 1 2+2, season "s1" 6+2, rating 5 6+2 = 23 bytes, plus 100 of overhead.
  EXPECT_EQ(index.entry_size(item), 123u);
  store(index, item);
  EXPECT_EQ(index.item_count(), 1u);
  EXPECT_EQ(index.size_bytes(), 123u);
  index.erase(*index.position_of(item));
  EXPECT_EQ(index.item_count(), 0u);
  EXPECT_EQ(index.size_bytes(), 0u);
}

TEST(Index, RejectsAnIndexKeyOfAnotherType) {
  Index index(rating_index(), table_schema());
  Item item = player("a", 1, "s1", 5);
  item["rating"] = s("five");
  EXPECT_EQ(check_message(index, item),
            "One or more parameter values were invalid: Type mismatch for Index Key rating "
            "Expected: N Actual: S IndexName: by_rating");
  item["rating"] = AttributeValue::map({});
  EXPECT_EQ(check_message(index, item),
            "One or more parameter values were invalid: Type mismatch for Index Key rating "
            "Expected: N Actual: M IndexName: by_rating");
}

TEST(Index, RejectsAnEmptyStringIndexKey) {
  Index index(rating_index(), table_schema());
  Item item = player("a", 1, "", 5);
  EXPECT_EQ(check_message(index, item),
            "One or more parameter values are not valid. A value specified for a secondary index "
            "key is not supported. The AttributeValue for a key attribute cannot contain an empty "
            "string value. IndexName: by_rating, IndexKey: season");
}

TEST(Index, RejectsAnIndexPartitionKeyOver2048Bytes) {
  Index index(rating_index(), table_schema());
  EXPECT_EQ(check_message(index, player("a", 1, std::string(2048, 'x'), 5)), "");
  EXPECT_EQ(check_message(index, player("a", 1, std::string(2049, 'x'), 5)),
            "One or more parameter values were invalid: Size limit exceeded for Index Key season "
            "Actual Size: 2049 bytes Max Size: 2048 bytes IndexName: by_rating");
  EXPECT_FALSE(index.accepts(player("a", 1, std::string(2049, 'x'), 5)));
}

TEST(Index, AcceptsAnItemWithoutTheIndexKeys) {
  Index index(rating_index(), table_schema());
  EXPECT_TRUE(index.accepts(Item{{"pk", s("a")}, {"sk", n(1)}}));
}

TEST(Index, EqualIndexKeysAreOrderedByTheTableKey) {
  Index index(rating_index(), table_schema());
  store(index, player("c", 1, "s1", 5));
  store(index, player("a", 2, "s1", 5));
  store(index, player("a", 1, "s1", 5));
  store(index, player("b", 1, "s1", 4));
  IndexPage page = index.query(s("s1"), SortKeyRange::all(), Direction::Forward, {}, std::nullopt);
  EXPECT_EQ(pks(page), (std::vector<std::string>{"b", "a", "a", "c"}));
  EXPECT_EQ(page.items[1].at("sk"), n(1));
  EXPECT_EQ(page.items[2].at("sk"), n(2));
  IndexPage back = index.query(s("s1"), SortKeyRange::all(), Direction::Backward, {}, std::nullopt);
  EXPECT_EQ(pks(back), (std::vector<std::string>{"c", "a", "a", "b"}));
}

TEST(Index, SortKeyRangeAppliesToTheIndexSortKey) {
  Index index(rating_index(), table_schema());
  for (int i = 0; i < 10; ++i) store(index, player("p" + std::to_string(i), 1, "s1", i));
  IndexPage page =
      index.query(s("s1"), SortKeyRange::between(n(3), n(5)), Direction::Forward, {}, std::nullopt);
  EXPECT_EQ(pks(page), (std::vector<std::string>{"p3", "p4", "p5"}));
  page = index.query(s("s1"), SortKeyRange::greater(n(7)), Direction::Backward, {}, std::nullopt);
  EXPECT_EQ(pks(page), (std::vector<std::string>{"p9", "p8"}));
}

TEST(Index, ThePageStopsAtTheLimitWithItsPosition) {
  Index index(rating_index(), table_schema());
  for (int i = 0; i < 5; ++i) store(index, player("p" + std::to_string(i), 1, "s1", 7));
  IndexPage page =
      index.query(s("s1"), SortKeyRange::all(), Direction::Forward, {.limit = 2}, std::nullopt);
  ASSERT_TRUE(page.last_evaluated_key.has_value());
  EXPECT_EQ(*page.last_evaluated_key, (IndexPosition{s("s1"), {n(7), s("p1"), n(1)}}));
}

// Many entries share few index keys; every page size and direction visits each entry once, in the
// order of a sorted model of (rating, pk, sk).
TEST(Index, QueryPagesNeverRepeatOrMissAnEntry) {
  Index index(rating_index(ProjectionType::KeysOnly), table_schema());
  std::mt19937 random(7);
  std::vector<std::tuple<int, std::string, int>> model;
  for (int i = 0; i < 300; ++i) {
    std::string pk = "p" + std::to_string(random() % 40);
    int sk = static_cast<int>(random() % 5);
    int rating = static_cast<int>(random() % 6);
    auto duplicate = std::find_if(model.begin(), model.end(), [&](const auto& entry) {
      return std::get<1>(entry) == pk && std::get<2>(entry) == sk;
    });
    if (duplicate != model.end()) continue;
    model.emplace_back(rating, pk, sk);
    store(index, player(pk, sk, "s1", rating));
  }
  std::sort(model.begin(), model.end());
  for (Direction direction : {Direction::Forward, Direction::Backward}) {
    for (std::size_t limit : {1u, 2u, 7u, 50u}) {
      std::vector<std::tuple<int, std::string, int>> seen;
      std::optional<IndexPosition> start;
      do {
        IndexPage page =
            index.query(s("s1"), SortKeyRange::all(), direction, {.limit = limit}, start);
        for (const Item& item : page.items) {
          seen.emplace_back(std::stoi(item.at("rating").as_number().to_string()),
                            item.at("pk").as_string(),
                            std::stoi(item.at("sk").as_number().to_string()));
        }
        start = page.last_evaluated_key;
      } while (start);
      auto expected = model;
      if (direction == Direction::Backward) std::reverse(expected.begin(), expected.end());
      EXPECT_EQ(seen, expected) << "limit " << limit;
    }
  }
}

TEST(Index, ScanSegmentsCoverEveryEntryOnce) {
  Index index(rating_index(ProjectionType::KeysOnly), table_schema());
  std::multiset<std::string> expected;
  for (int i = 0; i < 200; ++i) {
    std::string pk = "p" + std::to_string(i);
    store(index, player(pk, 1, "season" + std::to_string(i % 23), i % 4));
    expected.insert(pk);
  }
  std::multiset<std::string> seen;
  for (uint32_t segment = 0; segment < 3; ++segment) {
    std::optional<IndexPosition> start;
    do {
      IndexPage page = index.scan({segment, 3}, {.limit = 9}, start);
      for (const Item& item : page.items) {
        EXPECT_EQ(Table::segment_of(item.at("season"), 3), segment);
        seen.insert(item.at("pk").as_string());
      }
      start = page.last_evaluated_key;
    } while (start);
  }
  EXPECT_EQ(seen, expected);
}

TEST(Index, AHashOnlyIndexOrdersAPartitionByTheTableKey) {
  IndexDefinition definition;
  definition.name = "by_handle";
  definition.key_schema = KeySchema{{"handle", Type::S}, std::nullopt};
  Index index(definition, table_schema());
  store(index, Item{{"pk", s("b")}, {"sk", n(1)}, {"handle", s("h")}});
  store(index, Item{{"pk", s("a")}, {"sk", n(2)}, {"handle", s("h")}});
  IndexPage page = index.query(s("h"), SortKeyRange::all(), Direction::Forward, {}, std::nullopt);
  EXPECT_EQ(pks(page), (std::vector<std::string>{"a", "b"}));
}

// Index "board" keyed (tournament S, region S) + (score N, at S): a multi-attribute key.
IndexDefinition board_index() {
  IndexDefinition definition;
  definition.name = "board";
  definition.key_schema.partition = {{"tournament", Type::S}, {"region", Type::S}};
  definition.key_schema.sort = {{"score", Type::N}, {"at", Type::S}};
  definition.projection = {ProjectionType::KeysOnly, {}};
  return definition;
}

Item entry(const std::string& pk, const std::string& region, int score, const std::string& at) {
  return Item{{"pk", s(pk)},         {"sk", n(1)},        {"tournament", s("WINTER")},
              {"region", s(region)}, {"score", n(score)}, {"at", s(at)}};
}

TEST(MultiAttributeIndex, HoldsOnlyItemsWithEveryKeyAttributeOfItsType) {
  Index index(board_index(), table_schema());
  EXPECT_TRUE(index.position_of(entry("a", "EU", 5, "t1")).has_value());
  for (const char* missing : {"tournament", "region", "score", "at"}) {
    Item item = entry("a", "EU", 5, "t1");
    item.erase(missing);
    EXPECT_FALSE(index.position_of(item).has_value()) << missing;
    EXPECT_EQ(check_message(index, item), "") << missing;
  }
  Item wrong = entry("a", "EU", 5, "t1");
  wrong["at"] = n(3);
  EXPECT_FALSE(index.position_of(wrong).has_value());
  EXPECT_EQ(check_message(index, wrong),
            "One or more parameter values were invalid: Type mismatch for Index Key at Expected: S "
            "Actual: N IndexName: board");
}

TEST(MultiAttributeIndex, KeepsEntriesOfOnePartitionInSortAttributeOrder) {
  Index index(board_index(), table_schema());
  store(index, entry("p1", "EU", 10, "b"));
  store(index, entry("p2", "EU", 9, "z"));
  store(index, entry("p3", "EU", 10, "a"));
  store(index, entry("p4", "EU", -2, "a"));
  store(index, entry("p5", "NA", 1, "a"));
  std::optional<IndexPosition> p1 = index.position_of(entry("p1", "EU", 10, "b"));
  ASSERT_TRUE(p1.has_value());
  IndexPage page = index.query(p1->partition, SortKeyRange::all(), Direction::Forward, {}, {});
  EXPECT_EQ(pks(page), (std::vector<std::string>{"p4", "p2", "p3", "p1"}));
  page = index.query(p1->partition, SortKeyRange::all(), Direction::Backward, {}, {});
  EXPECT_EQ(pks(page), (std::vector<std::string>{"p1", "p3", "p2", "p4"}));
  EXPECT_EQ(index.item_count(), 5u);
}

}  // namespace
}  // namespace ddb::engine
