#include "protocol/legacy/expected.h"

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

std::string error_of(const char* request, bool enveloped = false) {
  try {
    expected_condition(Json::parse(request), enveloped);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

struct BadExpected {
  const char* request;
  const char* message;
};

TEST(LegacyExpected, RejectsMalformedEntriesWithDynamoDbMessages) {
  const std::vector<BadExpected> cases = {
      {R"({"Expected":{"a":{}}})",
       "One or more parameter values were invalid: Value must be provided when Exists is null for "
       "Attribute: a"},
      {R"({"Expected":{"a":{"Exists":true}}})",
       "One or more parameter values were invalid: Value must be provided when Exists is true for "
       "Attribute: a"},
      {R"({"Expected":{"a":{"Exists":false,"Value":{"S":"a"}}}})",
       "One or more parameter values were invalid: Value cannot be used when Exists is false for "
       "Attribute: a"},
      {R"({"Expected":{"a":{"Value":{"S":"a"},"AttributeValueList":[{"S":"a"}],"ComparisonOperator":"EQ"}}})",
       "One or more parameter values were invalid: Value and AttributeValueList cannot be used "
       "together for Attribute: a"},
      {R"({"Expected":{"a":{"Exists":false,"ComparisonOperator":"EQ","AttributeValueList":[{"N":"3"}]}}})",
       "One or more parameter values were invalid: Exists and ComparisonOperator cannot be used "
       "together for Attribute: a"},
      {R"({"Expected":{"a":{"ComparisonOperator":"EQ"}}})",
       "One or more parameter values were invalid: Value or AttributeValueList must be used with "
       "ComparisonOperator: EQ for Attribute: a"},
      {R"({"Expected":{"a":{"AttributeValueList":[{"S":"a"}]}}})",
       "One or more parameter values were invalid: AttributeValueList can only be used with a "
       "ComparisonOperator for Attribute: a"},
      {R"({"Expected":{"a":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"1"}]}}})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN "
       "ComparisonOperator"},
      {R"({"Expected":{"a":{"ComparisonOperator":"NULL","AttributeValueList":[{"N":"2"}]}}})",
       "One or more parameter values were invalid: Invalid number of argument(s) for the NULL "
       "ComparisonOperator"},
      {R"({"Expected":{"a":{"ComparisonOperator":"BEGINS_WITH","Value":{"N":"3"}}}})",
       "One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for "
       "N AttributeValue type"},
      {R"({"Expected":{"a":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"4"},{"N":"3"}]}}})",
       "The BETWEEN condition was provided a range where the lower bound is greater than the upper "
       "bound"},
      {R"({"Expected":{"a":{"Value":{"SS":[]}}}})",
       "One or more parameter values were invalid: An string set  may not be empty"},
      {R"({"Expected":{},"ConditionalOperator":"OR"})",
       "ConditionalOperator can only be used when Filter or Expected has two or more elements"},
      {R"({"Expected":{"a":{"Exists":false}},"ConditionalOperator":"AND"})",
       "ConditionalOperator can only be used when Filter or Expected has two or more elements"},
      {R"({"ConditionalOperator":"AND"})",
       "ConditionalOperator cannot be used without Filter or Expected"},
  };
  for (const auto& c : cases) EXPECT_EQ(error_of(c.request), c.message) << c.request;
}

// An expected attribute's name is 1 to 65,535 bytes, checked after its entry's own rules.
TEST(LegacyExpected, RejectsEmptyAndOversizedNames) {
  EXPECT_EQ(error_of(R"({"Expected":{"":{"Exists":false}}})"), "Empty attribute name");
  EXPECT_EQ(error_of(R"({"Expected":{"":{}}})"),
            "One or more parameter values were invalid: Value must be provided when Exists is null "
            "for Attribute: ");
  std::string request = R"({"Expected":{")" + std::string(65536, 'a') + R"(":{"Exists":false}}})";
  EXPECT_EQ(error_of(request.c_str()),
            "Attribute name is too large, must be less than 65536 bytes");
}

TEST(LegacyExpected, PutsMessagesInTheEnvelopeWhenAsked) {
  EXPECT_EQ(error_of(R"({"Expected":{"a":{"Exists":true}}})", true),
            "1 validation error detected: One or more parameter values were invalid: Value must be "
            "provided when Exists is true for Attribute: a");
  EXPECT_EQ(error_of(R"({"Expected":{"a":{"ComparisonOperator":"EQ"}}})", true),
            "1 validation error detected: One or more parameter values were invalid: Value or "
            "AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a");
}

TEST(LegacyExpected, AbsentOrEmptyMakesNoCondition) {
  EXPECT_EQ(expected_condition(Json::parse(R"({"TableName":"t"})"), false), std::nullopt);
  EXPECT_EQ(expected_condition(Json::parse(R"({"Expected":{}})"), false), std::nullopt);
  EXPECT_EQ(expected_condition(Json::parse(R"({"Expected":null})"), false), std::nullopt);
}

struct ExpectedTree {
  const char* request;
  Condition expected;
};

TEST(LegacyExpected, BuildsConditionsForEachForm) {
  const std::vector<ExpectedTree> cases = {
      {R"({"Expected":{"a":{"Value":{"N":"1"}}}})", cmp("a", Comparator::Eq, N("1"))},
      {R"({"Expected":{"a":{"Value":{"N":"1"},"Exists":true}}})", cmp("a", Comparator::Eq, N("1"))},
      {R"({"Expected":{"a":{"Exists":false}}})", not_exists("a")},
      {R"({"Expected":{"a":{"ComparisonOperator":"NOT_NULL"}}})", exists("a")},
      {R"({"Expected":{"a":{"ComparisonOperator":"GT","AttributeValueList":[{"N":"5"}]}}})",
       cmp("a", Comparator::Gt, N("5"))},
      // A single Value may stand in for the AttributeValueList.
      {R"({"Expected":{"a":{"ComparisonOperator":"NE","Value":{"S":"x"}}}})",
       either(not_exists("a"), cmp("a", Comparator::Ne, S("x")))},
      // Entries join in attribute-name order; AND unless ConditionalOperator says OR.
      {R"({"Expected":{"b":{"Exists":false},"a":{"Value":{"S":"x"}}}})",
       both(cmp("a", Comparator::Eq, S("x")), not_exists("b"))},
      {R"({"Expected":{"a":{"Value":{"S":"x"}},"b":{"Exists":false},"c":{"ComparisonOperator":"NULL"}},"ConditionalOperator":"OR"})",
       either(either(cmp("a", Comparator::Eq, S("x")), not_exists("b")), not_exists("c"))},
      {R"({"Expected":{"a":{"Value":{"S":"x"}},"b":{"Exists":false}},"ConditionalOperator":"AND"})",
       both(cmp("a", Comparator::Eq, S("x")), not_exists("b"))},
  };
  for (const auto& c : cases) {
    auto condition = expected_condition(Json::parse(c.request), false);
    ASSERT_TRUE(condition.has_value()) << c.request;
    EXPECT_EQ(*condition, c.expected) << c.request;
  }
}

}  // namespace
}  // namespace ddb::protocol::legacy
