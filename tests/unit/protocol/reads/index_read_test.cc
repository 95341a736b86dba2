// Query and Scan with IndexName, in-process: what an index read returns (projected entries in index
// order, LastEvaluatedKey with the table's and the index's key), the base-table fetch of an LSI,
// and DynamoDB's checks with their exact messages (sources named in
// protocol/reads/index_read.cc).

#include "protocol/reads/index_read.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

json key(const char* hash, const char* range = nullptr) {
  json schema = json::array({{{"AttributeName", hash}, {"KeyType", "HASH"}}});
  if (range) schema.push_back({{"AttributeName", range}, {"KeyType", "RANGE"}});
  return schema;
}

json index(const char* name, json key_schema, json projection) {
  return {{"IndexName", name}, {"KeySchema", std::move(key_schema)}, {"Projection", projection}};
}

// Table "games" keyed pk + sk (S), with
//   GSI season-rating (season, rating), INCLUDE player;  GSI handle (handle), KEYS_ONLY;
//   GSI season-level (season, level N), ALL;             LSI by-level (pk, level N), INCLUDE
//   player.
// Items: a/1 s1 0050 level 3, a/2 s1 0070 level 1, b/1 s1 0050 level 2, b/2 s2 0090 level 5, and
// c/1 without a season (in no season index).
class IndexRead : public ::testing::Test {
 protected:
  void SetUp() override {
    json include_player = {{"ProjectionType", "INCLUDE"}, {"NonKeyAttributes", {"player"}}};
    json request = {
        {"TableName", "games"},
        {"BillingMode", "PAY_PER_REQUEST"},
        {"KeySchema", key("pk", "sk")},
        {"AttributeDefinitions",
         {{{"AttributeName", "pk"}, {"AttributeType", "S"}},
          {{"AttributeName", "sk"}, {"AttributeType", "S"}},
          {{"AttributeName", "season"}, {"AttributeType", "S"}},
          {{"AttributeName", "rating"}, {"AttributeType", "S"}},
          {{"AttributeName", "handle"}, {"AttributeType", "S"}},
          {{"AttributeName", "level"}, {"AttributeType", "N"}}}},
        {"GlobalSecondaryIndexes",
         {index("season-rating", key("season", "rating"), include_player),
          index("handle", key("handle"), {{"ProjectionType", "KEYS_ONLY"}}),
          index("season-level", key("season", "level"), {{"ProjectionType", "ALL"}})}},
        {"LocalSecondaryIndexes", {index("by-level", key("pk", "level"), include_player)}}};
    CallResult created = h.call("CreateTable", request);
    ASSERT_EQ(created.status, 200) << created.body.dump();
    put("a", "1", "s1", "0050", "ann", 3);
    put("a", "2", "s1", "0070", "bob", 1);
    put("b", "1", "s1", "0050", "cat", 2);
    put("b", "2", "s2", "0090", "dan", 5);
    h.put("games", json::parse(R"({"pk":{"S":"c"},"sk":{"S":"1"},"player":{"S":"eve"},
                                   "note":{"S":"n-eve"},"level":{"N":"4"},"handle":{"S":"eve"}})"));
  }
  void put(const std::string& pk, const std::string& sk, const std::string& season,
           const std::string& rating, const std::string& player, int level) {
    h.put("games", json{{"pk", {{"S", pk}}},
                        {"sk", {{"S", sk}}},
                        {"season", {{"S", season}}},
                        {"rating", {{"S", rating}}},
                        {"player", {{"S", player}}},
                        {"note", {{"S", "n-" + player}}},
                        {"level", {{"N", std::to_string(level)}}},
                        {"handle", {{"S", player}}}});
  }
  CallResult query(json extra) {
    extra["TableName"] = "games";
    return h.call("Query", extra);
  }
  CallResult scan(json extra) {
    extra["TableName"] = "games";
    return h.call("Scan", extra);
  }
  // A Query of season s1 on season-rating, with `extra` members.
  CallResult season_query(json extra = json::object()) {
    extra["IndexName"] = "season-rating";
    extra["KeyConditionExpression"] = "season = :s";
    extra["ExpressionAttributeValues"][":s"] = {{"S", "s1"}};
    return query(extra);
  }
  // The "pk/sk" of each item.
  static std::vector<std::string> labels(const json& items) {
    std::vector<std::string> result;
    for (const json& item : items) {
      result.push_back(item["pk"]["S"].get<std::string>() + "/" +
                       item["sk"]["S"].get<std::string>());
    }
    return result;
  }
  Harness h;
};

