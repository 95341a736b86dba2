#include "engine/table.h"

#include <gtest/gtest.h>
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/error.h"
#include "tests/support/harness.h"

namespace ddb::engine {
namespace {

AttributeValue n(int value) { return AttributeValue::number(Number::parse(std::to_string(value))); }
AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

TableDefinition composite_definition() {
  TableDefinition definition;
  definition.name = "orders";
  definition.key_schema = ddb::test::composite_schema("pk", Type::S, "sk", Type::N);
  definition.attribute_definitions = {{"pk", Type::S}, {"sk", Type::N}};
  return definition;
}

TableDefinition hash_only_definition() {
  TableDefinition definition;
  definition.name = "users";
  definition.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  definition.attribute_definitions = {{"pk", Type::S}};
  return definition;
}

Item row(const std::string& pk, int sk, const std::string& data = "") {
  Item item{{"pk", s(pk)}, {"sk", n(sk)}};
  if (!data.empty()) item.emplace("data", s(data));
  return item;
}

Key key(const std::string& pk, int sk) { return Key{s(pk), n(sk)}; }

// The sort keys of a page's items, as integers.
std::vector<int> sort_keys(const Page& page) {
  std::vector<int> keys;
  for (const Item& item : page.items)
    keys.push_back(std::stoi(item.at("sk").as_number().to_string()));
  return keys;
}

// "pk/sk" for each item, to compare scans.
std::string label(const Item& item) {
  std::string text = item.at("pk").as_string();
  if (auto sk = item.find("sk"); sk != item.end()) text += "/" + sk->second.as_number().to_string();
  return text;
}

TEST(Table, PagesReportTheBytesTheyRead) {
  Table table(composite_definition());
  table.put(row("a", 1, "xyz"));
  table.put(row("a", 2));
  // "pk"+"a" = 3, "sk"+1 = 2+2 = 4, "data"+"xyz" = 7: 14 bytes, then 3 + 4 = 7 bytes.
  Page page =
      table.query(s("a"), SortKeyRange::all(), Direction::Forward, PageLimits{}, std::nullopt);
  EXPECT_EQ(page.bytes_read, 21u);
  Page scan = table.scan(ScanSegment{}, PageLimits{1, kMaxPageBytes}, std::nullopt);
  EXPECT_EQ(scan.bytes_read, 14u);
}

TEST(Table, GetReturnsWhatPutStored) {
  Table table(composite_definition());
  EXPECT_FALSE(table.put(row("a", 1, "x")).has_value());
  std::optional<Item> item = table.get(key("a", 1));
  ASSERT_TRUE(item.has_value());
  EXPECT_EQ(*item, row("a", 1, "x"));
  EXPECT_FALSE(table.get(key("a", 2)).has_value());
  EXPECT_FALSE(table.get(key("b", 1)).has_value());
}

TEST(Table, PutReplacesAndReturnsThePreviousItem) {
  Table table(composite_definition());
  table.put(row("a", 1, "old"));
  std::optional<Item> old = table.put(row("a", 1, "new"));
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(old->at("data"), s("old"));
  EXPECT_EQ(table.get(key("a", 1))->at("data"), s("new"));
  EXPECT_EQ(table.item_count(), 1u);
}

TEST(Table, NumericSortKeysOfAnySpellingAreTheSameKey) {
  Table table(composite_definition());
  table.put(Item{{"pk", s("a")}, {"sk", n("1.50")}});
  EXPECT_TRUE(table.get(Key{s("a"), n("15E-1")}).has_value());
}

TEST(Table, RemoveDeletesAndReturnsTheItem) {
  Table table(composite_definition());
  table.put(row("a", 1, "x"));
  std::optional<Item> removed = table.remove(key("a", 1));
  ASSERT_TRUE(removed.has_value());
  EXPECT_EQ(*removed, row("a", 1, "x"));
  EXPECT_FALSE(table.get(key("a", 1)).has_value());
  EXPECT_FALSE(table.remove(key("a", 1)).has_value());
  EXPECT_EQ(table.item_count(), 0u);
  EXPECT_EQ(table.size_bytes(), 0u);
}

TEST(Table, WriteSeesTheCurrentItem) {
  Table table(composite_definition());
  table.put(row("a", 1, "x"));
  std::optional<Item> seen;
  table.write(key("a", 1), [&](const Item* current) {
    if (current) seen = *current;
    Item next = *current;
    next["data"] = s("y");
    return std::optional<Item>(next);
  });
  ASSERT_TRUE(seen.has_value());
  EXPECT_EQ(seen->at("data"), s("x"));
  EXPECT_EQ(table.get(key("a", 1))->at("data"), s("y"));
}

TEST(Table, WriteGetsNullForAMissingItem) {
  Table table(composite_definition());
  bool saw_null = false;
  std::optional<Item> old = table.write(key("a", 1), [&](const Item* current) {
    saw_null = current == nullptr;
    return std::optional<Item>(row("a", 1));
  });
  EXPECT_TRUE(saw_null);
  EXPECT_FALSE(old.has_value());
  EXPECT_TRUE(table.get(key("a", 1)).has_value());
}

TEST(Table, WriteThatDecidesNothingOnAMissingItemLeavesNoItem) {
  Table table(composite_definition());
  table.write(key("a", 1), [](const Item*) { return std::optional<Item>(); });
  EXPECT_FALSE(table.get(key("a", 1)).has_value());
  EXPECT_EQ(table.item_count(), 0u);
  EXPECT_EQ(table.size_bytes(), 0u);
  EXPECT_TRUE(table.scan({}, {}, std::nullopt).items.empty());
}

TEST(Table, WriteThatThrowsLeavesTheItemUnchanged) {
  Table table(composite_definition());
  table.put(row("a", 1, "x"));
  uint64_t bytes = table.size_bytes();
  EXPECT_THROW(table.write(key("a", 1),
                           [](const Item*) -> std::optional<Item> {
                             throw Error(ErrorType::ConditionalCheckFailed,
                                         "The conditional request failed");
                           }),
               Error);
  EXPECT_EQ(table.get(key("a", 1)), row("a", 1, "x"));
  EXPECT_EQ(table.item_count(), 1u);
  EXPECT_EQ(table.size_bytes(), bytes);
}

TEST(Table, WriteThatThrowsOnAMissingItemCreatesNothing) {
  Table table(composite_definition());
  EXPECT_THROW(
      table.write(key("a", 1),
                  [](const Item*) -> std::optional<Item> { throw Error::validation("no"); }),
      Error);
  EXPECT_FALSE(table.get(key("a", 1)).has_value());
  EXPECT_EQ(table.item_count(), 0u);
  EXPECT_TRUE(table.scan({}, {}, std::nullopt).items.empty());
}

TEST(Table, CountsItemsAndTheirSizes) {
  Table table(composite_definition());
  EXPECT_EQ(table.item_count(), 0u);
  EXPECT_EQ(table.size_bytes(), 0u);
  // "pk" 2 + "a" 1 + "sk" 2 + N 1 digit 2 = 7
  table.put(row("a", 1));
  EXPECT_EQ(table.item_count(), 1u);
  EXPECT_EQ(table.size_bytes(), 7u);
  // 7 + "data" 4 + "hello" 5 = 16
  table.put(row("b", 2, "hello"));
  EXPECT_EQ(table.item_count(), 2u);
  EXPECT_EQ(table.size_bytes(), 23u);
  // Replacing counts the new size instead of the old one: 7 + 4 + 2 = 13.
  table.put(row("b", 2, "hi"));
  EXPECT_EQ(table.item_count(), 2u);
  EXPECT_EQ(table.size_bytes(), 20u);
  table.remove(key("a", 1));
  EXPECT_EQ(table.item_count(), 1u);
  EXPECT_EQ(table.size_bytes(), 13u);
  table.remove(key("a", 1));  // already gone
  EXPECT_EQ(table.item_count(), 1u);
  EXPECT_EQ(table.size_bytes(), 13u);
}

// Partition "p" holds sort keys 1..10.
void add_ten_items(Table& table) {
  for (int sk = 1; sk <= 10; ++sk) table.put(row("p", sk));
  table.put(row("other", 5));
}

TEST(TableQuery, ReadsOnePartitionInSortKeyOrder) {
  Table table(composite_definition());
  add_ten_items(table);
  Page page = table.query(s("p"), SortKeyRange::all(), Direction::Forward, {}, std::nullopt);
  EXPECT_EQ(sort_keys(page), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  EXPECT_FALSE(page.last_evaluated_key.has_value());
}

TEST(TableQuery, ReadsOnlyTheRange) {
  Table table(composite_definition());
  add_ten_items(table);
  Page page =
      table.query(s("p"), SortKeyRange::between(n(3), n(6)), Direction::Backward, {}, std::nullopt);
  EXPECT_EQ(sort_keys(page), (std::vector<int>{6, 5, 4, 3}));
}

TEST(TableQuery, MissingPartitionGivesAnEmptyPage) {
  Table table(composite_definition());
  add_ten_items(table);
  Page page = table.query(s("nope"), SortKeyRange::all(), Direction::Forward, {}, std::nullopt);
  EXPECT_TRUE(page.items.empty());
  EXPECT_FALSE(page.last_evaluated_key.has_value());
}

TEST(TableQuery, LimitStopsThePageAndLastEvaluatedKeyIsTheLastItem) {
  Table table(composite_definition());
  add_ten_items(table);
  Page page =
      table.query(s("p"), SortKeyRange::all(), Direction::Forward, {.limit = 3}, std::nullopt);
  EXPECT_EQ(sort_keys(page), (std::vector<int>{1, 2, 3}));
  ASSERT_TRUE(page.last_evaluated_key.has_value());
  EXPECT_EQ(*page.last_evaluated_key, key("p", 3));
}

TEST(TableQuery, ResumingWithLastEvaluatedKeyContinuesRightAfterIt) {
  Table table(composite_definition());
  add_ten_items(table);
  std::vector<std::vector<int>> pages;
  std::optional<Key> start;
  do {
    Page page = table.query(s("p"), SortKeyRange::all(), Direction::Forward, {.limit = 3}, start);
    pages.push_back(sort_keys(page));
    start = page.last_evaluated_key;
  } while (start);
  EXPECT_EQ(pages, (std::vector<std::vector<int>>{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10}}));
}

TEST(TableQuery, AFullLastPageStillReturnsAKeyAndTheNextPageIsEmpty) {
  Table table(composite_definition());
  for (int sk = 1; sk <= 4; ++sk) table.put(row("p", sk));
  Page first =
      table.query(s("p"), SortKeyRange::all(), Direction::Forward, {.limit = 4}, std::nullopt);
  EXPECT_EQ(sort_keys(first), (std::vector<int>{1, 2, 3, 4}));
  ASSERT_TRUE(first.last_evaluated_key.has_value());
  Page second = table.query(s("p"), SortKeyRange::all(), Direction::Forward, {.limit = 4},
                            first.last_evaluated_key);
  EXPECT_TRUE(second.items.empty());
  EXPECT_FALSE(second.last_evaluated_key.has_value());
}

TEST(TableQuery, PagesBackward) {
  Table table(composite_definition());
  add_ten_items(table);
  std::vector<std::vector<int>> pages;
  std::optional<Key> start;
  do {
    Page page =
        table.query(s("p"), SortKeyRange::greater(n(2)), Direction::Backward, {.limit = 3}, start);
    pages.push_back(sort_keys(page));
    start = page.last_evaluated_key;
  } while (start);
  EXPECT_EQ(pages, (std::vector<std::vector<int>>{{10, 9, 8}, {7, 6, 5}, {4, 3}}));
}

TEST(TableQuery, ResumesAfterAStartKeyThatWasDeletedMeanwhile) {
  Table table(composite_definition());
  add_ten_items(table);
  Page first =
      table.query(s("p"), SortKeyRange::all(), Direction::Forward, {.limit = 3}, std::nullopt);
  table.remove(key("p", 3));
  Page second = table.query(s("p"), SortKeyRange::all(), Direction::Forward, {.limit = 3},
                            first.last_evaluated_key);
  EXPECT_EQ(sort_keys(second), (std::vector<int>{4, 5, 6}));
}

// Each item is "pk" 2 + "p" 1 + "sk" 2 + N (1-2 digits) 2 + "data" 4 + 100 bytes = 111 bytes.
void add_hundred_byte_items(Table& table) {
  for (int sk = 1; sk <= 10; ++sk) table.put(row("p", sk, std::string(100, 'x')));
}

TEST(TableQuery, PageStopsOnceMaxBytesHaveBeenRead) {
  Table table(composite_definition());
  add_hundred_byte_items(table);
  // 111 + 111 = 222 < 250; the third item makes 333 >= 250 and ends the page.
  Page page = table.query(s("p"), SortKeyRange::all(), Direction::Forward, {.max_bytes = 250},
                          std::nullopt);
  EXPECT_EQ(sort_keys(page), (std::vector<int>{1, 2, 3}));
  ASSERT_TRUE(page.last_evaluated_key.has_value());
  EXPECT_EQ(*page.last_evaluated_key, key("p", 3));
}

TEST(TableQuery, PageStopsWhenMaxBytesIsReachedExactly) {
  Table table(composite_definition());
  add_hundred_byte_items(table);
  Page page = table.query(s("p"), SortKeyRange::all(), Direction::Forward, {.max_bytes = 222},
                          std::nullopt);
  EXPECT_EQ(sort_keys(page), (std::vector<int>{1, 2}));
  EXPECT_EQ(*page.last_evaluated_key, key("p", 2));
}

TEST(TableQuery, AnItemLargerThanMaxBytesIsStillReturned) {
  Table table(composite_definition());
  add_hundred_byte_items(table);
  Page page =
      table.query(s("p"), SortKeyRange::all(), Direction::Forward, {.max_bytes = 1}, std::nullopt);
  EXPECT_EQ(sort_keys(page), (std::vector<int>{1}));
  EXPECT_EQ(*page.last_evaluated_key, key("p", 1));
}

TEST(TableQuery, ByteLimitedPagesResumeExactlyAfterTheLastItem) {
  Table table(composite_definition());
  add_hundred_byte_items(table);
  std::vector<std::vector<int>> pages;
  std::optional<Key> start;
  do {
    Page page =
        table.query(s("p"), SortKeyRange::all(), Direction::Backward, {.max_bytes = 300}, start);
    pages.push_back(sort_keys(page));
    start = page.last_evaluated_key;
  } while (start);
  EXPECT_EQ(pages, (std::vector<std::vector<int>>{{10, 9, 8}, {7, 6, 5}, {4, 3, 2}, {1}}));
}

TEST(TableQuery, LimitAndMaxBytesStopAtWhicheverComesFirst) {
  Table table(composite_definition());
  add_hundred_byte_items(table);
  Page by_limit = table.query(s("p"), SortKeyRange::all(), Direction::Forward,
                              {.limit = 2, .max_bytes = 1000}, std::nullopt);
  EXPECT_EQ(sort_keys(by_limit), (std::vector<int>{1, 2}));
  Page by_bytes = table.query(s("p"), SortKeyRange::all(), Direction::Forward,
                              {.limit = 5, .max_bytes = 200}, std::nullopt);
  EXPECT_EQ(sort_keys(by_bytes), (std::vector<int>{1, 2}));
}

// 300 partitions of 3 items each.
void add_many_partitions(Table& table) {
  for (int p = 0; p < 300; ++p) {
    for (int sk = 0; sk < 3; ++sk) table.put(row("part" + std::to_string(p), sk));
  }
}

std::vector<std::string> scan_all(const Table& table, ScanSegment segment, PageLimits limits,
                                  int* pages = nullptr) {
  std::vector<std::string> labels;
  std::optional<Key> start;
  int count = 0;
  do {
    Page page = table.scan(segment, limits, start);
    for (const Item& item : page.items) labels.push_back(label(item));
    if (page.last_evaluated_key) {
      EXPECT_FALSE(page.items.empty());
      EXPECT_EQ(*page.last_evaluated_key, key_of(page.items.back(), table.key_schema()));
    }
    start = page.last_evaluated_key;
    ++count;
  } while (start && count < 100000);
  if (pages) *pages = count;
  return labels;
}

std::set<std::string> every_label() {
  std::set<std::string> labels;
  for (int p = 0; p < 300; ++p) {
    for (int sk = 0; sk < 3; ++sk)
      labels.insert("part" + std::to_string(p) + "/" + std::to_string(sk));
  }
  return labels;
}

TEST(TableScan, PagesVisitEveryItemExactlyOnce) {
  Table table(composite_definition());
  add_many_partitions(table);
  int pages = 0;
  std::vector<std::string> labels = scan_all(table, {}, {.limit = 7}, &pages);
  EXPECT_EQ(labels.size(), 900u);
  EXPECT_EQ(std::set<std::string>(labels.begin(), labels.end()), every_label());
  EXPECT_EQ(pages, 129);  // 128 full pages of 7 and a last one of 4
}

TEST(TableScan, OrderIsTheSameWhateverThePageSize) {
  Table table(composite_definition());
  add_many_partitions(table);
  std::vector<std::string> whole = scan_all(table, {}, {});
  EXPECT_EQ(whole.size(), 900u);
  EXPECT_EQ(scan_all(table, {}, {.limit = 1}), whole);
  EXPECT_EQ(scan_all(table, {}, {.limit = 2}), whole);
  EXPECT_EQ(scan_all(table, {}, {.limit = 13}), whole);
  EXPECT_EQ(scan_all(table, {}, {.max_bytes = 50}), whole);
}

TEST(TableScan, KeepsAPartitionsItemsTogetherInSortKeyOrder) {
  Table table(composite_definition());
  add_many_partitions(table);
  std::vector<std::string> whole = scan_all(table, {}, {});
  ASSERT_EQ(whole.size(), 900u);
  for (std::size_t i = 0; i < whole.size(); i += 3) {
    std::string partition = whole[i].substr(0, whole[i].find('/'));
    EXPECT_EQ(whole[i], partition + "/0");
    EXPECT_EQ(whole[i + 1], partition + "/1");
    EXPECT_EQ(whole[i + 2], partition + "/2");
  }
}

TEST(TableScan, ResumesAfterAStartKeyWhosePartitionWasDeleted) {
  Table table(composite_definition());
  add_many_partitions(table);
  std::vector<std::string> whole = scan_all(table, {}, {});
  Page first = table.scan({}, {.limit = 3}, std::nullopt);
  ASSERT_TRUE(first.last_evaluated_key.has_value());
  std::string partition = first.last_evaluated_key->partition.as_string();
  for (int sk = 0; sk < 3; ++sk) table.remove(key(partition, sk));
  Page second = table.scan({}, {.limit = 3}, first.last_evaluated_key);
  ASSERT_EQ(second.items.size(), 3u);
  EXPECT_EQ(label(second.items[0]), whole[3]);
  EXPECT_EQ(label(second.items[2]), whole[5]);
}

TEST(TableScan, EmptyTableGivesAnEmptyPage) {
  Table table(composite_definition());
  Page page = table.scan({}, {.limit = 5}, std::nullopt);
  EXPECT_TRUE(page.items.empty());
  EXPECT_FALSE(page.last_evaluated_key.has_value());
}

TEST(TableScan, SegmentsTogetherCoverEveryItemExactlyOnce) {
  Table table(composite_definition());
  add_many_partitions(table);
  for (uint32_t total : {1u, 2u, 3u, 7u, 64u}) {
    SCOPED_TRACE("TotalSegments " + std::to_string(total));
    std::multiset<std::string> seen;
    for (uint32_t index = 0; index < total; ++index) {
      for (const std::string& l : scan_all(table, {index, total}, {.limit = 5})) seen.insert(l);
    }
    EXPECT_EQ(seen.size(), 900u);
    EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()), every_label());
  }
}

