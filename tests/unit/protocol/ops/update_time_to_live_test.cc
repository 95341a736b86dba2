// UpdateTimeToLive and DescribeTimeToLive in-process, with DynamoDB's messages (live captures in
// ack-api-quirks DDB-TABLE-143 to -147, 2026; the model's constraints from botocore).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

json update(const std::string& table, bool enabled, const std::string& attribute) {
  return {{"TableName", table},
          {"TimeToLiveSpecification", {{"Enabled", enabled}, {"AttributeName", attribute}}}};
}

json describe(const Harness& h, const std::string& table) {
  CallResult r = h.call("DescribeTimeToLive", json{{"TableName", table}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

TEST(TimeToLive, NeverConfiguredTableIsDisabledWithoutAttributeName) {
  Harness h;
  h.create_table("tab");
  EXPECT_EQ(describe(h, "tab"), json::parse(R"({"TimeToLiveDescription":
                                               {"TimeToLiveStatus":"DISABLED"}})"));
}

TEST(TimeToLive, EnableEchoesTheSpecificationAndDescribeShowsEnabled) {
  Harness h;
  h.create_table("tab");
  CallResult r = h.call("UpdateTimeToLive", update("tab", true, "expires"));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"TimeToLiveSpecification":
                                    {"Enabled":true,"AttributeName":"expires"}})"));
  EXPECT_EQ(describe(h, "tab"), json::parse(R"({"TimeToLiveDescription":
                            {"TimeToLiveStatus":"ENABLED","AttributeName":"expires"}})"));
  EXPECT_EQ(h.database().find_table(h.table_namespace(), "tab")->definition().ttl_attribute,
            "expires");
}

TEST(TimeToLive, DisableForgetsTheAttribute) {
  Harness h;
  h.create_table("tab");
  ASSERT_EQ(h.call("UpdateTimeToLive", update("tab", true, "expires")).status, 200);
  CallResult r = h.call("UpdateTimeToLive", update("tab", false, "expires"));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"TimeToLiveSpecification":
                                    {"Enabled":false,"AttributeName":"expires"}})"));
  EXPECT_EQ(describe(h, "tab"), json::parse(R"({"TimeToLiveDescription":
                                               {"TimeToLiveStatus":"DISABLED"}})"));
  // Enabled again, on another attribute: no cooldown locally.
  EXPECT_EQ(h.call("UpdateTimeToLive", update("tab", true, "other")).status, 200);
  EXPECT_EQ(describe(h, "tab")["TimeToLiveDescription"]["AttributeName"], "other");
}

TEST(TimeToLive, AcceptsTheKeyAttribute) {
  Harness h;
  h.create_table("tab");
  EXPECT_EQ(h.call("UpdateTimeToLive", update("tab", true, "pk")).status, 200);
}

TEST(TimeToLive, RejectsEnablingTwice) {
  Harness h;
  h.create_table("tab");
  ASSERT_EQ(h.call("UpdateTimeToLive", update("tab", true, "expires")).status, 200);
  expect_validation(h.call("UpdateTimeToLive", update("tab", true, "expires")),
                    "TimeToLive is already enabled");
  expect_validation(h.call("UpdateTimeToLive", update("tab", true, "other")),
                    "TimeToLive is active on a different AttributeName: current AttributeName is "
                    "expires");
  EXPECT_EQ(describe(h, "tab")["TimeToLiveDescription"]["AttributeName"], "expires");
}

TEST(TimeToLive, RejectsDisablingWhenDisabled) {
  Harness h;
  h.create_table("tab");
  expect_validation(h.call("UpdateTimeToLive", update("tab", false, "expires")),
                    "TimeToLive is already disabled");
  ASSERT_EQ(h.call("UpdateTimeToLive", update("tab", true, "expires")).status, 200);
  ASSERT_EQ(h.call("UpdateTimeToLive", update("tab", false, "expires")).status, 200);
  expect_validation(h.call("UpdateTimeToLive", update("tab", false, "expires")),
                    "TimeToLive is already disabled");
}

