#include "protocol/backups/backup_json.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

TEST(BackupJson, AnArnIsTheTableArnTheMillisecondsAndEightHexDigits) {
  const std::string arn =
      new_backup_arn("arn:aws:dynamodb:us-east-1:000000000000:table/t", 1'681'997'703'770);
  EXPECT_TRUE(std::regex_match(
      arn,
      std::regex(
          R"(arn:aws:dynamodb:us-east-1:000000000000:table/t/backup/01681997703770-[0-9a-f]{8})")))
      << arn;
  EXPECT_NE(arn,
            new_backup_arn("arn:aws:dynamodb:us-east-1:000000000000:table/t", 1'681'997'703'770));
}

TEST(BackupJson, TimestampsAreNumbers) {
  EXPECT_EQ(get_timestamp(json{{"T", 12.5}}, "T"), 12.5);
  EXPECT_EQ(get_timestamp(json{{"T", 12}}, "T"), 12.0);
  EXPECT_EQ(get_timestamp(json::object(), "T"), std::nullopt);
  EXPECT_THROW(get_timestamp(json{{"T", "12"}}, "T"), engine::Error);
}

TEST(BackupJson, DescribeBackupDescribesTheSourceAsItWas) {
  test::Harness h;
  h.create_table("orders", "sk");
  h.put("orders", {{"pk", {{"S", "a"}}}, {"sk", {{"S", "1"}}}});
  json created = h.call("CreateBackup", {{"TableName", "orders"}, {"BackupName", "nightly"}}).body;
  const std::string arn = created["BackupDetails"]["BackupArn"];
  h.put("orders", {{"pk", {{"S", "b"}}}, {"sk", {{"S", "1"}}}});
  json described = h.call("DescribeBackup", {{"BackupArn", arn}}).body["BackupDescription"];
  EXPECT_EQ(described["BackupDetails"], created["BackupDetails"]);
  EXPECT_EQ(described["SourceTableDetails"]["ItemCount"], 1);
  EXPECT_EQ(described["SourceTableDetails"]["BillingMode"], "PAY_PER_REQUEST");
  EXPECT_EQ(described["SourceTableDetails"]["KeySchema"],
            json::parse(R"([{"AttributeName":"pk","KeyType":"HASH"},
                            {"AttributeName":"sk","KeyType":"RANGE"}])"));
  EXPECT_EQ(described["SourceTableFeatureDetails"],
            json::parse(R"({"TimeToLiveDescription":{"TimeToLiveStatus":"DISABLED"}})"));
}

TEST(BackupJson, BackupArnsAreCheckedAndLookedUpInTheCallersNamespace) {
  test::Harness h;
  h.create_table("orders");
  const std::string arn =
      h.call("CreateBackup", {{"TableName", "orders"}, {"BackupName", "nightly"}})
          .body["BackupDetails"]["BackupArn"];
  test::expect_validation(
      h.call("DescribeBackup", {{"BackupArn", "short"}}),
      "1 validation error detected: Value 'short' at 'backupArn' failed to "
      "satisfy constraint: Member must have length greater than or equal to 37");
  test::expect_validation(h.call("DeleteBackup", json::object()),
                          "1 validation error detected: Value null at 'backupArn' failed to "
                          "satisfy constraint: Member must not be null");
  h.caller().access_key = "OTHER";
  test::CallResult r = h.call("DescribeBackup", {{"BackupArn", arn}});
  EXPECT_EQ(r.error_type, "BackupNotFoundException");
  EXPECT_EQ(r.message, "Backup not found: " + arn);
}

}  // namespace
}  // namespace ddb::protocol