TEST(TableScan, SegmentHoldsExactlyThePartitionsSegmentOfAssignsIt) {
  Table table(composite_definition());
  add_many_partitions(table);
  for (uint32_t total : {1u, 2u, 3u, 7u, 64u}) {
    for (uint32_t index = 0; index < total; ++index) {
      std::set<std::string> expected;
      for (int p = 0; p < 300; ++p) {
        std::string pk = "part" + std::to_string(p);
        if (Table::segment_of(s(pk), total) != index) continue;
        for (int sk = 0; sk < 3; ++sk) expected.insert(pk + "/" + std::to_string(sk));
      }
      std::vector<std::string> got = scan_all(table, {index, total}, {});
      EXPECT_EQ(std::set<std::string>(got.begin(), got.end()), expected)
          << "segment " << index << " of " << total;
      EXPECT_EQ(got.size(), expected.size());
    }
  }
}

TEST(TableScan, SegmentsSplitTheTableAboutEvenly) {
  Table table(composite_definition());
  add_many_partitions(table);
  for (uint32_t index = 0; index < 3; ++index) {
    std::size_t items = scan_all(table, {index, 3}, {}).size();
    EXPECT_GT(items, 150u) << "segment " << index;
    EXPECT_LT(items, 450u) << "segment " << index;
  }
}