TEST_F(IndexRead, QueryReturnsTheProjectedEntriesInIndexOrderWithTiesByTableKey) {
  CallResult r = season_query();
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["Items"], json::parse(R"([
    {"pk":{"S":"a"},"sk":{"S":"1"},"season":{"S":"s1"},"rating":{"S":"0050"},"player":{"S":"ann"}},
    {"pk":{"S":"b"},"sk":{"S":"1"},"season":{"S":"s1"},"rating":{"S":"0050"},"player":{"S":"cat"}},
    {"pk":{"S":"a"},"sk":{"S":"2"},"season":{"S":"s1"},"rating":{"S":"0070"},"player":{"S":"bob"}}
  ])"));
  EXPECT_EQ(r.body["Count"], 3);
  EXPECT_EQ(r.body["ScannedCount"], 3);
  EXPECT_FALSE(r.body.contains("LastEvaluatedKey"));
}

TEST_F(IndexRead, QueryBackwardWalksTheIndexInReverse) {
  CallResult r = season_query({{"ScanIndexForward", false}});
  EXPECT_EQ(labels(r.body["Items"]), (std::vector<std::string>{"a/2", "b/1", "a/1"}));
}

TEST_F(IndexRead, QueryAppliesTheSortKeyConditionToTheIndexSortKey) {
  CallResult r =
      query({{"IndexName", "season-rating"},
             {"KeyConditionExpression", "season = :s AND rating > :r"},
             {"ExpressionAttributeValues", {{":s", {{"S", "s1"}}}, {":r", {{"S", "0050"}}}}}});
  EXPECT_EQ(labels(r.body["Items"]), (std::vector<std::string>{"a/2"}));
}

TEST_F(IndexRead, LastEvaluatedKeyHoldsTheTableKeyAndTheIndexKey) {
  CallResult r = season_query({{"Limit", 1}});
  EXPECT_EQ(r.body["LastEvaluatedKey"],
            json::parse(R"({"pk":{"S":"a"},"sk":{"S":"1"},"season":{"S":"s1"},
                            "rating":{"S":"0050"}})"));
  CallResult lsi = query({{"IndexName", "by-level"},
                          {"KeyConditionExpression", "pk = :p"},
                          {"ExpressionAttributeValues", {{":p", {{"S", "a"}}}}},
                          {"Limit", 1}});
  EXPECT_EQ(labels(lsi.body["Items"]), (std::vector<std::string>{"a/2"}));
  EXPECT_EQ(lsi.body["LastEvaluatedKey"],
            json::parse(R"({"pk":{"S":"a"},"sk":{"S":"2"},"level":{"N":"1"}})"));
}

