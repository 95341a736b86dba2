#include "engine/durable/features_codec.h"

#include <gtest/gtest.h>

#include "engine/durable/codec.h"
#include "engine/durable/definition_codec.h"

namespace ddb::engine::durable {
namespace {

TableFeatures full_features() {
  TableFeatures f;
  f.resource_policy = ResourcePolicy{R"({"Version":"2012-10-17"})", "1782000000123"};
  f.stream_policies["arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/x"] =
      ResourcePolicy{"{}", "1782000000124"};
  f.point_in_time_recovery = {true, 7, 1782000000.5};
  f.contributor_insights = {
      {"", true, ContributorInsightsMode::ThrottledKeys, 1782000001.25},
      {"byOwner", false, ContributorInsightsMode::AccessedAndThrottledKeys, 1782000002}};
  f.kinesis_destinations = {{"arn:aws:kinesis:us-east-1:000000000000:stream/s", false,
                             CreationTimePrecision::Microsecond}};
  return f;
}

void expect_same(const TableFeatures& a, const TableFeatures& b) {
  ASSERT_EQ(a.resource_policy.has_value(), b.resource_policy.has_value());
  if (a.resource_policy) {
    EXPECT_EQ(a.resource_policy->document, b.resource_policy->document);
    EXPECT_EQ(a.resource_policy->revision_id, b.resource_policy->revision_id);
  }
  ASSERT_EQ(a.stream_policies.size(), b.stream_policies.size());
  for (const auto& [arn, policy] : a.stream_policies) {
    ASSERT_TRUE(b.stream_policies.contains(arn));
    EXPECT_EQ(policy.document, b.stream_policies.at(arn).document);
    EXPECT_EQ(policy.revision_id, b.stream_policies.at(arn).revision_id);
  }
  EXPECT_EQ(a.point_in_time_recovery.enabled, b.point_in_time_recovery.enabled);
  EXPECT_EQ(a.point_in_time_recovery.recovery_period_days,
            b.point_in_time_recovery.recovery_period_days);
  EXPECT_EQ(a.point_in_time_recovery.enabled_time, b.point_in_time_recovery.enabled_time);
  ASSERT_EQ(a.contributor_insights.size(), b.contributor_insights.size());
  for (std::size_t i = 0; i < a.contributor_insights.size(); ++i) {
    EXPECT_EQ(a.contributor_insights[i].index_name, b.contributor_insights[i].index_name);
    EXPECT_EQ(a.contributor_insights[i].enabled, b.contributor_insights[i].enabled);
    EXPECT_EQ(a.contributor_insights[i].mode, b.contributor_insights[i].mode);
    EXPECT_EQ(a.contributor_insights[i].last_update_time,
              b.contributor_insights[i].last_update_time);
  }
  ASSERT_EQ(a.kinesis_destinations.size(), b.kinesis_destinations.size());
  for (std::size_t i = 0; i < a.kinesis_destinations.size(); ++i) {
    EXPECT_EQ(a.kinesis_destinations[i].stream_arn, b.kinesis_destinations[i].stream_arn);
    EXPECT_EQ(a.kinesis_destinations[i].active, b.kinesis_destinations[i].active);
    EXPECT_EQ(a.kinesis_destinations[i].precision, b.kinesis_destinations[i].precision);
  }
}

TEST(FeaturesCodec, DefaultsEncodeToNothing) {
  EXPECT_EQ(encode_features(TableFeatures{}), "");
  expect_same(decode_features(""), TableFeatures{});
}

TEST(FeaturesCodec, RoundTripsEveryFeature) {
  TableFeatures f = full_features();
  expect_same(decode_features(encode_features(f)), f);
}

TEST(FeaturesCodec, RidesInTheTableDefinition) {
  TableDefinition d;
  d.name = "t";
  d.table_id = "id";
  d.features = full_features();
  expect_same(decode_definition(encode_definition(d)).features, d.features);
  // A definition written before features existed reads with every feature at its default.
  d.features = {};
  expect_same(decode_definition(encode_definition(d)).features, TableFeatures{});
}

TEST(FeaturesCodec, RejectsAnUnknownField) {
  std::string bytes;
  Encoder out(bytes);
  field(out, 99, [](Encoder& e) { e.u8(0); });
  EXPECT_THROW(decode_features(bytes), CorruptData);
}

}  // namespace
}  // namespace ddb::engine::durable