TEST(TableScan, SegmentPagesFollowTheWholeScansOrder) {
  Table table(composite_definition());
  add_many_partitions(table);
  std::vector<std::string> whole = scan_all(table, {}, {});
  for (uint32_t total : {2u, 7u}) {
    std::vector<std::string> joined;
    for (uint32_t index = 0; index < total; ++index) {
      std::vector<std::string> part = scan_all(table, {index, total}, {.limit = 4});
      joined.insert(joined.end(), part.begin(), part.end());
    }
    EXPECT_EQ(joined, whole) << "TotalSegments " << total;
  }
}

TEST(TableSegmentOf, IsStableAndInRange) {
  for (uint32_t total : {1u, 2u, 3u, 7u, 64u, 1000000u}) {
    for (int i = 0; i < 50; ++i) {
      AttributeValue pk = s("k" + std::to_string(i));
      uint32_t segment = Table::segment_of(pk, total);
      EXPECT_LT(segment, total);
      EXPECT_EQ(Table::segment_of(s("k" + std::to_string(i)), total), segment);
    }
  }
  EXPECT_EQ(Table::segment_of(s("anything"), 1), 0u);
}

TEST(TableSegmentOf, EqualNumbersAreInTheSameSegmentWhateverTheirSpelling) {
  for (uint32_t total : {2u, 7u, 64u, 1000u}) {
    EXPECT_EQ(Table::segment_of(n("100"), total), Table::segment_of(n("1E2"), total));
    EXPECT_EQ(Table::segment_of(n("0.5"), total), Table::segment_of(n("5.000E-1"), total));
  }
}

