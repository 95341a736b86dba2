#include "protocol/legacy/comparison.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/error.h"
#include "tests/unit/protocol/legacy/trees.h"

namespace ddb::protocol::legacy {
namespace {

using engine::Comparator;
using engine::Condition;
using namespace ddb::test::legacy_trees;

// The ValidationException message of reading `condition_json` as QueryFilter entry "a", or "".
std::string error_of(const char* condition_json) {
  try {
    read_condition("a", Json::parse(condition_json), "queryFilter");
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

struct BadCondition {
  const char* condition;
  const char* message;
};

TEST(LegacyComparison, RejectsBadConditionsWithDynamoDbMessages) {
  const std::vector<BadCondition> cases = {
      {R"({"ComparisonOperator":"EQ"})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the EQ "
       "ComparisonOperator"},
      {R"({"ComparisonOperator":"EQ","AttributeValueList":[]})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the EQ "
       "ComparisonOperator"},
      {R"({"ComparisonOperator":"NE","AttributeValueList":[{"S":"a"},{"S":"a"}]})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the NE "
       "ComparisonOperator"},
      {R"({"ComparisonOperator":"NULL","AttributeValueList":[{"S":"a"}]})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the NULL "
       "ComparisonOperator"},
      {R"({"ComparisonOperator":"NOT_NULL","AttributeValueList":[{"S":"a"}]})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the NOT_NULL "
       "ComparisonOperator"},
      {R"({"ComparisonOperator":"IN","AttributeValueList":[]})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the IN "
       "ComparisonOperator"},
      {R"({"ComparisonOperator":"BETWEEN","AttributeValueList":[{"S":"a"}]})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN "
       "ComparisonOperator"},
      {R"({"ComparisonOperator":"BETWEEN","AttributeValueList":[{"S":"a"},{"S":"b"},{"S":"c"}]})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN "
       "ComparisonOperator"},
      {R"({"ComparisonOperator":"IN","AttributeValueList":[{"S":"b"},{"N":"1"}]})",
       "One or more parameter values were invalid: AttributeValues inside AttributeValueList must "
       "be of same type"},
      {R"({"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"1"},{"S":"a"}]})",
       "One or more parameter values were invalid: AttributeValues inside AttributeValueList must "
       "be of same type"},
      {R"({"ComparisonOperator":"BEGINS_WITH","AttributeValueList":[{"N":"1"}]})",
       "One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for "
       "N AttributeValue type"},
      {R"({"ComparisonOperator":"BEGINS_WITH","AttributeValueList":[{"SS":["a"]}]})",
       "One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for "
       "SS AttributeValue type"},
      {R"({"ComparisonOperator":"LT","AttributeValueList":[{"BOOL":true}]})",
       "One or more parameter values were invalid: ComparisonOperator LT is not valid for BOOL "
       "AttributeValue type"},
      {R"({"ComparisonOperator":"GE","AttributeValueList":[{"NULL":true}]})",
       "One or more parameter values were invalid: ComparisonOperator GE is not valid for NULL "
       "AttributeValue type"},
      {R"({"ComparisonOperator":"IN","AttributeValueList":[{"M":{}}]})",
       "One or more parameter values were invalid: ComparisonOperator IN is not valid for M "
       "AttributeValue type"},
      {R"({"ComparisonOperator":"CONTAINS","AttributeValueList":[{"NS":["1"]}]})",
       "One or more parameter values were invalid: ComparisonOperator CONTAINS is not valid for NS "
       "AttributeValue type"},
      {R"({"ComparisonOperator":"NOT_CONTAINS","AttributeValueList":[{"L":[]}]})",
       "One or more parameter values were invalid: ComparisonOperator NOT_CONTAINS is not valid "
       "for L AttributeValue type"},
      {R"({"ComparisonOperator":"BETWEEN","AttributeValueList":[{"BOOL":true},{"BOOL":true}]})",
       "One or more parameter values were invalid: ComparisonOperator BETWEEN is not valid for "
       "BOOL AttributeValue type"},
      {R"({"ComparisonOperator":"BETWEEN","AttributeValueList":[{"S":"b"},{"S":"a"}]})",
       "The BETWEEN condition was provided a range where the lower bound is greater than the upper "
       "bound"},
      {R"({"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"10"},{"N":"9"}]})",
       "The BETWEEN condition was provided a range where the lower bound is greater than the upper "
       "bound"},
      // The values are decoded before they are counted (dynalite test/query.js).
      {R"({"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"SS":[]}]})",
       "One or more parameter values were invalid: An string set  may not be empty"},
      {R"({"AttributeValueList":[{"S":"a"}]})",
       "1 validation error detected: Value null at 'queryFilter.a.member.comparisonOperator' "
       "failed to satisfy constraint: Member must not be null"},
      {R"({"ComparisonOperator":"LIKE","AttributeValueList":[{"S":"a"}]})",
       "1 validation error detected: Value 'LIKE' at 'queryFilter.a.member.comparisonOperator' "
       "failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, "
       "NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"},
  };
  for (const auto& c : cases) EXPECT_EQ(error_of(c.condition), c.message) << c.condition;
}

