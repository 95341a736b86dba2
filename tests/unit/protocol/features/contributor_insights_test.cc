#include "protocol/features/contributor_insights.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

engine::TableDefinition table_with_index() {
  engine::TableDefinition definition;
  definition.name = "tab";
  definition.key_schema = test::composite_schema("pk", engine::Type::S, "sk", engine::Type::S);
  engine::IndexDefinition gsi;
  gsi.name = "byOwner";
  gsi.key_schema.partition = {{"owner", engine::Type::S}};
  engine::IndexDefinition lsi;
  lsi.name = "byDate";
  lsi.kind = engine::IndexKind::Local;
  definition.indexes = {gsi, lsi};
  return definition;
}

TEST(ContributorInsightsRules, RuleNamesFollowTheModeAndTheKey) {
  engine::TableDefinition definition = table_with_index();
  engine::ContributorInsights table{
      "", true, engine::ContributorInsightsMode::AccessedAndThrottledKeys, 1576629651.52};
  EXPECT_EQ(contributor_insights_rules(definition, table),
            (std::vector<std::string>{"DynamoDBContributorInsights-PKC-tab-1576629651520",
                                      "DynamoDBContributorInsights-SKC-tab-1576629651520",
                                      "DynamoDBContributorInsights-PKT-tab-1576629651520",
                                      "DynamoDBContributorInsights-SKT-tab-1576629651520"}));
  engine::ContributorInsights index{"byOwner", true, engine::ContributorInsightsMode::ThrottledKeys,
                                    1576629651.52};
  EXPECT_EQ(contributor_insights_rules(definition, index),
            (std::vector<std::string>{"DynamoDBContributorInsights-PKT-tab-1576629651520"}));
  table.enabled = false;
  EXPECT_TRUE(contributor_insights_rules(definition, table).empty());
}

TEST(ContributorInsightsRules, OnlyGlobalIndexesHaveInsights) {
  engine::TableDefinition definition = table_with_index();
  EXPECT_TRUE(has_global_index(definition, "byOwner"));
  EXPECT_FALSE(has_global_index(definition, "byDate"));
  EXPECT_FALSE(has_global_index(definition, "missing"));
}

TEST(ContributorInsightsRules, ModesByName) {
  EXPECT_EQ(parse_contributor_insights_mode("THROTTLED_KEYS"),
            engine::ContributorInsightsMode::ThrottledKeys);
  EXPECT_EQ(parse_contributor_insights_mode("ACCESSED_AND_THROTTLED_KEYS"),
            engine::ContributorInsightsMode::AccessedAndThrottledKeys);
  EXPECT_FALSE(parse_contributor_insights_mode("ALL").has_value());
  EXPECT_STREQ(contributor_insights_mode_name(engine::ContributorInsightsMode::ThrottledKeys),
               "THROTTLED_KEYS");
}

TEST(ContributorInsightsRules, ASummaryNamesTheIndexAndTheModeOnlyWhenEnabled) {
  engine::ContributorInsights insights{"byOwner", false,
                                       engine::ContributorInsightsMode::ThrottledKeys, 0};
  EXPECT_EQ(contributor_insights_summary("tab", insights),
            Json::parse(R"({"TableName":"tab","IndexName":"byOwner",
                            "ContributorInsightsStatus":"DISABLED"})"));
  insights.enabled = true;
  insights.index_name.clear();
  EXPECT_EQ(contributor_insights_summary("tab", insights),
            Json::parse(R"({"TableName":"tab","ContributorInsightsStatus":"ENABLED",
                            "ContributorInsightsMode":"THROTTLED_KEYS"})"));
}

}  // namespace
}  // namespace ddb::protocol
