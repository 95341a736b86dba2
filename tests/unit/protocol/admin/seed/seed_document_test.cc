#include "protocol/admin/seed/seed_document.h"

#include <gtest/gtest.h>

#include <string>

#include "protocol/admin/seed/seed_items.h"

namespace ddb::protocol {
namespace {

SeedError document_error(std::string text, ItemFiles item_files = ItemFiles::Allowed) {
  try {
    read_seed_document("seed.json", std::move(text), item_files);
  } catch (const SeedError& error) {
    return error;
  }
  return SeedError("", "no error");
}

TEST(SeedDocument, ReadsTablesItemsAndNamespace) {
  SeedPart part = read_seed_document("seed.json", R"({
    "accessKey": "suiteA", "region": "eu-west-1",
    "tables": [{"TableName": "Users"}, {"Table": {"TableName": "Orders"}}],
    "items": {"Users": [{"pk": {"S": "u1"}}, {"Item": {"pk": {"S": "u2"}}}], "Orders": []}
  })",
                                     ItemFiles::Refused);
  EXPECT_EQ(part.source, "seed.json");
  EXPECT_EQ(part.space.access_key, "suiteA");
  EXPECT_EQ(part.space.region, "eu-west-1");
  ASSERT_EQ(part.tables.size(), 2u);
  EXPECT_EQ(part.tables[1].definition, Json::parse(R"({"Table": {"TableName": "Orders"}})"));
  EXPECT_EQ(path_text(part.tables[1].path), "tables[1]");
  ASSERT_EQ(part.items.size(), 2u);
  EXPECT_EQ(part.items[1].table, "Users");
  EXPECT_EQ(path_text(part.items[1].path), "items.Users");
  ASSERT_EQ(part.items[1].items.size(), 2u);
  EXPECT_EQ(item_of(part.items[1].items[1]), Json::parse(R"({"pk": {"S": "u2"}})"));
  EXPECT_TRUE(part.items[1].lines.empty());
  EXPECT_TRUE(part.item_files.empty());
}

TEST(SeedDocument, LeavesTheNamespaceToTheServerWhenItNamesNone) {
  SeedPart part = read_seed_document("seed.json", R"({"tables": []})", ItemFiles::Allowed);
  EXPECT_FALSE(part.space.access_key);
  EXPECT_FALSE(part.space.region);
}

TEST(SeedDocument, ReadsADescribeTableDumpWithItsTimeToLive) {
  SeedPart part = read_seed_document("Orders.json", R"({
    "Table": {"TableName": "Orders", "TableStatus": "ACTIVE"},
    "TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED", "AttributeName": "ttl"}})",
                                     ItemFiles::Allowed);
  ASSERT_EQ(part.tables.size(), 1u);
  EXPECT_EQ(part.tables[0].definition, Json::parse(R"({
    "Table": {"TableName": "Orders", "TableStatus": "ACTIVE"},
    "TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED", "AttributeName": "ttl"}})"));
}

TEST(SeedDocument, ReadsItemFiles) {
  SeedPart part = read_seed_document(
      "seed.json", R"({"itemFiles": {"Users": "users.jsonl", "Orders": ["a/", "b.json.gz"]}})",
      ItemFiles::Allowed);
  ASSERT_EQ(part.item_files.size(), 3u);
  EXPECT_EQ(part.item_files[0].table, "Orders");
  EXPECT_EQ(part.item_files[1].path, "b.json.gz");
  EXPECT_EQ(path_text(part.item_files[1].where), "itemFiles.Orders[1]");
  EXPECT_EQ(part.item_files[2].table, "Users");
  EXPECT_EQ(path_text(part.item_files[2].where), "itemFiles.Users");
}

TEST(SeedDocument, RefusesTextThatIsNotJsonNamingTheLine) {
  SeedError error = document_error("{\n  \"tables\": [\n    {\"TableName\": \"a\"}\n    {}\n]}");
  EXPECT_EQ(error.source(), "seed.json");
  EXPECT_EQ(error.line(), 4u);
  EXPECT_EQ(error.message(),
            "not JSON: syntax error while parsing array - unexpected '{'; expected ']'");
}

TEST(SeedDocument, RefusesAnItemThatIsNotAnObjectNamingItsLineAndPath) {
  SeedError error =
      document_error("{\"items\": {\"Users\": [\n  {\"pk\": {\"S\": \"u1\"}},\n  \"u2\"\n]}}");
  EXPECT_EQ(error.line(), 3u);
  EXPECT_EQ(error.path(), "items.Users[1]");
  EXPECT_EQ(error.message(), R"(an item must be a JSON object: DynamoDB JSON, or {"Item": {...}})");
  EXPECT_STREQ(error.what(),
               "seed.json:3: items.Users[1]: an item must be a JSON object: DynamoDB JSON, or "
               "{\"Item\": {...}}");
}

TEST(SeedDocument, RefusesMembersOfTheWrongShape) {
  EXPECT_EQ(document_error("[]").message(),
            R"(a seed document must be a JSON object: {"tables": [...], "items": {...}})");
  EXPECT_EQ(document_error(R"({"tables": {}})").message(), "tables must be a list");
  EXPECT_EQ(document_error(R"({"items": []})").message(),
            R"(items must be an object: {"TableName": [item, ...]})");
  EXPECT_EQ(document_error(R"({"items": {"Users": {}}})").message(),
            "the items of a table must be a list");
  EXPECT_EQ(document_error(R"({"itemFiles": {"Users": 3}})").message(),
            "an itemFiles entry must be a path or a list of paths");
  EXPECT_EQ(document_error(R"({"region": ""})").message(),
            "region must be a non-empty string without '/'");
  EXPECT_EQ(document_error(R"({"accessKey": "a/b"})").message(),
            "accessKey must be a non-empty string without '/'");
}

TEST(SeedDocument, RefusesAnUnknownMember) {
  SeedError error = document_error("{\n\"tabels\": []}");
  EXPECT_EQ(error.line(), 2u);
  EXPECT_EQ(error.path(), "tabels");
  EXPECT_EQ(error.message(),
            "unknown member \"tabels\": a seed document has tables, items, itemFiles, Table, "
            "accessKey and region");
}

TEST(SeedDocument, RefusesItemFilesWhereTheyAreRefused) {
  EXPECT_EQ(
      document_error(R"({"itemFiles": {"Users": "/etc/passwd"}})", ItemFiles::Refused).message(),
      "itemFiles names files on the server, which only a --seed file may do; give the "
      "items in \"items\"");
}

}  // namespace
}  // namespace ddb::protocol
