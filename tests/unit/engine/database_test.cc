#include "engine/database.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ddb::engine {
namespace {

TableDefinition table_named(const std::string& name) {
  TableDefinition definition;
  definition.name = name;
  definition.key_schema.partition = {"pk", Type::S};
  return definition;
}

TEST(DatabaseRegions, SameNameInTwoRegionsIsTwoTables) {
  Database database;
  auto west = database.create_table("eu-west-1", table_named("users"));
  auto east = database.create_table("us-east-1", table_named("users"));
  ASSERT_NE(west, nullptr);
  ASSERT_NE(east, nullptr);
  EXPECT_NE(west, east);
  EXPECT_EQ(database.find_table("eu-west-1", "users"), west);
  EXPECT_EQ(database.find_table("us-east-1", "users"), east);
}

TEST(DatabaseRegions, RegionSeesOnlyItsOwnTables) {
  Database database;
  database.create_table("us-east-1", table_named("b"));
  database.create_table("us-east-1", table_named("a"));
  database.create_table("eu-west-1", table_named("c"));
  EXPECT_EQ(database.table_names("us-east-1"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(database.table_names("eu-west-1"), (std::vector<std::string>{"c"}));
  EXPECT_TRUE(database.table_names("ap-south-1").empty());
  EXPECT_EQ(database.find_table("eu-west-1", "a"), nullptr);
  EXPECT_EQ(database.find_table("ap-south-1", "a"), nullptr);
}

TEST(DatabaseRegions, DuplicateNameIsRefusedOnlyWithinARegion) {
  Database database;
  ASSERT_NE(database.create_table("us-east-1", table_named("t")), nullptr);
  EXPECT_EQ(database.create_table("us-east-1", table_named("t")), nullptr);
  EXPECT_NE(database.create_table("us-west-2", table_named("t")), nullptr);
}

TEST(DatabaseRegions, DeleteRemovesOnlyTheRegionsTable) {
  Database database;
  database.create_table("us-east-1", table_named("t"));
  auto west = database.create_table("eu-west-1", table_named("t"));
  EXPECT_EQ(database.delete_table("ap-south-1", "t"), nullptr);
  EXPECT_NE(database.delete_table("us-east-1", "t"), nullptr);
  EXPECT_EQ(database.find_table("us-east-1", "t"), nullptr);
  EXPECT_EQ(database.find_table("eu-west-1", "t"), west);
}

TEST(DatabaseRegions, TransactionTokensAreKeptPerRegion) {
  Database database;
  IdempotencyStore& east = database.transaction_tokens("us-east-1");
  IdempotencyStore& west = database.transaction_tokens("eu-west-1");
  EXPECT_NE(&east, &west);
  EXPECT_EQ(&database.transaction_tokens("us-east-1"), &east);
  EXPECT_FALSE(east.begin("token", "request").has_value());
  east.complete("token", "{}");
  EXPECT_FALSE(west.begin("token", "request").has_value());
}

}  // namespace
}  // namespace ddb::engine
