#include "engine/backup.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/database.h"

namespace ddb::engine {
namespace {

std::shared_ptr<Table> make_table(Database& database, const std::string& region) {
  TableDefinition d;
  d.name = "t";
  d.table_id = "id-" + region;
  d.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
  d.attribute_definitions = {{"pk", Type::S}};
  return database.create_table(region, std::move(d));
}

Item item(const std::string& pk) {
  Item i;
  i["pk"] = AttributeValue::string(pk);
  return i;
}

std::string arn_at(int64_t ms) { return "arn-" + std::to_string(ms); }

TEST(Backups, ABackupIsTheTableAtItsMomentAndOutlivesIt) {
  Database database;
  auto table = make_table(database, "r1");
  table->put(item("a"));
  auto backup = database.create_backup("r1", *table, "b", arn_at);
  EXPECT_EQ(backup->arn, arn_at(backup->created_ms));
  EXPECT_EQ(backup->table->table_id(), "id-r1");
  table->put(item("b"));
  EXPECT_EQ(backup->table->item_count(), 1u);
  database.delete_table("r1", "t");
  EXPECT_EQ(database.backups().find("r1", backup->arn), backup);
  EXPECT_EQ(database.backups().find("r2", backup->arn), nullptr);
}

TEST(Backups, ListedPerRegionOldestFirstAndDroppedByScope) {
  Database database;
  auto t1 = make_table(database, "r1");
  auto t2 = make_table(database, "r2");
  auto first = database.create_backup("r1", *t1, "1", [](int64_t) { return std::string("z"); });
  database.clock().advance(std::chrono::seconds(1));
  auto second = database.create_backup("r1", *t1, "2", [](int64_t) { return std::string("a"); });
  database.create_backup("r2", *t2, "3", arn_at);
  auto listed = database.backups().list("r1");
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0], first);
  EXPECT_EQ(listed[1], second);
  EXPECT_EQ(database.delete_backup("r1", "z"), first);
  EXPECT_EQ(database.delete_backup("r1", "z"), nullptr);
  EXPECT_EQ(database.drop_backups(NamespaceScope::only("r1")), 1u);
  EXPECT_TRUE(database.backups().list("r1").empty());
  EXPECT_EQ(database.backups().list("r2").size(), 1u);
}

TEST(Backups, ARestoredTableIsAddedOnlyUnderAFreeName) {
  Database database;
  auto table = make_table(database, "r1");
  table->put(item("a"));
  auto copy = table->copy("new-id");
  EXPECT_FALSE(database.add_restored_table("r1", copy));
  copy->update_definition([](TableDefinition& d) { d.name = "other"; });
  EXPECT_TRUE(database.add_restored_table("r1", copy));
  EXPECT_EQ(database.find_table("r1", "other")->item_count(), 1u);
}

TEST(Backups, PointInTimeHistoryFollowsEnablingDeletionAndReset) {
  Database database;
  auto table = make_table(database, "r1");
  EXPECT_EQ(database.point_in_time_history(*table), nullptr);
  database.enable_point_in_time(table, 35);
  auto history = database.point_in_time_history(*table);
  ASSERT_NE(history, nullptr);
  table->put(item("a"));
  EXPECT_EQ(history->position(), 1u);
  database.enable_point_in_time(table, 7);  // again: the same history
  EXPECT_EQ(database.point_in_time_history(*table), history);
  database.disable_point_in_time(*table);
  EXPECT_EQ(database.point_in_time_history(*table), nullptr);
  table->put(item("b"));
  EXPECT_EQ(history->position(), 1u);
  database.enable_point_in_time(table, 35);
  database.reset(NamespaceScope::only("r1"));
  EXPECT_EQ(database.point_in_time_history(*table), nullptr);
}

}  // namespace
}  // namespace ddb::engine
