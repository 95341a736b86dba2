// DescribeContinuousBackups and UpdateContinuousBackups in-process: the point-in-time recovery
// flag, its period, the restorable window and the TableNotFoundException of a missing table.

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

CallResult update(const Harness& h, const json& specification) {
  return h.call("UpdateContinuousBackups",
                json{{"TableName", "tab"}, {"PointInTimeRecoverySpecification", specification}});
}

TEST(ContinuousBackups, ANewTableHasBackupsButNoPointInTimeRecovery) {
  Harness h;
  h.create_table("tab");
  CallResult r = h.call("DescribeContinuousBackups", json{{"TableName", "tab"}});
  EXPECT_EQ(r.body, json::parse(R"({"ContinuousBackupsDescription":{
      "ContinuousBackupsStatus":"ENABLED",
      "PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"DISABLED"}}})"));
}

TEST(ContinuousBackups, EnablingReportsThePeriodAndTheWindow) {
  Harness h;
  h.create_table("tab");
  CallResult r = update(h, json{{"PointInTimeRecoveryEnabled", true}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  json recovery = r.body["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"];
  EXPECT_EQ(recovery["PointInTimeRecoveryStatus"], "ENABLED");
  EXPECT_EQ(recovery["RecoveryPeriodInDays"], 35);
  // Just enabled: the window is the moment of enabling (the AWS CLI's example shows both equal).
  EXPECT_EQ(recovery["EarliestRestorableDateTime"], recovery["LatestRestorableDateTime"]);
  EXPECT_TRUE(recovery["EarliestRestorableDateTime"].is_number());
  EXPECT_EQ(r.body["ContinuousBackupsDescription"]["ContinuousBackupsStatus"], "ENABLED");

  r = update(h, json{{"PointInTimeRecoveryEnabled", true}, {"RecoveryPeriodInDays", 7}});
  recovery = r.body["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"];
  EXPECT_EQ(recovery["RecoveryPeriodInDays"], 7);
  EXPECT_EQ(h.call("DescribeContinuousBackups", json{{"TableName", "tab"}})
                .body["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
                     ["RecoveryPeriodInDays"],
            7);

  r = update(h, json{{"PointInTimeRecoveryEnabled", false}});
  EXPECT_EQ(r.body["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"],
            json({{"PointInTimeRecoveryStatus", "DISABLED"}}));
}

TEST(ContinuousBackups, RecoveryPeriodIsOneToThirtyFiveDays) {
  Harness h;
  h.create_table("tab");
  expect_validation(
      update(h, json{{"PointInTimeRecoveryEnabled", true}, {"RecoveryPeriodInDays", 36}}),
      "1 validation error detected: Value '36' at "
      "'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy "
      "constraint: Member must have value less than or equal to 35");
  expect_validation(
      update(h, json{{"PointInTimeRecoveryEnabled", true}, {"RecoveryPeriodInDays", 0}}),
      "1 validation error detected: Value '0' at "
      "'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy "
      "constraint: Member must have value greater than or equal to 1");
}

TEST(ContinuousBackups, ModelConstraints) {
  Harness h;
  test::expect_violations(
      h.call("UpdateContinuousBackups", json::object()),
      {"Value null at 'tableName' failed to satisfy constraint: Member must not be null",
       "Value null at 'pointInTimeRecoverySpecification' failed to satisfy constraint: Member "
       "must not be null"});
  expect_validation(
      h.call("UpdateContinuousBackups",
             json{{"TableName", "tab"}, {"PointInTimeRecoverySpecification", json::object()}}),
      "1 validation error detected: Value null at "
      "'pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled' failed to satisfy "
      "constraint: Member must not be null");
  expect_validation(h.call("DescribeContinuousBackups", json::object()),
                    "1 validation error detected: Value null at 'tableName' failed to satisfy "
                    "constraint: Member must not be null");
}

TEST(ContinuousBackups, AMissingTableIsTableNotFound) {
  Harness h;
  for (const CallResult& r :
       {h.call("DescribeContinuousBackups", json{{"TableName", "nope"}}),
        h.call("UpdateContinuousBackups", json{{"TableName", "nope"},
                                               {"PointInTimeRecoverySpecification",
                                                {{"PointInTimeRecoveryEnabled", true}}}})}) {
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(r.body["__type"], "com.amazonaws.dynamodb.v20120810#TableNotFoundException");
    EXPECT_EQ(r.message, "Table not found: nope");
  }
}

}  // namespace
}  // namespace ddb::protocol