TEST(TableHashOnly, StoresOneItemPerPartitionKey) {
  Table table(hash_only_definition());
  table.put(Item{{"pk", s("u1")}, {"name", s("Ann")}});
  std::optional<Item> old = table.put(Item{{"pk", s("u1")}, {"name", s("Bob")}});
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(old->at("name"), s("Ann"));
  EXPECT_EQ(table.get(Key{s("u1"), std::nullopt})->at("name"), s("Bob"));
  EXPECT_EQ(table.item_count(), 1u);
  EXPECT_TRUE(table.remove(Key{s("u1"), std::nullopt}).has_value());
  EXPECT_FALSE(table.get(Key{s("u1"), std::nullopt}).has_value());
  EXPECT_EQ(table.item_count(), 0u);
}

TEST(TableHashOnly, QueryReturnsTheOneItem) {
  Table table(hash_only_definition());
  table.put(Item{{"pk", s("u1")}, {"name", s("Ann")}});
  table.put(Item{{"pk", s("u2")}, {"name", s("Bob")}});
  Page page = table.query(s("u1"), SortKeyRange::all(), Direction::Forward, {}, std::nullopt);
  ASSERT_EQ(page.items.size(), 1u);
  EXPECT_EQ(page.items[0].at("name"), s("Ann"));
  EXPECT_FALSE(page.last_evaluated_key.has_value());
}

