// Key conditions on a GSI with a multi-attribute key: which conditions DynamoDB accepts, its
// messages for the rest, and the key tuples and ranges the accepted ones read.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "engine/key_tuple.h"
#include "protocol/expr/parser.h"
#include "protocol/reads/key_condition.h"

namespace ddb::protocol {
namespace {

using engine::AttributeValue;
using engine::IndexKeySchema;
using engine::Number;
using engine::SortKeyRange;
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

AttributeValue tuple(std::vector<AttributeValue> values) {
  std::vector<const AttributeValue*> pointers;
  for (const auto& value : values) pointers.push_back(&value);
  return engine::key_tuple(pointers);
}

std::string prefix(std::vector<AttributeValue> values) {
  std::string bytes;
  for (const auto& value : values) engine::append_tuple_element(value, bytes);
  return bytes;
}

void expect_range(const SortKeyRange& actual, const SortKeyRange& expected) {
  ASSERT_EQ(actual.lower.has_value(), expected.lower.has_value());
  ASSERT_EQ(actual.upper.has_value(), expected.upper.has_value());
  if (expected.lower) {
    EXPECT_EQ(actual.lower->value, expected.lower->value);
    EXPECT_EQ(actual.lower->inclusive, expected.lower->inclusive);
  }
  if (expected.upper) {
    EXPECT_EQ(actual.upper->value, expected.upper->value);
    EXPECT_EQ(actual.upper->inclusive, expected.upper->inclusive);
  }
}

TEST(MultiAttributeKeyCondition, EqualityOnEveryPartitionAttributeReadsTheWholePartition) {
  KeyCondition condition = condition_of("venue = :r AND tournament = :t", board_schema());
  EXPECT_EQ(condition.partition, tuple({s("WINTER"), s("EU")}));
  expect_range(condition.range, SortKeyRange::all());
  EXPECT_FALSE(condition.single_item);
}

TEST(MultiAttributeKeyCondition, RangeOnTheLastConditionedAttribute) {
  KeyCondition condition = condition_of(
      "tournament = :t AND venue = :r AND score = :s AND begins_with(played, :a)", board_schema());
  expect_range(condition.range,
               engine::tuple_range(prefix({n("5")}), SortKeyRange::begins_with(s("2026-01"))));
  condition =
      condition_of("tournament = :t AND venue = :r AND score BETWEEN :s AND :s2", board_schema());
  expect_range(condition.range, engine::tuple_range("", SortKeyRange::between(n("5"), n("50"))));
}

TEST(MultiAttributeKeyCondition, EqualityOnALeadingRunOfSortAttributes) {
  KeyCondition condition =
      condition_of("tournament = :t AND venue = :r AND score = :s AND played = :a", board_schema());
  expect_range(condition.range,
               engine::tuple_range(prefix({n("5"), s("2026-01")}), SortKeyRange::all()));
}

TEST(MultiAttributeKeyCondition, ASinglePartitionAttributeKeepsItsOwnValue) {
  IndexKeySchema schema = board_schema();
  schema.partition = {{"tournament", Type::S}};
  KeyCondition condition = condition_of("tournament = :t AND score > :s", schema);
  EXPECT_EQ(condition.partition, s("WINTER"));
  expect_range(condition.range, engine::tuple_range("", SortKeyRange::greater(n("5"))));
}

TEST(MultiAttributeKeyCondition, ASingleSortAttributeKeepsItsOwnRange) {
  IndexKeySchema schema = board_schema();
  schema.sort = {{"score", Type::N}};
  KeyCondition condition = condition_of("tournament = :t AND venue = :r AND score > :s", schema);
  EXPECT_EQ(condition.partition, tuple({s("WINTER"), s("EU")}));
  expect_range(condition.range, SortKeyRange::greater(n("5")));
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