TEST(TimeToLive, RejectsDisablingAnotherAttribute) {
  Harness h;
  h.create_table("tab");
  ASSERT_EQ(h.call("UpdateTimeToLive", update("tab", true, "expires")).status, 200);
  expect_validation(h.call("UpdateTimeToLive", update("tab", false, "other")),
                    "TimeToLive is active on a different AttributeName: current AttributeName is "
                    "expires");
  EXPECT_EQ(describe(h, "tab")["TimeToLiveDescription"]["TimeToLiveStatus"], "ENABLED");
}

TEST(TimeToLive, RejectsMissingSpecification) {
  Harness h;
  h.create_table("tab");
  expect_validation(h.call("UpdateTimeToLive", json{{"TableName", "tab"}}),
                    "1 validation error detected: Value null at 'timeToLiveSpecification' failed "
                    "to satisfy constraint: Member must not be null");
}

TEST(TimeToLive, RejectsMissingMembersOfTheSpecification) {
  Harness h;
  h.create_table("tab");
  expect_validation(
      h.call("UpdateTimeToLive",
             json{{"TableName", "tab"}, {"TimeToLiveSpecification", {{"Enabled", true}}}}),
      "1 validation error detected: Value null at 'timeToLiveSpecification.attributeName' failed "
      "to satisfy constraint: Member must not be null");
  expect_validation(
      h.call("UpdateTimeToLive",
             json{{"TableName", "tab"}, {"TimeToLiveSpecification", {{"AttributeName", "x"}}}}),
      "1 validation error detected: Value null at 'timeToLiveSpecification.enabled' failed to "
      "satisfy constraint: Member must not be null");
}

TEST(TimeToLive, RejectsAttributeNamesOutsideOneTo255Characters) {
  Harness h;
  h.create_table("tab");
  expect_validation(h.call("UpdateTimeToLive", update("tab", true, "")),
                    "1 validation error detected: Value '' at "
                    "'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member "
                    "must have length greater than or equal to 1");
  const std::string long_name(256, 'a');
  expect_validation(h.call("UpdateTimeToLive", update("tab", true, long_name)),
                    "1 validation error detected: Value '" + long_name +
                        "' at 'timeToLiveSpecification.attributeName' failed to satisfy "
                        "constraint: Member must have length less than or equal to 255");
  // 255 characters of two bytes each are 510 bytes, and still within the limit.
  std::string wide;
  for (int i = 0; i < 255; ++i) wide += "\xC3\xA9";
  EXPECT_EQ(h.call("UpdateTimeToLive", update("tab", true, wide)).status, 200);
}

TEST(TimeToLive, RejectsMissingTableName) {
  Harness h;
  expect_validation(h.call("DescribeTimeToLive", json::object()),
                    "1 validation error detected: Value null at 'tableName' failed to satisfy "
                    "constraint: Member must not be null");
  expect_validation(h.call("UpdateTimeToLive", json{{"TimeToLiveSpecification",
                                                     {{"Enabled", true}, {"AttributeName", "x"}}}}),
                    "1 validation error detected: Value null at 'tableName' failed to satisfy "
                    "constraint: Member must not be null");
}

TEST(TimeToLive, ReportsAMissingTable) {
  Harness h;
  for (const CallResult& r : {h.call("DescribeTimeToLive", json{{"TableName", "nope"}}),
                              h.call("UpdateTimeToLive", update("nope", true, "x"))}) {
    EXPECT_EQ(r.error_type, "ResourceNotFoundException") << r.body.dump();
    EXPECT_EQ(r.message, "Requested resource not found: Table: nope not found");
  }
}

TEST(TimeToLive, RejectsASpecificationOfTheWrongType) {
  Harness h;
  h.create_table("tab");
  CallResult r = h.call("UpdateTimeToLive", R"({"TableName":"tab","TimeToLiveSpecification":"x"})");
  EXPECT_EQ(r.error_type, "SerializationException") << r.body.dump();
}

}  // namespace
}  // namespace ddb::protocol