TEST(TableHashOnly, ScanPagesHaveKeysWithoutASortKey) {
  Table table(hash_only_definition());
  for (int i = 0; i < 50; ++i) table.put(Item{{"pk", s("u" + std::to_string(i))}});
  std::set<std::string> seen;
  std::optional<Key> start;
  int pages = 0;
  do {
    Page page = table.scan({}, {.limit = 4}, start);
    for (const Item& item : page.items) EXPECT_TRUE(seen.insert(item.at("pk").as_string()).second);
    if (page.last_evaluated_key) {
      EXPECT_FALSE(page.last_evaluated_key->sort.has_value());
    }
    start = page.last_evaluated_key;
    ++pages;
  } while (start);
  EXPECT_EQ(seen.size(), 50u);
  EXPECT_EQ(pages, 13);
}

TEST(TableHashOnly, ParallelScanCoversEveryItemOnce) {
  Table table(hash_only_definition());
  for (int i = 0; i < 200; ++i) table.put(Item{{"pk", s("u" + std::to_string(i))}});
  for (uint32_t total : {1u, 2u, 3u, 7u, 64u}) {
    std::multiset<std::string> seen;
    for (uint32_t index = 0; index < total; ++index) {
      std::optional<Key> start;
      do {
        Page page = table.scan({index, total}, {.limit = 3}, start);
        for (const Item& item : page.items) {
          seen.insert(item.at("pk").as_string());
          EXPECT_EQ(Table::segment_of(item.at("pk"), total), index);
        }
        start = page.last_evaluated_key;
      } while (start);
    }
    EXPECT_EQ(seen.size(), 200u) << "TotalSegments " << total;
    EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(), 200u);
  }
}

