#include "engine/capacity/contributors.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ddb::engine {
namespace {

constexpr int64_t kMinute = Contributors::kMinuteUs;

TableDefinition with_insights(std::vector<ContributorInsights> insights) {
  TableDefinition definition;
  definition.name = "t";
  definition.features.contributor_insights = std::move(insights);
  return definition;
}

ContributorInsights enabled(
    std::string index = "",
    ContributorInsightsMode mode = ContributorInsightsMode::AccessedAndThrottledKeys,
    double at = 1) {
  return {std::move(index), true, mode, at};
}

AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

std::vector<std::string> partitions(const std::vector<Contributor>& contributors) {
  std::vector<std::string> keys;
  for (const Contributor& contributor : contributors)
    keys.push_back(contributor.partition.as_string());
  return keys;
}

TEST(ContributorsTest, CountsNothingWhileDisabled) {
  Contributors contributors(with_insights({}));
  EXPECT_FALSE(contributors.enabled());
  contributors.accessed("", s("a"), nullptr, 1, 0);
  EXPECT_FALSE(contributors.top("", 10, 60, 0).has_value());

  contributors.configure(with_insights({{"", false, {}, 1}}));
  EXPECT_FALSE(contributors.enabled());
}

TEST(ContributorsTest, RanksAccessedKeysByUnitsAndThrottledKeysByRequests) {
  Contributors contributors(with_insights({enabled()}));
  ASSERT_TRUE(contributors.enabled());
  const AttributeValue sort = s("x");
  contributors.accessed("", s("many-small"), &sort, 0.5, 0);
  contributors.accessed("", s("many-small"), &sort, 0.5, 0);
  contributors.accessed("", s("many-small"), &sort, 0.5, 0);
  contributors.accessed("", s("one-large"), nullptr, 4, 0);
  contributors.throttled("", s("one-large"), nullptr, 0);
  contributors.throttled("", s("many-small"), &sort, 0);
  contributors.throttled("", s("many-small"), &sort, 0);

  auto top = contributors.top("", 10, 60, 0);
  ASSERT_TRUE(top.has_value());
  EXPECT_EQ(partitions(top->accessed_partitions),
            (std::vector<std::string>{"one-large", "many-small"}));
  EXPECT_EQ(top->accessed_partitions[1].units, 1.5);
  EXPECT_EQ(top->accessed_partitions[1].requests, 3u);
  ASSERT_EQ(top->accessed_items.size(), 1u);  // only requests that named an item
  EXPECT_EQ(top->accessed_items[0].sort->as_string(), "x");
  EXPECT_EQ(partitions(top->throttled_partitions),
            (std::vector<std::string>{"many-small", "one-large"}));
  EXPECT_EQ(top->throttled_partitions[0].requests, 2u);
  EXPECT_EQ(partitions(contributors.top("", 1, 60, 0)->accessed_partitions),
            (std::vector<std::string>{"one-large"}));
}

TEST(ContributorsTest, ThrottledKeysModeCountsOnlyThrottles) {
  Contributors contributors(with_insights({enabled("", ContributorInsightsMode::ThrottledKeys)}));
  contributors.accessed("", s("a"), nullptr, 1, 0);
  contributors.throttled("", s("a"), nullptr, 0);
  auto top = contributors.top("", 10, 60, 0);
  EXPECT_TRUE(top->accessed_partitions.empty());
  EXPECT_EQ(partitions(top->throttled_partitions), (std::vector<std::string>{"a"}));
}

TEST(ContributorsTest, EachIndexCountsApart) {
  Contributors contributors(with_insights({enabled("byOwner")}));
  contributors.accessed("", s("table-key"), nullptr, 1, 0);
  contributors.accessed("byOwner", s("owner"), nullptr, 1, 0);
  EXPECT_FALSE(contributors.top("", 10, 60, 0).has_value());
  EXPECT_EQ(partitions(contributors.top("byOwner", 10, 60, 0)->accessed_partitions),
            (std::vector<std::string>{"owner"}));
}

TEST(ContributorsTest, TheWindowSlidesByTheMinute) {
  Contributors contributors(with_insights({enabled()}));
  contributors.accessed("", s("old"), nullptr, 5, 0);
  contributors.accessed("", s("new"), nullptr, 1, 10 * kMinute);
  EXPECT_EQ(partitions(contributors.top("", 10, 60, 10 * kMinute)->accessed_partitions),
            (std::vector<std::string>{"old", "new"}));
  EXPECT_EQ(partitions(contributors.top("", 10, 5, 10 * kMinute)->accessed_partitions),
            (std::vector<std::string>{"new"}));
  // An hour after the first, its minute has left the window for good.
  contributors.accessed("", s("new"), nullptr, 1, 60 * kMinute);
  EXPECT_EQ(partitions(contributors.top("", 10, 60, 60 * kMinute)->accessed_partitions),
            (std::vector<std::string>{"new"}));
  // A clock moved back counts into the newest minute.
  contributors.accessed("", s("late"), nullptr, 9, 30 * kMinute);
  EXPECT_EQ(partitions(contributors.top("", 10, 1, 60 * kMinute)->accessed_partitions),
            (std::vector<std::string>{"late", "new"}));
}

TEST(ContributorsTest, AHeavyKeyIsNotLostAmongManyOthers) {
  Contributors contributors(with_insights({enabled()}));
  for (int i = 0; i < 1000; ++i) {
    contributors.accessed("", s("key-" + std::to_string(i)), nullptr, 1, 0);
    if (i % 10 == 0) contributors.accessed("", s("heavy"), nullptr, 1, 0);
  }
  auto top = contributors.top("", 3, 60, 0);
  ASSERT_FALSE(top->accessed_partitions.empty());
  EXPECT_EQ(top->accessed_partitions[0].partition.as_string(), "heavy");
  EXPECT_GE(top->accessed_partitions[0].units, 100);
}

TEST(ContributorsTest, ChangingTheSettingsStartsTheCountsOver) {
  Contributors contributors(with_insights({enabled("", {}, 1)}));
  contributors.accessed("", s("a"), nullptr, 1, 0);
  contributors.configure(with_insights({enabled("", {}, 1), enabled("byOwner")}));
  EXPECT_EQ(contributors.top("", 10, 60, 0)->accessed_partitions.size(), 1u);  // kept
  contributors.configure(with_insights({enabled("", {}, 2)}));                 // enabled again
  EXPECT_TRUE(contributors.top("", 10, 60, 0)->accessed_partitions.empty());
}

}  // namespace
}  // namespace ddb::engine
