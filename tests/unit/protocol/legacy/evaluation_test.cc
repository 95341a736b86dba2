// The legacy trees evaluated by the engine: the semantics that differ from the expression
// language (scylladb test/alternator/test_expected.py, run against AWS).
#include <gtest/gtest.h>

#include <vector>

#include "engine/expression.h"
#include "protocol/legacy/expected.h"
#include "tests/unit/protocol/legacy/trees.h"

namespace ddb::protocol::legacy {
namespace {

using namespace ddb::test::legacy_trees;

// Whether the item passes the Expected map `expected_json`.
bool passes(const char* expected_json, const engine::Item& item) {
  Json request = Json::object();
  request["Expected"] = Json::parse(expected_json);
  auto condition = expected_condition(request, false);
  // A conversion that dropped the condition must fail the test, not pass every "false" case.
  EXPECT_TRUE(condition.has_value()) << expected_json;
  return condition.has_value() && engine::evaluate(*condition, item);
}

TEST(LegacyEvaluation, FollowsLegacySemanticsForMissingAndMistypedAttributes) {
  const engine::Item item = {{"n", N("1")},
                             {"s", S("hello")},
                             {"ns", AttributeValue::number_set({engine::Number::parse("4")})},
                             {"nul", AttributeValue::null()}};
  struct Case {
    const char* expected;
    bool result;
  };
  const std::vector<Case> cases = {
      {R"({"q":{"ComparisonOperator":"NE","AttributeValueList":[{"N":"1"}]}})", true},
      {R"({"n":{"ComparisonOperator":"NE","AttributeValueList":[{"S":"1"}]}})", true},
      {R"({"n":{"ComparisonOperator":"NE","AttributeValueList":[{"N":"1"}]}})", false},
      {R"({"q":{"ComparisonOperator":"NOT_CONTAINS","AttributeValueList":[{"N":"1"}]}})", false},
      {R"({"s":{"ComparisonOperator":"NOT_CONTAINS","AttributeValueList":[{"N":"1"}]}})", true},
      {R"({"ns":{"ComparisonOperator":"NOT_CONTAINS","AttributeValueList":[{"N":"4"}]}})", false},
      {R"({"ns":{"ComparisonOperator":"CONTAINS","AttributeValueList":[{"N":"4"}]}})", true},
      {R"({"nul":{"ComparisonOperator":"NOT_NULL"}})", true},
      {R"({"nul":{"ComparisonOperator":"NULL"}})", false},
      {R"({"n":{"ComparisonOperator":"LE","AttributeValueList":[{"S":"1"}]}})", false},
      {R"({"q":{"Value":{"N":"1"}}})", false},
      {R"({"q":{"Exists":false}})", true},
      {R"({"n":{"ComparisonOperator":"IN","AttributeValueList":[{"N":"3"},{"N":"1"}]}})", true},
  };
  for (const auto& c : cases) EXPECT_EQ(passes(c.expected, item), c.result) << c.expected;
}

}  // namespace
}  // namespace ddb::protocol::legacy