TEST(Table, KeepsItsDefinition) {
  Table table(composite_definition());
  EXPECT_EQ(table.key_schema(), (ddb::test::composite_schema("pk", Type::S, "sk", Type::N)));
  EXPECT_EQ(table.definition().name, "orders");
  table.update_definition([](TableDefinition& d) { d.deletion_protection = true; });
  EXPECT_TRUE(table.definition().deletion_protection);
}

// Several threads write, read, query and scan one table. Each thread owns its own partitions, so
// at the end every thread's model must match the table exactly; the reads exercise the shard locks
// (run under TSan: -DDDB_SANITIZE=thread, --gtest_filter=TableConcurrency.*).
TEST(TableConcurrency, ParallelWritersAndReadersKeepEveryItem) {
  Table table(composite_definition());
  constexpr int kThreads = 6;
  constexpr int kSteps = 3000;
  std::vector<std::map<std::pair<int, int>, int>> models(kThreads);
  std::atomic<int> query_errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 random(static_cast<uint32_t>(t + 1));
      std::uniform_int_distribution<int> partition(0, 9);
      std::uniform_int_distribution<int> sort(0, 19);
      std::uniform_int_distribution<int> percent(0, 99);
      auto& model = models[static_cast<std::size_t>(t)];
      for (int step = 0; step < kSteps; ++step) {
        int p = partition(random);
        int sk = sort(random);
        std::string pk = "t" + std::to_string(t) + "p" + std::to_string(p);
        int action = percent(random);
        if (action < 45) {
          table.put(row(pk, sk, std::to_string(step)));
          model[{p, sk}] = step;
        } else if (action < 65) {
          table.remove(key(pk, sk));
          model.erase({p, sk});
        } else if (action < 80) {
          std::optional<Item> item = table.get(key(pk, sk));
          auto it = model.find({p, sk});
          if (item.has_value() != (it != model.end()) ||
              (item && item->at("data").as_string() != std::to_string(it->second))) {
            ++query_errors;
          }
        } else if (action < 95) {
          Page page = table.query(s(pk), SortKeyRange::all(), Direction::Forward, {}, std::nullopt);
          std::size_t expected = 0;
          for (const auto& [k, v] : model) expected += k.first == p ? 1 : 0;
          if (page.items.size() != expected) ++query_errors;
        } else {
          // Another thread's partitions change under this scan; it must simply not break.
          table.scan({static_cast<uint32_t>(t % 3), 3}, {.limit = 10}, std::nullopt);
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(query_errors.load(), 0);

  std::size_t total = 0;
  for (int t = 0; t < kThreads; ++t) {
    for (const auto& [k, v] : models[static_cast<std::size_t>(t)]) {
      std::string pk = "t" + std::to_string(t) + "p" + std::to_string(k.first);
      std::optional<Item> item = table.get(key(pk, k.second));
      ASSERT_TRUE(item.has_value()) << pk << "/" << k.second;
      EXPECT_EQ(item->at("data"), s(std::to_string(v)));
    }
    total += models[static_cast<std::size_t>(t)].size();
  }
  EXPECT_EQ(table.item_count(), total);
  EXPECT_EQ(scan_all(table, {}, {}).size(), total);
  uint64_t bytes = 0;
  for (const Item& item : table.scan({}, {}, std::nullopt).items) bytes += item_size(item);
  EXPECT_EQ(table.size_bytes(), bytes);
}

}  // namespace
}  // namespace ddb::engine

