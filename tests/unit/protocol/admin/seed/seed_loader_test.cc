#include "protocol/admin/seed/seed_loader.h"

#include <gtest/gtest.h>

#include <string>

#include "protocol/admin/seed/seed_document.h"
#include "protocol/admin/seed/seed_items.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

constexpr const char* kUsers = R"({
  "TableName": "Users", "BillingMode": "PAY_PER_REQUEST",
  "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                           {"AttributeName": "team", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
  "GlobalSecondaryIndexes": [{"IndexName": "byTeam",
    "KeySchema": [{"AttributeName": "team", "KeyType": "HASH"}],
    "Projection": {"ProjectionType": "ALL"}}]})";

// A seed of one document, as POST /ddblocal/seed reads it.
Seed document_seed(const std::string& text) {
  Seed seed;
  seed.push_back(read_seed_document("seed.json", text, ItemFiles::Refused));
  return seed;
}

class SeedLoader : public ::testing::Test {
 protected:
  // The harness's caller: access key AKIDEXAMPLE, us-east-1.
  AdminServices services() {
    return {.database = harness_.database(),
            .namespaces = Namespaces::PerAccessKey,
            .seed_defaults = {.access_key = "AKIDEXAMPLE", .region = "us-east-1"}};
  }

  SeedError refusal(Seed seed) {
    try {
      load_seed(services(), seed);
    } catch (const SeedError& error) {
      return error;
    }
    return SeedError("", "loaded");
  }

  Json table_names() { return harness_.call("ListTables", "{}").body["TableNames"]; }

  test::Harness harness_;
};

TEST_F(SeedLoader, CreatesTablesAndPutsItemsIndexedAtOnce) {
  Seed seed = document_seed(std::string(R"({"tables": [)") + kUsers + R"(],
    "items": {"Users": [{"pk": {"S": "u1"}, "team": {"S": "red"}},
                        {"Item": {"pk": {"S": "u2"}, "team": {"S": "red"}}},
                        {"pk": {"S": "u3"}}]}})");
  std::vector<SeededNamespace> seeded = load_seed(services(), seed);
  ASSERT_EQ(seeded.size(), 1u);
  EXPECT_EQ(seeded[0].name, "AKIDEXAMPLE/us-east-1");
  EXPECT_EQ(seeded[0].access_key, "AKIDEXAMPLE");
  EXPECT_EQ(seeded[0].region, "us-east-1");
  EXPECT_EQ(seeded[0].tables, std::vector<std::string>{"Users"});
  EXPECT_EQ(seeded[0].items, (std::map<std::string, std::size_t>{{"Users", 3}}));

  auto described = harness_.call("DescribeTable", R"({"TableName": "Users"})");
  EXPECT_EQ(described.body["Table"]["TableStatus"], "ACTIVE");
  EXPECT_EQ(described.body["Table"]["ItemCount"], 3);
  EXPECT_EQ(described.body["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"], "ACTIVE");
  auto red = harness_.call("Query", R"({"TableName": "Users", "IndexName": "byTeam",
    "KeyConditionExpression": "team = :t", "ExpressionAttributeValues": {":t": {"S": "red"}}})");
  EXPECT_EQ(red.body["Count"], 2) << red.raw_body;
}

TEST_F(SeedLoader, EnablesTimeToLive) {
  Seed seed = document_seed(R"({"tables": [{"TableName": "Sessions",
    "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
    "TimeToLiveSpecification": {"AttributeName": "expires", "Enabled": true}}]})");
  load_seed(services(), seed);
  auto ttl = harness_.call("DescribeTimeToLive", R"({"TableName": "Sessions"})");
  EXPECT_EQ(ttl.body["TimeToLiveDescription"],
            Json::parse(R"({"TimeToLiveStatus": "ENABLED", "AttributeName": "expires"})"));
}

TEST_F(SeedLoader, RefusesABadTableWithDynamoDbsMessageAndCreatesNothing) {
  Seed seed = document_seed(std::string("{\"tables\": [\n") + kUsers + R"(,
    {"TableName": "Bad", "BillingMode": "PAY_PER_REQUEST",
     "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
     "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}]})");
  SeedError error = refusal(std::move(seed));
  EXPECT_EQ(error.error(), "ValidationException");
  EXPECT_EQ(error.message(),
            "One or more parameter values were invalid: Some index key attributes are not defined "
            "in AttributeDefinitions. Keys: [id], AttributeDefinitions: [pk]");
  EXPECT_EQ(error.source(), "seed.json");
  EXPECT_EQ(error.line(), 10u);
  EXPECT_EQ(error.path(), "tables[1]");
  EXPECT_EQ(table_names(), Json::array());
}

TEST_F(SeedLoader, RefusesAnItemMissingItsKeyAndLoadsNothing) {
  Seed seed = document_seed(std::string(R"({"tables": [)") + kUsers + R"(],
    "items": {"Users": [{"pk": {"S": "u1"}},
      {"name": {"S": "no key"}}]}})");
  SeedError error = refusal(std::move(seed));
  EXPECT_EQ(error.error(), "ValidationException");
  EXPECT_EQ(error.message(),
            "One or more parameter values were invalid: Missing the key pk in the item");
  EXPECT_EQ(error.path(), "items.Users[1]");
  EXPECT_EQ(error.line(), 10u);
  EXPECT_EQ(table_names(), Json::array());
}

