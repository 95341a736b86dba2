// DescribeContributorInsights, UpdateContributorInsights and ListContributorInsights in-process:
// the status and mode per table and GSI, the rule names, paging and the refusals.

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

// Table "tab" (pk S, sk S) with GSI "byOwner" (owner S, hash only).
void create_tables(const Harness& h) {
  json request = test::create_request("tab");
  request["AttributeDefinitions"] = test::definitions({{"pk", "S"}, {"sk", "S"}, {"owner", "S"}});
  request["KeySchema"] = test::key_schema("pk", "sk");
  request["GlobalSecondaryIndexes"] = {{{"IndexName", "byOwner"},
                                        {"KeySchema", test::key_schema("owner")},
                                        {"Projection", {{"ProjectionType", "ALL"}}}}};
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
}

CallResult update(const Harness& h, const json& extra) {
  json request = {{"TableName", "tab"}};
  request.update(extra);
  return h.call("UpdateContributorInsights", request);
}

TEST(ContributorInsights, DisabledUntilEnabled) {
  Harness h;
  create_tables(h);
  EXPECT_EQ(h.call("DescribeContributorInsights", json{{"TableName", "tab"}}).body,
            json::parse(R"({"TableName":"tab","ContributorInsightsStatus":"DISABLED"})"));
  EXPECT_EQ(
      h.call("DescribeContributorInsights", json{{"TableName", "tab"}, {"IndexName", "byOwner"}})
          .body,
      json::parse(R"({"TableName":"tab","IndexName":"byOwner",
                            "ContributorInsightsStatus":"DISABLED"})"));
}

TEST(ContributorInsights, EnableAnswersEnablingThenDescribesEnabledWithRules) {
  Harness h;
  create_tables(h);
  CallResult r = update(h, json{{"ContributorInsightsAction", "ENABLE"}});
  EXPECT_EQ(r.body, json::parse(R"({"TableName":"tab","ContributorInsightsStatus":"ENABLING",
                                   "ContributorInsightsMode":"ACCESSED_AND_THROTTLED_KEYS"})"));
  r = h.call("DescribeContributorInsights", json{{"TableName", "tab"}});
  EXPECT_EQ(r.body["ContributorInsightsStatus"], "ENABLED");
  EXPECT_EQ(r.body["ContributorInsightsMode"], "ACCESSED_AND_THROTTLED_KEYS");
  ASSERT_TRUE(r.body["LastUpdateDateTime"].is_number());
  json rules = r.body["ContributorInsightsRuleList"];
  ASSERT_EQ(rules.size(), 4u);
  const std::string suffix = rules[0].get<std::string>().substr(31);  // "-tab-<ms>"
  EXPECT_EQ(rules[0], "DynamoDBContributorInsights-PKC" + suffix);
  EXPECT_EQ(rules[1], "DynamoDBContributorInsights-SKC" + suffix);
  EXPECT_EQ(rules[2], "DynamoDBContributorInsights-PKT" + suffix);
  EXPECT_EQ(rules[3], "DynamoDBContributorInsights-SKT" + suffix);
  EXPECT_EQ(suffix.substr(0, 5), "-tab-");

  // THROTTLED_KEYS on the hash-only index: its throttled-key rule alone.
  r = update(h, json{{"IndexName", "byOwner"},
                     {"ContributorInsightsAction", "ENABLE"},
                     {"ContributorInsightsMode", "THROTTLED_KEYS"}});
  EXPECT_EQ(r.body["ContributorInsightsMode"], "THROTTLED_KEYS");
  EXPECT_EQ(r.body["IndexName"], "byOwner");
  r = h.call("DescribeContributorInsights", json{{"TableName", "tab"}, {"IndexName", "byOwner"}});
  ASSERT_EQ(r.body["ContributorInsightsRuleList"].size(), 1u);
  EXPECT_EQ(r.body["ContributorInsightsRuleList"][0].get<std::string>().substr(0, 35),
            "DynamoDBContributorInsights-PKT-tab");

  r = update(h, json{{"ContributorInsightsAction", "DISABLE"}});
  EXPECT_EQ(r.body["ContributorInsightsStatus"], "DISABLING");
  r = h.call("DescribeContributorInsights", json{{"TableName", "tab"}});
  EXPECT_EQ(r.body["ContributorInsightsStatus"], "DISABLED");
  EXPECT_FALSE(r.body.contains("ContributorInsightsRuleList"));
}