TEST_F(IndexRead, PagesResumeAfterTheirLastEvaluatedKeyAcrossEqualIndexKeys) {
  for (bool forward : {true, false}) {
    std::vector<std::string> seen;
    json extra = {{"Limit", 1}, {"ScanIndexForward", forward}};
    for (int pages = 0; pages < 10; ++pages) {
      CallResult r = season_query(extra);
      ASSERT_EQ(r.status, 200) << r.body.dump();
      for (const auto& label : labels(r.body["Items"])) seen.push_back(label);
      if (!r.body.contains("LastEvaluatedKey")) break;
      extra["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
    }
    EXPECT_EQ(seen, (forward ? std::vector<std::string>{"a/1", "b/1", "a/2"}
                             : std::vector<std::string>{"a/2", "b/1", "a/1"}));
  }
}

TEST_F(IndexRead, HashOnlyIndexFindsTheItemByItsAttribute) {
  CallResult r = query({{"IndexName", "handle"},
                        {"KeyConditionExpression", "handle = :h"},
                        {"ExpressionAttributeValues", {{":h", {{"S", "cat"}}}}}});
  EXPECT_EQ(r.body["Items"],
            json::parse(R"([{"pk":{"S":"b"},"sk":{"S":"1"},"handle":{"S":"cat"}}])"));
}

TEST_F(IndexRead, ItemsWithoutTheIndexKeyAreNotInTheIndex) {
  CallResult r = scan({{"IndexName", "season-rating"}});
  EXPECT_EQ(r.body["Count"], 4);
  std::vector<std::string> items = labels(r.body["Items"]);
  EXPECT_EQ(std::set<std::string>(items.begin(), items.end()),
            (std::set<std::string>{"a/1", "a/2", "b/1", "b/2"}));
  EXPECT_EQ(scan({{"IndexName", "handle"}}).body["Count"], 5);
}

TEST_F(IndexRead, SelectCountCountsEntries) {
  CallResult r = season_query({{"Select", "COUNT"}});
  EXPECT_FALSE(r.body.contains("Items"));
  EXPECT_EQ(r.body["Count"], 3);
}

TEST_F(IndexRead, RejectsAnUnknownIndex) {
  expect_validation(query({{"IndexName", "nope"},
                           {"KeyConditionExpression", "season = :s"},
                           {"ExpressionAttributeValues", {{":s", {{"S", "s1"}}}}},
                           {"ExclusiveStartKey", {{"x", {{"S", "y"}}}}}}),
                    "The table does not have the specified index: nope");
  expect_validation(scan({{"IndexName", "nope"}}),
                    "The table does not have the specified index: nope");
}

TEST_F(IndexRead, RejectsAnIndexNameOutsideTheModel) {
  expect_validation(scan({{"IndexName", "ab"}}),
                    "1 validation error detected: Value 'ab' at 'indexName' failed to satisfy "
                    "constraint: Member must have length greater than or equal to 3");
}

TEST_F(IndexRead, RejectsConsistentReadsOnAGlobalIndexOnly) {
  expect_validation(season_query({{"ConsistentRead", true}}),
                    "Consistent reads are not supported on global secondary indexes");
  expect_validation(scan({{"IndexName", "handle"}, {"ConsistentRead", true}}),
                    "Consistent reads are not supported on global secondary indexes");
  CallResult lsi = query({{"IndexName", "by-level"},
                          {"KeyConditionExpression", "pk = :p"},
                          {"ExpressionAttributeValues", {{":p", {{"S", "a"}}}}},
                          {"ConsistentRead", true}});
  EXPECT_EQ(lsi.status, 200) << lsi.body.dump();
  EXPECT_EQ(lsi.body["Count"], 2);
}

TEST_F(IndexRead, RejectsReadsOfAGlobalIndexStillBackfilling) {
  engine::IndexDefinition late;
  late.name = "late";
  late.key_schema.partition = {{"player", engine::Type::S}};
  h.database().find_table(h.table_namespace(), "games")->add_index(late);
  expect_validation(query({{"IndexName", "late"},
                           {"KeyConditionExpression", "player = :p"},
                           {"ExpressionAttributeValues", {{":p", {{"S", "ann"}}}}}}),
                    "Cannot read from backfilling global secondary index: late");
  expect_validation(scan({{"IndexName", "late"}}),
                    "Cannot read from backfilling global secondary index: late");
}

TEST_F(IndexRead, KeyConditionMustMatchTheIndexKey) {
  expect_validation(query({{"IndexName", "season-rating"},
                           {"KeyConditionExpression", "pk = :p"},
                           {"ExpressionAttributeValues", {{":p", {{"S", "a"}}}}}}),
                    "Query condition missed key schema element: season");
  expect_validation(
      query({{"IndexName", "season-rating"},
             {"KeyConditionExpression", "season = :s AND sk = :k"},
             {"ExpressionAttributeValues", {{":s", {{"S", "s1"}}}, {":k", {{"S", "1"}}}}}}),
      "Query condition missed key schema element: rating");
  expect_validation(
      query({{"IndexName", "season-level"},
             {"KeyConditionExpression", "season = :s AND #l > :l"},
             {"ExpressionAttributeNames", {{"#l", "level"}}},
             {"ExpressionAttributeValues", {{":s", {{"S", "s1"}}}, {":l", {{"S", "1"}}}}}}),
      "One or more parameter values were invalid: Condition parameter type does not "
      "match schema type");
  expect_validation(
      query({{"IndexName", "season-rating"},
             {"KeyConditions",
              {{"pk", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {{{"S", "a"}}}}}}}}}),
      "Query condition missed key schema element: season");
}