TEST_F(SeedLoader, NamesTheLineOfAnItemFileAtFault) {
  Seed seed = document_seed(std::string(R"({"tables": [)") + kUsers + "]}");
  SeedPart file;
  file.source = "Users.jsonl";
  file.items.push_back(
      read_item_lines("Users", "{\"pk\": {\"S\": \"u1\"}}\n\n{\"pk\": {\"N\": \"1\"}}\n"));
  seed.push_back(std::move(file));
  SeedError error = refusal(std::move(seed));
  EXPECT_STREQ(error.what(),
               "Users.jsonl:3: ValidationException: One or more parameter values were invalid: "
               "Type mismatch for key pk expected: S actual: N");
  EXPECT_EQ(table_names(), Json::array());
}

TEST_F(SeedLoader, RefusesItemsForATableThatDoesNotExist) {
  SeedError error = refusal(document_seed(R"({"items": {"Nope": [{"pk": {"S": "u1"}}]}})"));
  EXPECT_EQ(error.error(), "ResourceNotFoundException");
  EXPECT_EQ(error.message(), "Requested resource not found: Table: Nope not found");
  EXPECT_EQ(error.path(), "items.Nope");
}

TEST_F(SeedLoader, PutsItemsIntoATableTheNamespaceHas) {
  harness_.create_table("Existing", "sk", "N");
  Seed seed = document_seed(
      R"({"items": {"Existing": [{"pk": {"S": "a"}, "sk": {"N": "1"}, "v": {"S": "x"}}]}})");
  std::vector<SeededNamespace> seeded = load_seed(services(), seed);
  EXPECT_TRUE(seeded[0].tables.empty());
  auto item = harness_.call(
      "GetItem", R"({"TableName": "Existing", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}})");
  EXPECT_EQ(item.body["Item"]["v"], Json::parse(R"({"S": "x"})"));

  // Checked against the table as it is: a key of the wrong type is refused.
  SeedError error =
      refusal(document_seed(R"({"items": {"Existing": [{"pk": {"S": "b"}, "sk": {"S": "1"}}]}})"));
  EXPECT_EQ(error.message(),
            "One or more parameter values were invalid: Type mismatch for key sk expected: N "
            "actual: S");
}

TEST_F(SeedLoader, RefusesATableTheNamespaceHasAndLeavesItAlone) {
  harness_.create_table("Users");
  harness_.put("Users", Json::parse(R"({"pk": {"S": "kept"}})"));
  Seed seed = document_seed(std::string(R"({"tables": [)") + kUsers + R"(],
    "items": {"Users": [{"pk": {"S": "u1"}}]}})");
  SeedError error = refusal(std::move(seed));
  EXPECT_EQ(error.error(), "ResourceInUseException");
  EXPECT_EQ(error.message(), "Table already exists: Users");
  auto scan = harness_.call("Scan", R"({"TableName": "Users"})");
  EXPECT_EQ(scan.body["Count"], 1);
}

TEST_F(SeedLoader, GoesToTheNamespaceTheSeedNames) {
  Seed seed = document_seed(std::string(R"({"accessKey": "other", "tables": [)") + kUsers + "]}");
  std::vector<SeededNamespace> seeded = load_seed(services(), seed);
  EXPECT_EQ(seeded[0].access_key, "other");
  EXPECT_EQ(table_names(), Json::array());
  harness_.caller().access_key = "other";
  EXPECT_EQ(table_names(), Json::parse(R"(["Users"])"));
}

TEST_F(SeedLoader, NeedsAnAccessKeyWhenTheServerKeepsOneNamespacePerKey) {
  AdminServices without_key = services();
  without_key.seed_defaults.access_key.clear();
  Seed seed = document_seed(std::string(R"({"tables": [)") + kUsers + "]}");
  try {
    load_seed(without_key, seed);
    FAIL() << "loaded";
  } catch (const SeedError& error) {
    EXPECT_STREQ(error.what(),
                 "seed.json: the seed names no access key, and the server keeps one namespace of "
                 "tables per access key and region: give \"accessKey\" (the access key ID your "
                 "clients sign with) in the seed, or start the server with --seed-access-key or "
                 "--shared-db");
  }

  // One namespace for every client: no key needed.
  without_key.namespaces = Namespaces::Shared;
  load_seed(without_key, seed);
  EXPECT_TRUE(harness_.database().find_table(kSharedNamespace, "Users"));
}

TEST_F(SeedLoader, ChecksEveryNamespaceBeforeCreatingAnything) {
  // The second part's table exists in its namespace: the first part's is not created either.
  harness_.caller().access_key = "other";
  harness_.create_table("Users");
  harness_.caller().access_key = "AKIDEXAMPLE";
  Seed seed = document_seed(std::string(R"({"tables": [)") + kUsers + "]}");
  Seed other = document_seed(std::string(R"({"accessKey": "other", "tables": [)") + kUsers + "]}");
  seed.push_back(std::move(other.front()));
  SeedError error = refusal(std::move(seed));
  EXPECT_EQ(error.message(), "Table already exists: Users");
  EXPECT_EQ(table_names(), Json::array());
}

}  // namespace
}  // namespace ddb::protocol
