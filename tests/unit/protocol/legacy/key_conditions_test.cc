#include "protocol/legacy/key_conditions.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/error.h"
#include "tests/unit/protocol/legacy/trees.h"

namespace ddb::protocol::legacy {
namespace {

using engine::KeyAttribute;
using engine::KeySchema;
using engine::Type;
using namespace ddb::test::legacy_trees;

const KeySchema kHashOnly{{"a", Type::S}, std::nullopt};
const KeySchema kComposite{{"a", Type::S}, KeyAttribute{"b", Type::S}};

std::string read_error(const char* request) {
  try {
    read_key_conditions(Json::parse(request), false);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

std::string schema_error(const char* request, const KeySchema& schema) {
  try {
    key_predicates(read_key_conditions(Json::parse(request), false), schema);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

TEST(LegacyKeyConditions, RejectsBadConditionsBeforeTheTable) {
  struct Case {
    const char* request;
    const char* message;
  };
  const std::vector<Case> cases = {
      {R"({"KeyConditions":{}})", "Conditions can be of length 1 or 2 only"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"NULL"},"b":{"ComparisonOperator":"NULL"},"c":{"ComparisonOperator":"NULL"}}})",
       "Conditions can be of length 1 or 2 only"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"EQ"},"b":{"ComparisonOperator":"NULL"},"c":{"ComparisonOperator":"NULL"}}})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the EQ "
       "ComparisonOperator"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"BEGINS_WITH","AttributeValueList":[{"N":"1"}]}}})",
       "One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for "
       "N AttributeValue type"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"IN","AttributeValueList":[{"S":"b"},{"N":"1"}]}}})",
       "One or more parameter values were invalid: AttributeValues inside AttributeValueList must "
       "be of same type"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"S":"b"},{"S":"a"}]}}})",
       "The BETWEEN condition was provided a range where the lower bound is greater than the upper "
       "bound"},
      // Non-indexable operators pass until the schema is known (dynalite's tests reach the table).
      {R"({"KeyConditions":{"z":{"ComparisonOperator":"NULL"}}})", ""},
  };
  for (const auto& c : cases) EXPECT_EQ(read_error(c.request), c.message) << c.request;
}

TEST(LegacyKeyConditions, ChecksTheSchemaInDynamoDbOrder) {
  struct Case {
    const char* request;
    const KeySchema& schema;
    const char* message;
  };
  const std::vector<Case> cases = {
      {R"({"KeyConditions":{"z":{"ComparisonOperator":"NULL"}}})", kComposite,
       "Query condition missed key schema element: a"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"b"}]},"c":{"ComparisonOperator":"NULL"}}})",
       kComposite, "Query condition missed key schema element: b"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]},"b":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}}})",
       kHashOnly, "Query key condition not supported"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"NULL"}}})", kHashOnly,
       "Attempted conditional constraint is not an indexable operation"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"NOT_NULL"}}})", kHashOnly,
       "Attempted conditional constraint is not an indexable operation"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"NE","AttributeValueList":[{"N":"1"}]}}})",
       kHashOnly, "Attempted conditional constraint is not an indexable operation"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"CONTAINS","AttributeValueList":[{"S":"a"}]}}})",
       kHashOnly, "Attempted conditional constraint is not an indexable operation"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"IN","AttributeValueList":[{"S":"a"}]}}})",
       kHashOnly, "Attempted conditional constraint is not an indexable operation"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"b"}]},"b":{"ComparisonOperator":"NOT_CONTAINS","AttributeValueList":[{"S":"a"}]}}})",
       kComposite, "Attempted conditional constraint is not an indexable operation"},
  };
  for (const auto& c : cases) EXPECT_EQ(schema_error(c.request, c.schema), c.message) << c.request;
}

TEST(LegacyKeyConditions, ProducesKeyPredicates) {
  auto predicates = key_predicates(read_key_conditions(Json::parse(R"({"KeyConditions":{
          "a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]},
          "b":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"S":"k1"},{"S":"k9"}]}}})"),
                                                       false),
                                   kComposite);
  ASSERT_EQ(predicates.size(), 2u);
  EXPECT_EQ(predicates[0].attribute, "a");
  EXPECT_EQ(predicates[0].op, KeyPredicate::Op::Eq);
  EXPECT_EQ(predicates[0].values, std::vector<engine::AttributeValue>{S("p")});
  EXPECT_EQ(predicates[1].attribute, "b");
  EXPECT_EQ(predicates[1].op, KeyPredicate::Op::Between);
  EXPECT_EQ(predicates[1].values, (std::vector<engine::AttributeValue>{S("k1"), S("k9")}));
}

TEST(LegacyKeyConditions, MapsEachIndexableOperator) {
  struct Case {
    const char* op;
    KeyPredicate::Op expected;
  };
  const std::vector<Case> cases = {
      {"EQ", KeyPredicate::Op::Eq}, {"LE", KeyPredicate::Op::Le},
      {"LT", KeyPredicate::Op::Lt}, {"GE", KeyPredicate::Op::Ge},
      {"GT", KeyPredicate::Op::Gt}, {"BEGINS_WITH", KeyPredicate::Op::BeginsWith},
  };
  for (const auto& c : cases) {
    Json request = Json::parse(R"({"KeyConditions":{
        "a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]},
        "b":{"AttributeValueList":[{"S":"x"}]}}})");
    request["KeyConditions"]["b"]["ComparisonOperator"] = c.op;
    auto predicates = key_predicates(read_key_conditions(request, false), kComposite);
    ASSERT_EQ(predicates.size(), 2u);
    EXPECT_EQ(predicates[1].op, c.expected) << c.op;
    EXPECT_EQ(predicates[1].values, std::vector<engine::AttributeValue>{S("x")}) << c.op;
  }
}

TEST(LegacyKeyConditions, WorksWithMatchKeySchema) {
  auto predicates = key_predicates(
      read_key_conditions(
          Json::parse(
              R"({"KeyConditions":{"a":{"ComparisonOperator":"LE","AttributeValueList":[{"S":"p"}]}}})"),
          false),
      kHashOnly);
  try {
    match_key_schema(predicates, kHashOnly);
    FAIL() << "expected an error";
  } catch (const engine::Error& error) {
    EXPECT_EQ(error.message(), "Query key condition not supported");
  }
  KeyCondition condition = match_key_schema(
      key_predicates(
          read_key_conditions(
              Json::parse(
                  R"({"KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]}}})"),
              false),
          kHashOnly),
      kHashOnly);
  EXPECT_EQ(condition.partition, S("p"));
  EXPECT_TRUE(condition.single_item);
}

}  // namespace
}  // namespace ddb::protocol::legacy
