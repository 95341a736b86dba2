#include "protocol/legacy/filter.h"

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

std::string error_of(const char* request, FilterMember member) {
  try {
    read_filter(Json::parse(request), member);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

TEST(LegacyFilter, RejectsBadFiltersWithDynamoDbMessages) {
  struct Case {
    const char* request;
    FilterMember member;
    const char* message;
  };
  const std::vector<Case> cases = {
      {R"({"QueryFilter":{"a":{"ComparisonOperator":"EQ"},"b":{"ComparisonOperator":"NULL"}}})",
       FilterMember::QueryFilter,
       "One or more parameter values were invalid: Invalid number of argument(s) for the EQ "
       "ComparisonOperator"},
      {R"({"ScanFilter":{"a":{"ComparisonOperator":"LT","AttributeValueList":[{"NS":["1"]}]}}})",
       FilterMember::ScanFilter,
       "One or more parameter values were invalid: ComparisonOperator LT is not valid for NS "
       "AttributeValue type"},
      {R"({"ScanFilter":{"a":{"ComparisonOperator":"NULL"}},"ConditionalOperator":"AND"})",
       FilterMember::ScanFilter,
       "ConditionalOperator can only be used when Filter or Expected has two or more elements"},
      {R"({"ConditionalOperator":"OR"})", FilterMember::QueryFilter,
       "ConditionalOperator cannot be used without Filter or Expected"},
      {R"({"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}}})",
       FilterMember::ScanFilter,
       "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
  };
  for (const auto& c : cases) EXPECT_EQ(error_of(c.request, c.member), c.message) << c.request;
}

TEST(LegacyFilter, AbsentOrEmptyFilterIsNone) {
  EXPECT_FALSE(read_filter(Json::parse(R"({})"), FilterMember::ScanFilter).has_value());
  EXPECT_FALSE(read_filter(Json::parse(R"({"QueryFilter":{}})"), FilterMember::QueryFilter));
  // The member of the other operation is not read.
  EXPECT_FALSE(read_filter(Json::parse(R"({"ScanFilter":{"a":{"ComparisonOperator":"NULL"}}})"),
                           FilterMember::QueryFilter));
}

TEST(LegacyFilter, JoinsConditionsByConditionalOperator) {
  auto filter = read_filter(Json::parse(R"({"ScanFilter":{
      "genre":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"Rock"}]},
      "year":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"1970"},{"N":"1979"}]},
      "award":{"ComparisonOperator":"NOT_NULL"}},
      "ConditionalOperator":"OR"})"),
                            FilterMember::ScanFilter);
  ASSERT_TRUE(filter.has_value());
  EXPECT_EQ(filter->join, LogicalOperator::Or);
  EXPECT_EQ(filter_condition(*filter),
            either(either(exists("award"), cmp("genre", Comparator::Eq, S("Rock"))),
                   node(Condition::Kind::Between, {at("year"), val(N("1970")), val(N("1979"))})));
}

TEST(LegacyFilter, SingleConditionIsNotWrapped) {
  auto filter = read_filter(
      Json::parse(
          R"({"QueryFilter":{"b":{"ComparisonOperator":"CONTAINS","AttributeValueList":[{"S":"x"}]}}})"),
      FilterMember::QueryFilter);
  ASSERT_TRUE(filter.has_value());
  EXPECT_EQ(filter_condition(*filter), node(Condition::Kind::Contains, {at("b"), val(S("x"))}));
}

}  // namespace
}  // namespace ddb::protocol::legacy
