// Key conditions on a GSI with a multi-attribute key: which conditions DynamoDB accepts, its
// messages for the rest, and the key tuples and ranges the accepted ones read.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "engine/index.h"
#include "protocol/expr/parser.h"
#include "protocol/reads/key_condition.h"

namespace ddb::protocol {
namespace {

using engine::AttributeValue;
using engine::IndexKeySchema;
using engine::Number;
using engine::Type;

// Partition key (tournament, venue); sort key (score N, played S, label S).
IndexKeySchema board_schema() {
  IndexKeySchema schema;
  schema.partition = {{"tournament", Type::S}, {"venue", Type::S}};
  schema.sort = {{"score", Type::N}, {"played", Type::S}, {"label", Type::S}};
  return schema;
}

constexpr std::string_view kValues = R"({"ExpressionAttributeValues":{
  ":t":{"S":"WINTER"}, ":r":{"S":"EU"}, ":s":{"N":"5"}, ":s2":{"N":"50"},
  ":a":{"S":"2026-01"}, ":g":{"S":"x"}, ":empty":{"S":""}, ":n":{"N":"1"}}})";

KeyCondition condition_of(std::string_view expression, const IndexKeySchema& schema) {
  ExpressionAttributes attributes = ExpressionAttributes::from_request(Json::parse(kValues), false);
  expr::Condition parsed = expr::parse_condition(expression, expr::ExpressionKind::KeyCondition);
  return match_index_key_schema(key_predicates(parsed, attributes), schema, "board");
}

std::string error_of(std::string_view expression, const IndexKeySchema& schema = board_schema()) {
  try {
    condition_of(expression, schema);
  } catch (const engine::Error& e) {
    EXPECT_EQ(e.type(), engine::ErrorType::Validation);
    return e.message();
  }
  return "";
}

AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(const char* text) { return AttributeValue::string(text); }

// The index partition and sort key an item with these attribute values is stored under, as the
// index itself computes them: what a Query's partition and range must match.
engine::IndexPosition stored_position(const IndexKeySchema& schema, const char* tournament,
                                      const char* venue, const char* score, const char* played,
                                      const char* label = "x") {
  engine::IndexDefinition definition;
  definition.name = "board";
  definition.key_schema = schema;
  engine::Index index(definition, engine::KeySchema{{"pk", Type::S}, std::nullopt});
  engine::Item item{{"pk", s("p")},      {"tournament", s(tournament)}, {"venue", s(venue)},
                    {"score", n(score)}, {"played", s(played)},         {"label", s(label)}};
  return *index.position_of(item);
}

// Whether the Query `condition` reads the entry of an item with these attribute values.
bool reads(const KeyCondition& condition, const IndexKeySchema& schema, const char* tournament,
           const char* venue, const char* score, const char* played, const char* label = "x") {
  engine::IndexPosition position = stored_position(schema, tournament, venue, score, played, label);
  return position.partition == condition.partition && condition.range.contains(position.entry.sort);
}

TEST(MultiAttributeKeyCondition, EqualityOnEveryPartitionAttributeReadsTheWholePartition) {
  IndexKeySchema schema = board_schema();
  KeyCondition condition = condition_of("venue = :r AND tournament = :t", schema);
  EXPECT_FALSE(condition.range.lower.has_value());
  EXPECT_FALSE(condition.range.upper.has_value());
  EXPECT_FALSE(condition.single_item);
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "-7", "a"));
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "900", "z"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "NA", "5", "a"));
  EXPECT_FALSE(reads(condition, schema, "EU", "WINTER", "5", "a"));
}

TEST(MultiAttributeKeyCondition, RangeOnTheLastConditionedAttribute) {
  IndexKeySchema schema = board_schema();
  KeyCondition condition = condition_of(
      "tournament = :t AND venue = :r AND score = :s AND begins_with(played, :a)", schema);
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "5", "2026-01"));
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "5.0", "2026-01-31", "zzz"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "5", "2026-02-01"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "5", "2026-0"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "50", "2026-01-01"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "4", "2026-01-01"));
  condition = condition_of("tournament = :t AND venue = :r AND score BETWEEN :s AND :s2", schema);
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "5", "a"));
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "9", "z"));
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "50", "zzzz", "zzzz"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "4.99", "z"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "50.01", "a"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "500", "a"));
}

TEST(MultiAttributeKeyCondition, EqualityOnALeadingRunOfSortAttributes) {
  IndexKeySchema schema = board_schema();
  KeyCondition condition =
      condition_of("tournament = :t AND venue = :r AND score = :s AND played = :a", schema);
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "5", "2026-01", "a"));
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "5", "2026-01", "zz"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "5", "2026-01-01", "a"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "5", "2026-0", "a"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "6", "2026-01", "a"));
}