// A condition's attribute name (KeyConditions, QueryFilter, ScanFilter) is 1 to 65,535 bytes,
// checked after the condition itself.
TEST(LegacyComparison, RejectsEmptyAndOversizedNames) {
  const auto error_for = [](const std::string& name, const char* condition) -> std::string {
    try {
      read_condition(name, Json::parse(condition), "scanFilter");
    } catch (const engine::Error& error) {
      return error.message();
    }
    return "";
  };
  EXPECT_EQ(error_for("", R"({"ComparisonOperator":"NULL"})"), "Empty attribute name");
  EXPECT_EQ(error_for(std::string(65536, 'a'), R"({"ComparisonOperator":"NULL"})"),
            "Attribute name is too large, must be less than 65536 bytes");
  EXPECT_EQ(error_for("", R"({"ComparisonOperator":"EQ"})"),
            "One or more parameter values were invalid: Invalid number of argument(s) for the EQ "
            "ComparisonOperator");
}

TEST(LegacyComparison, AcceptsEveryTypeForEqAndNeAndOrderedBetweenBounds) {
  const std::vector<const char*> accepted = {
      R"({"ComparisonOperator":"EQ","AttributeValueList":[{"BOOL":true}]})",
      R"({"ComparisonOperator":"EQ","AttributeValueList":[{"M":{"x":{"S":"y"}}}]})",
      R"({"ComparisonOperator":"NE","AttributeValueList":[{"L":[]}]})",
      R"({"ComparisonOperator":"EQ","AttributeValueList":[{"NS":["1","2"]}]})",
      R"({"ComparisonOperator":"BEGINS_WITH","AttributeValueList":[{"B":"YQ=="}]})",
      R"({"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"9"},{"N":"10"}]})",
      R"({"ComparisonOperator":"BETWEEN","AttributeValueList":[{"S":"a"},{"S":"a"}]})",
      R"({"ComparisonOperator":"IN","AttributeValueList":[{"S":"a"},{"S":"b"},{"S":"c"}]})",
      R"({"ComparisonOperator":"NULL"})",
      R"({"ComparisonOperator":"NOT_NULL","AttributeValueList":[]})",
  };
  for (const char* json : accepted) EXPECT_EQ(error_of(json), "") << json;
}

TEST(LegacyComparison, ReadsOperatorAndValues) {
  AttributeCondition read = read_condition(
      "price",
      Json::parse(
          R"({"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"1"},{"N":"2.50"}]})"),
      "scanFilter");
  EXPECT_EQ(read, (AttributeCondition{"price", ComparisonOperator::Between, {N("1"), N("2.5")}}));
}

struct TreeCase {
  AttributeCondition condition;
  Condition expected;
};

TEST(LegacyComparison, BuildsTreesWithLegacySemantics) {
  using K = Condition::Kind;
  const std::vector<TreeCase> cases = {
      {{"a", ComparisonOperator::Eq, {S("x")}}, cmp("a", Comparator::Eq, S("x"))},
      {{"a", ComparisonOperator::Le, {N("1")}}, cmp("a", Comparator::Le, N("1"))},
      {{"a", ComparisonOperator::Lt, {N("1")}}, cmp("a", Comparator::Lt, N("1"))},
      {{"a", ComparisonOperator::Ge, {N("1")}}, cmp("a", Comparator::Ge, N("1"))},
      {{"a", ComparisonOperator::Gt, {N("1")}}, cmp("a", Comparator::Gt, N("1"))},
      // NE holds for a missing attribute.
      {{"a", ComparisonOperator::Ne, {S("x")}},
       either(not_exists("a"), cmp("a", Comparator::Ne, S("x")))},
      {{"a", ComparisonOperator::NotNull, {}}, exists("a")},
      {{"a", ComparisonOperator::Null, {}}, not_exists("a")},
      {{"a", ComparisonOperator::Contains, {S("x")}}, node(K::Contains, {at("a"), val(S("x"))})},
      // NOT_CONTAINS fails for a missing attribute.
      {{"a", ComparisonOperator::NotContains, {N("4")}},
       both(exists("a"), negation(node(K::Contains, {at("a"), val(N("4"))})))},
      {{"a", ComparisonOperator::BeginsWith, {S("pre")}},
       node(K::BeginsWith, {at("a"), val(S("pre"))})},
      {{"a", ComparisonOperator::In, {N("1"), N("2"), N("3")}},
       node(K::In, {at("a"), val(N("1")), val(N("2")), val(N("3"))})},
      {{"a", ComparisonOperator::Between, {S("a"), S("m")}},
       node(K::Between, {at("a"), val(S("a")), val(S("m"))})},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(to_engine_condition(c.condition), c.expected)
        << comparison_operator_name(c.condition.op);
  }
}

TEST(LegacyComparison, NamesOperatorsBothWays) {
  EXPECT_EQ(comparison_operator_from_name("NOT_CONTAINS"), ComparisonOperator::NotContains);
  EXPECT_EQ(comparison_operator_from_name("eq"), std::nullopt);
  EXPECT_EQ(comparison_operator_name(ComparisonOperator::BeginsWith), "BEGINS_WITH");
  EXPECT_EQ(comparison_operator_names().size(), 13u);
  EXPECT_EQ(comparison_operator_names().front(), "IN");
}

}  // namespace
}  // namespace ddb::protocol::legacy
