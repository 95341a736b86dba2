// Index maintenance through Table writes: entries appear, move and disappear with their items.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/database.h"
#include "engine/error.h"
#include "engine/table.h"
#include "tests/support/harness.h"

namespace ddb::engine {
namespace {

AttributeValue n(int value) { return AttributeValue::number(Number::parse(std::to_string(value))); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

IndexDefinition gsi(const std::string& name, const std::string& partition,
                    std::optional<std::string> sort = std::nullopt,
                    ProjectionType type = ProjectionType::All) {
  IndexDefinition definition;
  definition.name = name;
  definition.kind = IndexKind::Global;
  definition.key_schema.partition = {{partition, Type::S}};
  if (sort) definition.key_schema.sort = {{*sort, Type::S}};
  definition.projection.type = type;
  return definition;
}

IndexDefinition lsi(const std::string& name, const std::string& sort) {
  IndexDefinition definition;
  definition.name = name;
  definition.kind = IndexKind::Local;
  definition.key_schema = ddb::test::composite_schema("pk", Type::S, sort, Type::S);
  definition.projection.type = ProjectionType::KeysOnly;
  return definition;
}

// Orders: pk S, sk S; GSI "active" (status, created) is sparse; LSI "by_total" on total.
TableDefinition orders_definition() {
  TableDefinition definition;
  definition.name = "orders";
  definition.key_schema = ddb::test::composite_schema("pk", Type::S, "sk", Type::S);
  definition.indexes = {gsi("active", "status", "created"), lsi("by_total", "total")};
  return definition;
}

Item order(const std::string& pk, const std::string& sk, std::optional<std::string> status,
           const std::string& created = "2024-01-01") {
  Item item{{"pk", s(pk)}, {"sk", s(sk)}, {"created", s(created)}, {"total", s("0010")}};
  if (status) item.emplace("status", s(*status));
  return item;
}

Key key(const std::string& pk, const std::string& sk) { return Key{s(pk), s(sk)}; }

std::vector<std::string> index_sks(const Index& index, const std::string& partition) {
  std::vector<std::string> out;
  IndexPage page =
      index.query(s(partition), SortKeyRange::all(), Direction::Forward, {}, std::nullopt);
  for (const Item& item : page.items) out.push_back(item.at("sk").as_string());
  return out;
}

TEST(TableIndexes, AnItemWithTheIndexKeyGetsAnEntry) {
  Table table(orders_definition());
  table.put(order("u1", "o1", "ACTIVE"));
  auto active = table.find_index("active");
  ASSERT_NE(active, nullptr);
  EXPECT_EQ(index_sks(*active, "ACTIVE"), std::vector<std::string>{"o1"});
  EXPECT_EQ(active->item_count(), 1u);
}

TEST(TableIndexes, AnItemWithoutTheIndexKeyIsLeftOut) {
  Table table(orders_definition());
  table.put(order("u1", "o1", std::nullopt));
  EXPECT_EQ(table.find_index("active")->item_count(), 0u);
  EXPECT_EQ(table.find_index("by_total")->item_count(), 1u);
}

TEST(TableIndexes, RemovingTheAttributeRemovesTheEntry) {
  Table table(orders_definition());
  table.put(order("u1", "o1", "ACTIVE"));
  table.put(order("u1", "o1", std::nullopt));
  EXPECT_TRUE(index_sks(*table.find_index("active"), "ACTIVE").empty());
  EXPECT_EQ(table.find_index("active")->item_count(), 0u);
  EXPECT_EQ(table.find_index("active")->size_bytes(), 0u);
}

TEST(TableIndexes, ChangingTheIndexKeyMovesTheEntry) {
  Table table(orders_definition());
  table.put(order("u1", "o1", "ACTIVE"));
  table.write(key("u1", "o1"), [](const Item* current) {
    Item next = *current;
    next["status"] = s("SHIPPED");
    return std::optional<Item>(std::move(next));
  });
  auto active = table.find_index("active");
  EXPECT_TRUE(index_sks(*active, "ACTIVE").empty());
  EXPECT_EQ(index_sks(*active, "SHIPPED"), std::vector<std::string>{"o1"});
  EXPECT_EQ(active->item_count(), 1u);
}

TEST(TableIndexes, ChangingAProjectedAttributeUpdatesTheEntry) {
  Table table(orders_definition());
  table.put(order("u1", "o1", "ACTIVE"));
  Item changed = order("u1", "o1", "ACTIVE");
  changed["note"] = s("gift");
  table.put(changed);
  IndexPage page = table.find_index("active")->query(s("ACTIVE"), SortKeyRange::all(),
                                                     Direction::Forward, {}, std::nullopt);
  ASSERT_EQ(page.items.size(), 1u);
  EXPECT_EQ(page.items[0].at("note"), s("gift"));
}

TEST(TableIndexes, DeletingTheItemDeletesItsEntries) {
  Table table(orders_definition());
  table.put(order("u1", "o1", "ACTIVE"));
  table.remove(key("u1", "o1"));
  EXPECT_EQ(table.find_index("active")->item_count(), 0u);
  EXPECT_EQ(table.find_index("by_total")->item_count(), 0u);
  EXPECT_TRUE(index_sks(*table.find_index("active"), "ACTIVE").empty());
}

TEST(TableIndexes, AWriteWithAWronglyTypedIndexKeyChangesNothing) {
  Table table(orders_definition());
  table.put(order("u1", "o1", "ACTIVE"));
  Item bad = order("u1", "o1", "ACTIVE");
  bad["status"] = n(3);
  try {
    table.put(bad);
    FAIL() << "the put was accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.message(),
              "One or more parameter values were invalid: Type mismatch for Index Key status "
              "Expected: S Actual: N IndexName: active");
  }
  EXPECT_EQ(table.get(key("u1", "o1")), order("u1", "o1", "ACTIVE"));
  EXPECT_EQ(index_sks(*table.find_index("active"), "ACTIVE"), std::vector<std::string>{"o1"});
  EXPECT_THROW(table.check_index_keys(bad), Error);
}

TEST(TableIndexes, ACollectionCountsItsItemsAndLocalIndexEntries) {
  Table table(orders_definition());
  Item first = order("u1", "o1", "ACTIVE");
  Item second = order("u1", "o2", std::nullopt);
  table.put(first);
  table.put(second);
  // Items: pk 4 + sk 4 + created 17 + total 9 (+ status 12 for the first) = 46 and 34 bytes.
  // KEYS_ONLY LSI entries: pk 4 + sk 4 + total 9 + 100 of overhead = 117 bytes each.
  EXPECT_EQ(table.item_collection_bytes(s("u1")), 46u + 34u + 117u + 117u);
  table.remove(key("u1", "o1"));
  EXPECT_EQ(table.item_collection_bytes(s("u1")), 34u + 117u);
  EXPECT_EQ(table.item_collection_bytes(s("nobody")), 0u);
}

TEST(TableIndexes, AWriteThatWouldOverfillACollectionIsRefused) {
  Table table(orders_definition());
  table.put(order("u1", "o1", "ACTIVE"));
  table.set_item_collection_limit(table.item_collection_bytes(s("u1")) + 10);
  try {
    table.put(order("u1", "o2", "ACTIVE"));
    FAIL() << "the put was accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.type(), ErrorType::ItemCollectionSizeLimitExceeded);
    EXPECT_EQ(error.message(), "Collection size exceeded.");
  }
  EXPECT_FALSE(table.get(key("u1", "o2")).has_value());
  EXPECT_EQ(table.find_index("by_total")->item_count(), 1u);
  // Another partition key is another collection; shrinking a full one is allowed.
  table.put(order("u2", "o2", "ACTIVE"));
  table.set_item_collection_limit(1);
  table.put(order("u1", "o1", std::nullopt));
  table.remove(key("u1", "o1"));
  EXPECT_EQ(table.item_collection_bytes(s("u1")), 0u);
}

TEST(TableIndexes, BackfillIndexesTheItemsAlreadyStored) {
  TableDefinition definition = orders_definition();
  definition.indexes.clear();
  Table table(definition);
  for (int i = 0; i < 100; ++i) {
    table.put(order("u" + std::to_string(i % 7), "o" + std::to_string(i),
                    i % 3 == 0 ? std::optional<std::string>("ACTIVE") : std::nullopt));
  }
  std::shared_ptr<Index> index = table.add_index(gsi("active", "status", "created"));
  EXPECT_FALSE(index->readable());
  EXPECT_EQ(table.definition().indexes.at(0).status, IndexStatus::Creating);
  EXPECT_EQ(table.definition().indexes.at(0).backfilling, false);
  table.backfill(*index);
  EXPECT_TRUE(index->readable());
  EXPECT_EQ(index->item_count(), 34u);
  IndexDefinition described = table.definition().indexes.at(0);
  EXPECT_EQ(described.status, IndexStatus::Active);
  EXPECT_FALSE(described.backfilling.has_value());
}

TEST(TableIndexes, BackfillSkipsItemsTheIndexCannotHold) {
  TableDefinition definition = orders_definition();
  definition.indexes.clear();
  Table table(definition);
  table.put(order("u1", "o1", std::string(3000, 'x')));
  table.put(order("u1", "o2", "ACTIVE"));
  std::shared_ptr<Index> index = table.add_index(gsi("active", "status", "created"));
  table.backfill(*index);
  EXPECT_EQ(index->item_count(), 1u);
}

TEST(TableIndexes, ABackfillOfADeletedIndexLeavesItsSuccessorAlone) {
  TableDefinition definition = orders_definition();
  definition.indexes.clear();
  Table table(definition);
  std::shared_ptr<Index> first = table.add_index(gsi("active", "status", "created"));
  table.remove_index("active");
  std::shared_ptr<Index> second = table.add_index(gsi("active", "status", "created"));
  table.backfill(*first);
  EXPECT_EQ(table.definition().indexes.at(0).status, IndexStatus::Creating);
  EXPECT_FALSE(second->readable());
  table.backfill(*second);
  EXPECT_EQ(table.definition().indexes.at(0).status, IndexStatus::Active);
}

TEST(TableIndexes, RemovedIndexIsGone) {
  Table table(orders_definition());
  EXPECT_TRUE(table.remove_index("active"));
  EXPECT_EQ(table.find_index("active"), nullptr);
  EXPECT_FALSE(table.remove_index("active"));
  EXPECT_EQ(table.definition().indexes.size(), 1u);
  table.put(order("u1", "o1", "ACTIVE"));  // writes no longer look for it
  EXPECT_EQ(table.get(key("u1", "o1"))->at("status"), s("ACTIVE"));
}

TEST(DatabaseIndexes, AddedIndexIsBackfilledInTheBackground) {
  Database database;
  TableDefinition definition = orders_definition();
  definition.indexes.clear();
  auto table = database.create_table("us-east-1", definition);
  table->put(order("u1", "o1", "ACTIVE"));
  database.add_global_index(table, gsi("active", "status", "created"));
  database.wait_for_background_work();
  auto index = table->find_index("active");
  ASSERT_NE(index, nullptr);
  EXPECT_TRUE(index->readable());
  EXPECT_EQ(index_sks(*index, "ACTIVE"), std::vector<std::string>{"o1"});
}

// Every index entry (as (partition, pk/sk)) the index holds, from a full scan.
std::multiset<std::pair<std::string, std::string>> index_contents(const Index& index) {
  std::multiset<std::pair<std::string, std::string>> contents;
  std::optional<IndexPosition> start;
  do {
    IndexPage page = index.scan({}, {.limit = 100}, start);
    for (const Item& item : page.items) {
      contents.emplace(item.at("status").as_string(),
                       item.at("pk").as_string() + "/" + item.at("sk").as_string());
    }
    start = page.last_evaluated_key;
  } while (start);
  return contents;
}

// What the index should hold for the table's current items.
std::multiset<std::pair<std::string, std::string>> expected_contents(const Table& table) {
  std::multiset<std::pair<std::string, std::string>> contents;
  std::optional<Key> start;
  do {
    Page page = table.scan({}, {.limit = 100}, start);
    for (const Item& item : page.items) {
      if (auto status = item.find("status"); status != item.end()) {
        contents.emplace(status->second.as_string(),
                         item.at("pk").as_string() + "/" + item.at("sk").as_string());
      }
    }
    start = page.last_evaluated_key;
  } while (start);
  return contents;
}

// Writers move items between statuses, drop and restore the attribute, and delete items while a
// backfill runs: afterwards the index holds exactly one entry per indexed item, none stale.
TEST(TableIndexConcurrency, BackfillAndWritersAgreeOnTheFinalIndex) {
  TableDefinition definition = orders_definition();
  definition.indexes.clear();
  auto table = std::make_shared<Table>(definition);
  for (int i = 0; i < 2000; ++i) {
    table->put(order("u" + std::to_string(i % 50), "o" + std::to_string(i), "S0"));
  }
  std::atomic<bool> stop{false};
  std::vector<std::thread> writers;
  for (int w = 0; w < 3; ++w) {
    writers.emplace_back([&, w] {
      std::mt19937 random(w);
      while (!stop.load()) {
        int i = static_cast<int>(random() % 2000);
        std::string pk = "u" + std::to_string(i % 50);
        std::string sk = "o" + std::to_string(i);
        switch (random() % 4) {
          case 0:
            table->remove(key(pk, sk));
            break;
          case 1:
            table->put(order(pk, sk, std::nullopt));
            break;
          default:
            table->put(order(pk, sk, "S" + std::to_string(random() % 5)));
        }
      }
    });
  }
  std::shared_ptr<Index> index = table->add_index(gsi("by_status", "status"));
  table->backfill(*index);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  stop = true;
  for (auto& writer : writers) writer.join();
  EXPECT_EQ(index_contents(*index), expected_contents(*table));
  EXPECT_EQ(index->item_count(), expected_contents(*table).size());
}

// Readers scanning the index while writers move and delete items never see an item twice in one
// index partition's page, and every entry they see carries the status it is filed under.
TEST(TableIndexConcurrency, ReadersSeeConsistentEntriesWhileWritersMoveThem) {
  Table table(orders_definition());
  for (int i = 0; i < 200; ++i) table.put(order("u1", "o" + std::to_string(i), "S0"));
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    std::mt19937 random(3);
    for (int round = 0; round < 20000; ++round) {
      std::string sk = "o" + std::to_string(random() % 200);
      if (random() % 5 == 0) {
        table.remove(key("u1", sk));
      } else {
        table.put(order("u1", sk, "S" + std::to_string(random() % 3)));
      }
    }
    stop = true;
  });
  auto index = table.find_index("active");
  while (!stop.load()) {
    for (const char* status : {"S0", "S1", "S2"}) {
      IndexPage page =
          index->query(s(status), SortKeyRange::all(), Direction::Forward, {}, std::nullopt);
      std::set<std::string> seen;
      for (const Item& item : page.items) {
        EXPECT_EQ(item.at("status"), s(status));
        EXPECT_TRUE(seen.insert(item.at("sk").as_string()).second);
      }
    }
  }
  writer.join();
  EXPECT_EQ(index->item_count(), expected_contents(table).size());
}

}  // namespace
}  // namespace ddb::engine