TEST(ContributorInsights, ListsATableWithItsIndexesOrWhatIsEnabledEverywhere) {
  Harness h;
  create_tables(h);
  h.create_table("plain");
  h.create_table("zeta");
  update(h, json{{"IndexName", "byOwner"}, {"ContributorInsightsAction", "ENABLE"}});
  h.call("UpdateContributorInsights",
         json{{"TableName", "zeta"}, {"ContributorInsightsAction", "ENABLE"}});
  CallResult r = h.call("ListContributorInsights", json{{"TableName", "tab"}});
  EXPECT_EQ(r.body, json::parse(R"({"ContributorInsightsSummaries":[
      {"TableName":"tab","ContributorInsightsStatus":"DISABLED"},
      {"TableName":"tab","IndexName":"byOwner","ContributorInsightsStatus":"ENABLED",
       "ContributorInsightsMode":"ACCESSED_AND_THROTTLED_KEYS"}]})"));
  r = h.call("ListContributorInsights", json::object());
  EXPECT_EQ(r.body, json::parse(R"({"ContributorInsightsSummaries":[
      {"TableName":"tab","IndexName":"byOwner","ContributorInsightsStatus":"ENABLED",
       "ContributorInsightsMode":"ACCESSED_AND_THROTTLED_KEYS"},
      {"TableName":"zeta","ContributorInsightsStatus":"ENABLED",
       "ContributorInsightsMode":"ACCESSED_AND_THROTTLED_KEYS"}]})"));

  r = h.call("ListContributorInsights", json{{"MaxResults", 1}});
  ASSERT_EQ(r.body["ContributorInsightsSummaries"].size(), 1u);
  EXPECT_EQ(r.body["ContributorInsightsSummaries"][0]["TableName"], "tab");
  ASSERT_TRUE(r.body["NextToken"].is_string());
  r = h.call("ListContributorInsights",
             json{{"MaxResults", 1}, {"NextToken", r.body["NextToken"]}});
  ASSERT_EQ(r.body["ContributorInsightsSummaries"].size(), 1u);
  EXPECT_EQ(r.body["ContributorInsightsSummaries"][0]["TableName"], "zeta");
  EXPECT_FALSE(r.body.contains("NextToken"));
}

TEST(ContributorInsights, ADeletedIndexTakesItsInsightsAlong) {
  Harness h;
  create_tables(h);
  update(h, json{{"IndexName", "byOwner"}, {"ContributorInsightsAction", "ENABLE"}});
  ASSERT_EQ(h.call("UpdateTable", json::parse(R"({"TableName":"tab","GlobalSecondaryIndexUpdates":
                [{"Delete":{"IndexName":"byOwner"}}]})"))
                .status,
            200);
  h.database().wait_for_background_work();
  EXPECT_EQ(
      h.call("DescribeContributorInsights", json{{"TableName", "tab"}, {"IndexName", "byOwner"}})
          .error_type,
      "ResourceNotFoundException");
  ASSERT_EQ(h.call("UpdateTable", json::parse(R"({"TableName":"tab",
                "AttributeDefinitions":[{"AttributeName":"owner","AttributeType":"S"}],
                "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"byOwner","KeySchema":[{"AttributeName":"owner",
                "KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})"))
                .status,
            200);
  h.database().wait_for_background_work();
  // The new index of the same name starts DISABLED (Table::remove_index drops the settings).
  EXPECT_EQ(
      h.call("DescribeContributorInsights", json{{"TableName", "tab"}, {"IndexName", "byOwner"}})
          .body["ContributorInsightsStatus"],
      "DISABLED");
}

TEST(ContributorInsights, Refusals) {
  Harness h;
  create_tables(h);
  test::expect_violations(
      h.call("UpdateContributorInsights", json{{"ContributorInsightsMode", "ALL"}}),
      {"Value null at 'tableName' failed to satisfy constraint: Member must not be null",
       "Value null at 'contributorInsightsAction' failed to satisfy constraint: Member must not "
       "be null",
       "Value 'ALL' at 'contributorInsightsMode' failed to satisfy constraint: Member must "
       "satisfy enum value set: [ACCESSED_AND_THROTTLED_KEYS, THROTTLED_KEYS]"});
  expect_validation(update(h, json{{"ContributorInsightsAction", "PAUSE"}}),
                    "1 validation error detected: Value 'PAUSE' at 'contributorInsightsAction' "
                    "failed to satisfy constraint: Member must satisfy enum value set: [ENABLE, "
                    "DISABLE]");
  expect_validation(h.call("ListContributorInsights", json{{"MaxResults", 101}}),
                    "1 validation error detected: Value '101' at 'maxResults' failed to satisfy "
                    "constraint: Member must have value less than or equal to 100");
  expect_validation(h.call("ListContributorInsights", json{{"NextToken", "x"}}),
                    "Invalid NextToken: x");

  for (const CallResult& r :
       {h.call("DescribeContributorInsights", json{{"TableName", "nope"}}),
        h.call("UpdateContributorInsights",
               json{{"TableName", "nope"}, {"ContributorInsightsAction", "ENABLE"}}),
        h.call("ListContributorInsights", json{{"TableName", "nope"}})}) {
    EXPECT_EQ(r.error_type, "ResourceNotFoundException");
    EXPECT_EQ(r.message, "Requested resource not found: Table: nope not found");
  }
  for (const CallResult& r :
       {h.call("DescribeContributorInsights", json{{"TableName", "tab"}, {"IndexName", "nix"}}),
        update(h, json{{"IndexName", "nix"}, {"ContributorInsightsAction", "ENABLE"}})}) {
    EXPECT_EQ(r.error_type, "ResourceNotFoundException");
    EXPECT_EQ(r.message, "Requested resource not found: Index: nix not found for table: tab");
  }
}

}  // namespace
}  // namespace ddb::protocol