namespace ddb::engine {
namespace {

// ---- Memory: the heap a stored item takes (issue 7's target is 1.3 KiB of RSS per 1 KB item) ----

// The bench's items (bench/workload.lua): 1,000 partitions, a KEYS_ONLY GSI on gpk/gsk over 97
// index partitions, a 950-byte string and a number.
Item bench_item(int i) {
  char pk[16];
  char sk[16];
  char gpk[8];
  std::snprintf(pk, sizeof pk, "p%06d", i % 1000);
  std::snprintf(sk, sizeof sk, "ts#%08d", i / 1000);
  std::snprintf(gpk, sizeof gpk, "g%03d", i % 97);
  return Item{{"pk", s(pk)},  {"sk", s(sk)}, {"gpk", s(gpk)},
              {"gsk", s(sk)}, {"c", n(0)},   {"data", s(std::string(950, 'x'))}};
}

TableDefinition bench_definition(bool with_index) {
  TableDefinition definition;
  definition.name = "bench";
  definition.key_schema = ddb::test::composite_schema("pk", Type::S, "sk", Type::S);
  if (with_index) {
    IndexDefinition index;
    index.name = "gsi1";
    index.kind = IndexKind::Global;
    index.key_schema = ddb::test::composite_schema("gpk", Type::S, "gsk", Type::S);
    index.projection.type = ProjectionType::KeysOnly;
    definition.indexes = {index};
  }
  return definition;
}

// Heap bytes in use per item once `count` bench items are stored.
std::size_t heap_per_item(bool with_index, int count) {
  std::size_t before = mallinfo2().uordblks;
  Table table(bench_definition(with_index));
  for (int i = 0; i < count; ++i) table.put(bench_item(i));
  return (mallinfo2().uordblks - before) / count;
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kPlainMalloc = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kPlainMalloc = false;
#else
constexpr bool kPlainMalloc = true;
#endif
#else
constexpr bool kPlainMalloc = true;
#endif

TEST(TableMemory, ABenchItemAndItsIndexEntryTakeLessThan1300Bytes) {
  if (!kPlainMalloc) GTEST_SKIP() << "sanitizer allocators do not report glibc's heap figures";
  const int count = 20000;
  std::size_t table_only = heap_per_item(false, count);
  std::size_t with_index = heap_per_item(true, count);
  std::cout << "heap per bench item: " << table_only << " bytes stored (item and partition node), "
            << with_index - table_only << " bytes of KEYS_ONLY GSI entry, " << with_index
            << " in all\n";
  EXPECT_LE(with_index, 1300u);
  EXPECT_GE(table_only, 950u);  // the measurement sees the items at all
}

}  // namespace
}  // namespace ddb::engine