TEST_F(IndexRead, RejectsAnEmptyIndexKeyValueWithTheIndexMessage) {
  expect_validation(query({{"IndexName", "season-rating"},
                           {"KeyConditionExpression", "season = :s"},
                           {"ExpressionAttributeValues", {{":s", {{"S", ""}}}}}}),
                    "One or more parameter values are not valid. A value specified for a "
                    "secondary index key is not supported. The AttributeValue for a key attribute "
                    "cannot contain an empty string value. IndexName: season-rating, IndexKey: "
                    "season");
}

TEST_F(IndexRead, FilterMayNotReadTheIndexKeyButMayReadTheTableKey) {
  expect_validation(season_query({{"FilterExpression", "rating = :r"},
                                  {"ExpressionAttributeValues", {{":r", {{"S", "0050"}}}}}}),
                    "Filter Expression can only contain non-primary key attributes: Primary key "
                    "attribute: rating");
  CallResult r = season_query(
      {{"FilterExpression", "pk = :p"}, {"ExpressionAttributeValues", {{":p", {{"S", "b"}}}}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(labels(r.body["Items"]), (std::vector<std::string>{"b/1"}));
  EXPECT_EQ(r.body["ScannedCount"], 3);
}

TEST_F(IndexRead, QueryFilterMayOnlyReadProjectedAttributes) {
  expect_validation(
      season_query({{"FilterExpression", "note = :n AND #l > :l"},
                    {"ExpressionAttributeNames", {{"#l", "level"}}},
                    {"ExpressionAttributeValues", {{":n", {{"S", "x"}}}, {":l", {{"N", "1"}}}}}}),
      "One or more parameter values were invalid: Secondary index season-rating does "
      "not project one or more filter attributes: [level, note]");
  expect_validation(
      query({{"IndexName", "by-level"},
             {"KeyConditions",
              {{"pk", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {{{"S", "a"}}}}}}}},
             {"QueryFilter", {{"note", {{"ComparisonOperator", "NOT_NULL"}}}}}}),
      "One or more parameter values were invalid: Secondary index by-level does not "
      "project one or more filter attributes: [note]");
  CallResult r = season_query({{"FilterExpression", "player = :p"},
                               {"ExpressionAttributeValues", {{":p", {{"S", "bob"}}}}}});
  EXPECT_EQ(labels(r.body["Items"]), (std::vector<std::string>{"a/2"}));
}

TEST_F(IndexRead, ScanFilterSeesOnlyTheEntry) {
  CallResult r =
      scan({{"IndexName", "season-rating"}, {"FilterExpression", "attribute_exists(note)"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["Count"], 0);
  EXPECT_EQ(r.body["ScannedCount"], 4);
}

TEST_F(IndexRead, AllAttributesNeedsAnAllProjectionOnAGlobalIndex) {
  expect_validation(season_query({{"Select", "ALL_ATTRIBUTES"}}),
                    "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
                    "supported for global secondary index season-rating because its projection "
                    "type is not ALL");
  expect_validation(scan({{"IndexName", "handle"}, {"Select", "ALL_ATTRIBUTES"}}),
                    "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
                    "supported for global secondary index handle because its projection type is "
                    "not ALL");
  CallResult r = query({{"IndexName", "season-level"},
                        {"KeyConditionExpression", "season = :s"},
                        {"ExpressionAttributeValues", {{":s", {{"S", "s2"}}}}},
                        {"Select", "ALL_ATTRIBUTES"}});
  EXPECT_EQ(r.body["Items"], json::parse(R"([{"pk":{"S":"b"},"sk":{"S":"2"},"season":{"S":"s2"},
      "rating":{"S":"0090"},"player":{"S":"dan"},"note":{"S":"n-dan"},"level":{"N":"5"},
      "handle":{"S":"dan"}}])"));
}

TEST_F(IndexRead, GlobalIndexProjectionMayOnlyNameProjectedAttributes) {
  expect_validation(season_query({{"ProjectionExpression", "player, note"}}),
                    "One or more parameter values were invalid: Global secondary index "
                    "season-rating does not project [note]");
  expect_validation(scan({{"IndexName", "handle"}, {"AttributesToGet", {"player", "pk"}}}),
                    "One or more parameter values were invalid: Global secondary index handle does "
                    "not project [player]");
  CallResult r = season_query({{"ProjectionExpression", "player, pk"}, {"Limit", 1}});
  EXPECT_EQ(r.body["Items"], json::parse(R"([{"player":{"S":"ann"},"pk":{"S":"a"}}])"));
}

TEST_F(IndexRead, LocalIndexFetchesUnprojectedAttributesFromTheTable) {
  json lsi = {{"IndexName", "by-level"},
              {"KeyConditionExpression", "pk = :p"},
              {"ExpressionAttributeValues", {{":p", {{"S", "a"}}}}}};
  CallResult projected = query(lsi);
  EXPECT_EQ(projected.body["Items"], json::parse(R"([
    {"pk":{"S":"a"},"sk":{"S":"2"},"level":{"N":"1"},"player":{"S":"bob"}},
    {"pk":{"S":"a"},"sk":{"S":"1"},"level":{"N":"3"},"player":{"S":"ann"}}])"));

  json with_note = lsi;
  with_note["ProjectionExpression"] = "note, player";
  CallResult fetched = query(with_note);
  EXPECT_EQ(fetched.body["Items"], json::parse(R"([
    {"note":{"S":"n-bob"},"player":{"S":"bob"}},
    {"note":{"S":"n-ann"},"player":{"S":"ann"}}])"));

  json all = lsi;
  all["Select"] = "ALL_ATTRIBUTES";
  all["Limit"] = 1;
  all["ReturnConsumedCapacity"] = "INDEXES";
  CallResult whole = query(all);
  EXPECT_EQ(whole.body["Items"], json::parse(R"([{"pk":{"S":"a"},"sk":{"S":"2"},
      "season":{"S":"s1"},"rating":{"S":"0070"},"player":{"S":"bob"},"note":{"S":"n-bob"},
      "level":{"N":"1"},"handle":{"S":"bob"}}])"));
  EXPECT_EQ(whole.body["ConsumedCapacity"], json::parse(R"({"TableName":"games","CapacityUnits":1.0,
      "Table":{"CapacityUnits":0.5},"LocalSecondaryIndexes":{"by-level":{"CapacityUnits":0.5}}})"));
}

TEST_F(IndexRead, ReportsGlobalIndexCapacityApartFromTheTable) {
  CallResult r = season_query({{"ReturnConsumedCapacity", "INDEXES"}});
  EXPECT_EQ(r.body["ConsumedCapacity"], json::parse(R"({"TableName":"games","CapacityUnits":0.5,
      "Table":{"CapacityUnits":0.0},"GlobalSecondaryIndexes":{"season-rating":{"CapacityUnits":0.5}}})"));
  CallResult total = season_query({{"ReturnConsumedCapacity", "TOTAL"}});
  EXPECT_EQ(total.body["ConsumedCapacity"],
            json::parse(R"({"TableName":"games","CapacityUnits":0.5})"));
}

TEST_F(IndexRead, AnEntryWhoseItemVanishedBeforeTheFetchIsLeftOut) {
  auto table = h.database().find_table(h.table_namespace(), "games");
  auto by_level = table->find_index("by-level");
  ReadRequest read;
  read.table_name = "games";
  read.index_name = "by-level";
  read.select = Select::AllAttributes;
  IndexSource source = index_source(table, *by_level, read);
  ASSERT_TRUE(source.fetch);
  engine::IndexPage page =
      by_level->query(engine::AttributeValue::string("a"), engine::SortKeyRange::all(),
                      engine::Direction::Forward, {}, std::nullopt);
  ASSERT_EQ(page.items.size(), 2u);
  table->remove({engine::AttributeValue::string("a"), engine::AttributeValue::string("2")});
  RequestUsage usage;
  usage.wanted = true;
  json response = json::parse(
      page_response(index_page(std::move(page), *by_level), read, usage, &source).write());
  EXPECT_EQ(labels(response["Items"]), (std::vector<std::string>{"a/1"}));
  EXPECT_EQ(response["Count"], 1);
  EXPECT_EQ(response["ScannedCount"], 2);
  // The request log's figures: the same counts, the index named.
  EXPECT_EQ(usage.count, 1);
  EXPECT_EQ(usage.scanned_count, 2);
  EXPECT_EQ(usage.index, "by-level");
}

TEST_F(IndexRead, SelectRulesWithAndWithoutAnIndex) {
  CallResult projected = season_query({{"Select", "ALL_PROJECTED_ATTRIBUTES"}, {"Limit", 1}});
  EXPECT_EQ(projected.body["Items"], json::parse(R"([{"pk":{"S":"a"},"sk":{"S":"1"},
      "season":{"S":"s1"},"rating":{"S":"0050"},"player":{"S":"ann"}}])"));
  expect_validation(query({{"KeyConditionExpression", "pk = :p"},
                           {"ExpressionAttributeValues", {{":p", {{"S", "a"}}}}},
                           {"Select", "ALL_PROJECTED_ATTRIBUTES"}}),
                    "1 validation error detected: ALL_PROJECTED_ATTRIBUTES can be used only when "
                    "Querying using an IndexName");
  expect_validation(scan({{"Select", "ALL_PROJECTED_ATTRIBUTES"}}),
                    "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
  expect_validation(
      season_query({{"Select", "ALL_PROJECTED_ATTRIBUTES"}, {"ProjectionExpression", "player"}}),
      "1 validation error detected: Cannot specify the ProjectionExpression when "
      "choosing to get ALL_PROJECTED_ATTRIBUTES");
  expect_validation(scan({{"IndexName", "handle"},
                          {"Select", "ALL_PROJECTED_ATTRIBUTES"},
                          {"AttributesToGet", {"pk"}}}),
                    "Cannot specify the AttributesToGet when choosing to get "
                    "ALL_PROJECTED_ATTRIBUTES");
  expect_validation(season_query({{"Select", "COUNT"}, {"ProjectionExpression", "player"}}),
                    "1 validation error detected: Cannot specify the ProjectionExpression when "
                    "choosing to get only the Count");
  expect_validation(season_query({{"Select", "SPECIFIC_ATTRIBUTES"}}),
                    "1 validation error detected: Must specify the AttributesToGet or "
                    "ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
}

TEST_F(IndexRead, StartKeyMustHoldExactlyTheTableAndIndexKeys) {
  const auto with_start = [this](const char* start) {
    return season_query({{"ExclusiveStartKey", json::parse(start)}});
  };
  expect_validation(with_start(R"({"pk":{"S":"a"},"sk":{"S":"1"},"season":{"S":"s1"}})"),
                    "The provided starting key is invalid");
  expect_validation(with_start(R"({"season":{"S":"s1"},"rating":{"S":"0050"}})"),
                    "The provided starting key is invalid");
  expect_validation(with_start(R"({"pk":{"S":"a"},"sk":{"S":"1"},"season":{"S":"s1"},
                                   "rating":{"S":"0050"},"player":{"S":"ann"}})"),
                    "The provided starting key is invalid");
  expect_validation(with_start(R"({"pk":{"S":"a"},"sk":{"S":"1"},"season":{"S":"s1"},
                                   "rating":{"N":"50"}})"),
                    "The provided key element does not match the schema");
  expect_validation(with_start(R"({"pk":{"S":"a"},"sk":{"N":"1"},"season":{"S":"s1"},
                                   "rating":{"S":"0050"}})"),
                    "The provided starting key is invalid: The provided key element does not "
                    "match the schema");
  expect_validation(
      scan({{"IndexName", "by-level"},
            {"ExclusiveStartKey", json::parse(R"({"pk":{"S":"a"},"level":{"N":"1"}})")}}),
      "The provided starting key is invalid");
}

