#include "protocol/features/continuous_backups.h"

#include <gtest/gtest.h>

namespace ddb::protocol {
namespace {

TEST(ContinuousBackupsJson, DisabledShowsTheStatusAlone) {
  EXPECT_EQ(continuous_backups_json({}, 1'800'000'000, 0),
            Json::parse(R"({"ContinuousBackupsStatus":"ENABLED",
                            "PointInTimeRecoveryDescription":
                              {"PointInTimeRecoveryStatus":"DISABLED"}})"));
}

TEST(ContinuousBackupsJson, TheWindowStartsAtEnablingAndEndsFiveMinutesAgo) {
  engine::PointInTimeRecovery pitr{true, 35, 1'800'000'000};
  Json recovery =
      continuous_backups_json(pitr, 1'800'000'000 + 60, 0)["PointInTimeRecoveryDescription"];
  // Less than five minutes after enabling: both ends at the moment of enabling.
  EXPECT_EQ(recovery["EarliestRestorableDateTime"], 1'800'000'000.0);
  EXPECT_EQ(recovery["LatestRestorableDateTime"], 1'800'000'000.0);
  EXPECT_EQ(recovery["RecoveryPeriodInDays"], 35);
  recovery = continuous_backups_json(pitr, 1'800'003'600, 0)["PointInTimeRecoveryDescription"];
  EXPECT_EQ(recovery["LatestRestorableDateTime"], 1'800'003'300.0);
  // Older than the period: the window starts `period` days ago.
  pitr.recovery_period_days = 1;
  recovery =
      continuous_backups_json(pitr, 1'800'000'000 + 2 * 86400, 0)["PointInTimeRecoveryDescription"];
  EXPECT_EQ(recovery["EarliestRestorableDateTime"], 1'800'086'400.0);
}

}  // namespace
}  // namespace ddb::protocol