TEST(MultiAttributeKeyCondition, ASinglePartitionAttributeKeepsItsOwnValue) {
  IndexKeySchema schema = board_schema();
  schema.partition = {{"tournament", Type::S}};
  KeyCondition condition = condition_of("tournament = :t AND score > :s", schema);
  EXPECT_EQ(condition.partition, s("WINTER"));
  EXPECT_TRUE(reads(condition, schema, "WINTER", "any", "5.5", "a"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "any", "5", "z"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "any", "-6", "z"));
}

TEST(MultiAttributeKeyCondition, ASingleSortAttributeKeepsItsOwnRange) {
  IndexKeySchema schema = board_schema();
  schema.sort = {{"score", Type::N}};
  KeyCondition condition = condition_of("tournament = :t AND venue = :r AND score > :s", schema);
  ASSERT_TRUE(condition.range.lower.has_value());
  EXPECT_EQ(condition.range.lower->value, n("5"));
  EXPECT_FALSE(condition.range.lower->inclusive);
  EXPECT_FALSE(condition.range.upper.has_value());
  EXPECT_TRUE(reads(condition, schema, "WINTER", "EU", "10", "a"));
  EXPECT_FALSE(reads(condition, schema, "WINTER", "EU", "5", "a"));
}

TEST(MultiAttributeKeyCondition, NamesTheFirstPartitionAttributeWithoutACondition) {
  EXPECT_EQ(error_of("tournament = :t AND score = :s"),
            "Query condition missed key schema element: venue");
  EXPECT_EQ(error_of("score = :s"), "Query condition missed key schema element: tournament");
}

TEST(MultiAttributeKeyCondition, RefusesARangeOnAPartitionAttribute) {
  EXPECT_EQ(error_of("tournament = :t AND venue > :r"), "Query key condition not supported");
  EXPECT_EQ(error_of("tournament = :t AND begins_with(venue, :r)"),
            "Query key condition not supported");
}

TEST(MultiAttributeKeyCondition, RefusesAConditionOnAnAttributeOutsideTheKey) {
  EXPECT_EQ(error_of("tournament = :t AND venue = :r AND extra = :g"),
            "Query key condition not supported");
}

constexpr const char* kNeedsEquality =
    " must have equality conditions specified in the query "
    "because a condition is present on key attribute ";

TEST(MultiAttributeKeyCondition, RefusesAGapInTheSortAttributes) {
  EXPECT_EQ(error_of("tournament = :t AND venue = :r AND score = :s AND label = :g"),
            std::string("RANGE key attributes played") + kNeedsEquality + "label");
  EXPECT_EQ(error_of("tournament = :t AND venue = :r AND played = :a"),
            std::string("RANGE key attributes score") + kNeedsEquality + "played");
  EXPECT_EQ(error_of("tournament = :t AND venue = :r AND label = :g"),
            std::string("RANGE key attributes score, played") + kNeedsEquality + "label");
}

TEST(MultiAttributeKeyCondition, RefusesAConditionAfterARange) {
  EXPECT_EQ(error_of("tournament = :t AND venue = :r AND score > :s AND played = :a"),
            std::string("RANGE key attributes score") + kNeedsEquality + "played");
  EXPECT_EQ(
      error_of("tournament = :t AND venue = :r AND score = :s AND played < :a AND label = :g"),
      std::string("RANGE key attributes played") + kNeedsEquality + "label");
}

TEST(MultiAttributeKeyCondition, ChecksValueTypesAndEmptyValues) {
  EXPECT_EQ(error_of("tournament = :t AND venue = :n"),
            "One or more parameter values were invalid: Condition parameter type does not match "
            "schema type");
  EXPECT_EQ(error_of("tournament = :t AND venue = :r AND score = :a"),
            "One or more parameter values were invalid: Condition parameter type does not match "
            "schema type");
  EXPECT_EQ(error_of("tournament = :t AND venue = :empty"),
            "One or more parameter values are not valid. A value specified for a secondary index "
            "key is not supported. The AttributeValue for a key attribute cannot contain an empty "
            "string value. IndexName: board, IndexKey: venue");
}

TEST(MultiAttributeKeyCondition, CountsConditionsAgainstEveryKeyAttribute) {
  EXPECT_EQ(
      error_of("tournament = :t AND venue = :r AND score = :s AND played = :a AND label = :g AND "
               "extra = :n"),
      "The number of query conditions (6) exceeds the number of key attributes defined in "
      "the schema (5)");
  EXPECT_EQ(error_of("tournament = :t AND tournament = :t AND venue = :r"),
            "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one "
            "condition per key");
}

}  // namespace
}  // namespace ddb::protocol