TEST_F(IndexRead, StartKeyMustLieInsideTheQuery) {
  expect_validation(
      season_query(
          {{"ExclusiveStartKey", json::parse(R"({"pk":{"S":"b"},"sk":{"S":"2"},"season":{"S":"s2"},
                                                   "rating":{"S":"0090"}})")}}),
      "The provided starting key is outside query boundaries based on provided "
      "conditions");
  expect_validation(
      query({{"IndexName", "season-rating"},
             {"KeyConditionExpression", "season = :s AND rating > :r"},
             {"ExpressionAttributeValues", {{":s", {{"S", "s1"}}}, {":r", {{"S", "0060"}}}}},
             {"ExclusiveStartKey", json::parse(R"({"pk":{"S":"a"},"sk":{"S":"1"},
                                                  "season":{"S":"s1"},"rating":{"S":"0050"}})")}}),
      "The provided starting key does not match the range key predicate");
  // Equality on every index key still selects several entries, so the query can resume.
  CallResult r =
      query({{"IndexName", "season-rating"},
             {"KeyConditionExpression", "season = :s AND rating = :r"},
             {"ExpressionAttributeValues", {{":s", {{"S", "s1"}}}, {":r", {{"S", "0050"}}}}},
             {"ExclusiveStartKey", json::parse(R"({"pk":{"S":"a"},"sk":{"S":"1"},
                                                  "season":{"S":"s1"},"rating":{"S":"0050"}})")}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(labels(r.body["Items"]), (std::vector<std::string>{"b/1"}));
}

TEST_F(IndexRead, ScanPagesThroughTheIndexInIndexOrder) {
  std::vector<std::string> seen;
  json extra = {{"IndexName", "season-level"}, {"Limit", 2}};
  for (int pages = 0; pages < 10; ++pages) {
    CallResult r = scan(extra);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    for (const auto& label : labels(r.body["Items"])) seen.push_back(label);
    if (!r.body.contains("LastEvaluatedKey")) break;
    extra["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
  }
  std::vector<std::string> once = labels(scan({{"IndexName", "season-level"}}).body["Items"]);
  EXPECT_EQ(seen, once);
  EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()),
            (std::set<std::string>{"a/1", "a/2", "b/1", "b/2"}));
}

// Forty players over seven seasons, scanned through season-rating in parallel segments.
class ParallelIndexScan : public IndexRead {
 protected:
  void SetUp() override {
    IndexRead::SetUp();
    for (int i = 0; i < 40; ++i) {
      put("p" + std::to_string(i), "x", "season" + std::to_string(i % 7), "0001", "p", i);
    }
  }
  std::vector<std::string> scan_all(json extra) {
    std::vector<std::string> seen;
    extra["IndexName"] = "season-rating";
    extra["Limit"] = 3;
    for (int pages = 0; pages < 100; ++pages) {
      CallResult r = scan(extra);
      EXPECT_EQ(r.status, 200) << r.body.dump();
      for (const auto& label : labels(r.body["Items"])) seen.push_back(label);
      if (!r.body.contains("LastEvaluatedKey")) break;
      extra["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
    }
    return seen;
  }
};

TEST_F(ParallelIndexScan, SegmentsTogetherVisitEveryEntryExactlyOnce) {
  for (int total : {1, 2, 3, 5}) {
    std::vector<std::string> seen;
    for (int segment = 0; segment < total; ++segment) {
      std::vector<std::string> part = scan_all({{"Segment", segment}, {"TotalSegments", total}});
      seen.insert(seen.end(), part.begin(), part.end());
    }
    EXPECT_EQ(seen.size(), 44u) << "TotalSegments " << total;
    EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(), 44u);
  }
}

TEST_F(ParallelIndexScan, StartKeyMustMapToTheSegmentByTheIndexPartitionKey) {
  // A start key whose index partition key (season) lies in the other segment of two, while its
  // table partition key would not decide it.
  for (int i = 0; i < 7; ++i) {
    std::string season = "season" + std::to_string(i);
    uint32_t segment = engine::Table::segment_of(engine::AttributeValue::string(season), 2);
    json start = {{"pk", {{"S", "p" + std::to_string(i)}}},
                  {"sk", {{"S", "x"}}},
                  {"season", {{"S", season}}},
                  {"rating", {{"S", "0001"}}}};
    expect_validation(scan({{"IndexName", "season-rating"},
                            {"Segment", 1 - segment},
                            {"TotalSegments", 2},
                            {"ExclusiveStartKey", start}}),
                      "The provided Exclusive start key does not map to the provided segment");
    CallResult r = scan({{"IndexName", "season-rating"},
                         {"Segment", segment},
                         {"TotalSegments", 2},
                         {"ExclusiveStartKey", start}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
  }
}

// PutItem rejects an item whose index key has the wrong type, before its condition is evaluated.
TEST_F(IndexRead, PutItemRejectsAWrongTypedIndexKeyBeforeItsCondition) {
  CallResult r = h.call("PutItem", json::parse(R"j({"TableName":"games",
      "Item":{"pk":{"S":"a"},"sk":{"S":"1"},"rating":{"N":"5"}},
      "ConditionExpression":"attribute_not_exists(pk)"})j"));
  expect_validation(r,
                    "One or more parameter values were invalid: Type mismatch for Index Key rating "
                    "Expected: S Actual: N IndexName: season-rating");
}

}  // namespace
}  // namespace ddb::protocol
