// Table::copy: a copy shares the items and index entries of the table it was made from until one
// of them writes (copy-on-write per shard); each must then read exactly its own writes.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/table.h"

namespace ddb::engine {
namespace {

AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

// pk S, no sort key; GSI "by-g" on g (ALL), so that each write also moves index entries.
TableDefinition definition() {
  TableDefinition table;
  table.name = "things";
  table.table_id = "original-id";
  table.key_schema.partition = {"pk", Type::S};
  IndexDefinition gsi;
  gsi.name = "by-g";
  gsi.key_schema.partition = {{"g", Type::S}};
  table.indexes.push_back(gsi);
  return table;
}

Item thing(const std::string& pk, const std::string& g, int version) {
  return {{"pk", s(pk)}, {"g", s(g)}, {"v", s(std::to_string(version))}};
}

// Every item of the table, by pk, read by one Scan.
std::map<std::string, Item> table_items(const Table& table) {
  std::map<std::string, Item> items;
  for (Item& item : table.scan(ScanSegment{}, PageLimits{}, std::nullopt).items) {
    items.emplace(item.at("pk").as_string(), std::move(item));
  }
  return items;
}

// Every GSI entry, by pk.
std::map<std::string, Item> index_items(const Table& table) {
  std::map<std::string, Item> items;
  auto index = table.find_index("by-g");
  for (Item& item : index->scan(ScanSegment{}, PageLimits{}, std::nullopt).items) {
    items.emplace(item.at("pk").as_string(), std::move(item));
  }
  return items;
}

// Applies one random put or delete to `table` and to its model.
void random_write(std::mt19937& random, Table& table, std::map<std::string, Item>& model,
                  int version) {
  const std::string pk = "k" + std::to_string(random() % 300);
  if (random() % 4 == 0) {
    table.remove(Key{s(pk), std::nullopt});
    model.erase(pk);
    return;
  }
  Item item = thing(pk, "g" + std::to_string(random() % 7), version);
  table.put(item);
  model[pk] = std::move(item);
}

void expect_holds(const Table& table, const std::map<std::string, Item>& model) {
  EXPECT_EQ(table_items(table), model);
  EXPECT_EQ(index_items(table), model);  // ALL projection: the entries are the items
  EXPECT_EQ(table.item_count(), model.size());
  EXPECT_EQ(table.find_index("by-g")->item_count(), model.size());
}

TEST(TableCopy, CopyHasTheItemsIndexEntriesAndDefinitionUnderItsOwnId) {
  Table original(definition());
  std::map<std::string, Item> model;
  for (int i = 0; i < 100; ++i) {
    Item item = thing("k" + std::to_string(i), "g" + std::to_string(i % 5), i);
    original.put(item);
    model["k" + std::to_string(i)] = std::move(item);
  }
  std::shared_ptr<Table> copy = original.copy("copy-id");
  EXPECT_EQ(copy->table_id(), "copy-id");
  EXPECT_EQ(copy->definition().table_id, "copy-id");
  EXPECT_EQ(copy->definition().name, "things");
  EXPECT_EQ(original.table_id(), "original-id");
  expect_holds(*copy, model);
  EXPECT_EQ(copy->size_bytes(), original.size_bytes());
  EXPECT_EQ(copy->find_index("by-g")->size_bytes(), original.find_index("by-g")->size_bytes());
}

TEST(TableCopy, WritesToEitherSideAreInvisibleToTheOtherAgainstAModel) {
  std::mt19937 random(20261125);
  auto original = std::make_shared<Table>(definition());
  std::map<std::string, Item> original_model;
  int version = 0;
  for (int i = 0; i < 500; ++i) random_write(random, *original, original_model, ++version);

  // A chain of copies, as a snapshot (copied once) restored again and again: each generation is
  // written to, and none of the writes may reach another generation.
  std::shared_ptr<Table> snapshot = original->copy("snapshot");
  const std::map<std::string, Item> snapshot_model = original_model;
  for (int generation = 0; generation < 4; ++generation) {
    std::shared_ptr<Table> restored = snapshot->copy("restored-" + std::to_string(generation));
    std::map<std::string, Item> restored_model = snapshot_model;
    for (int i = 0; i < 300; ++i) {
      random_write(random, *restored, restored_model, ++version);
      random_write(random, *original, original_model, ++version);
    }
    expect_holds(*restored, restored_model);
    expect_holds(*original, original_model);
    expect_holds(*snapshot, snapshot_model);
  }
}

}  // namespace
}  // namespace ddb::engine
