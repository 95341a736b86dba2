// ExportTableToPointInTime, ImportTable and their Describe and List operations in-process: the
// harness's dispatcher with a Transfers over a temporary directory standing in for S3.
#include "protocol/transfers/transfers.h"

#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <fstream>
#include <set>

#include "tests/support/harness.h"
#include "tests/unit/engine/durable/temp_dir.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

// TableCreationParameters of an on-demand table keyed by the string pk.
json table_parameters(const std::string& name) {
  return {{"TableName", name},
          {"AttributeDefinitions", {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
          {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
          {"BillingMode", "PAY_PER_REQUEST"}};
}

class TransfersTest : public ::testing::Test {
 protected:
  TransfersTest()
      : transfers_(h_.database(), S3Directory(root_.path()),
                   [this](const std::string& line) { logged_.push_back(line); }) {
    h_.set_transfers(&transfers_);
    std::filesystem::create_directories(root_.file("bucket"));
  }

  void enable_pitr(const std::string& table) {
    auto r =
        h_.call("UpdateContinuousBackups",
                json{{"TableName", table},
                     {"PointInTimeRecoverySpecification", {{"PointInTimeRecoveryEnabled", true}}}});
    ASSERT_EQ(r.status, 200) << r.raw_body;
  }

  std::string table_arn(const std::string& table) {
    return h_.call("DescribeTable", json{{"TableName", table}}).body["Table"]["TableArn"];
  }

  // Every item of `table`, as wire JSON, in a set.
  std::multiset<std::string> items_of(const std::string& table) {
    std::multiset<std::string> items;
    json request = {{"TableName", table}};
    while (true) {
      auto r = h_.call("Scan", request);
      EXPECT_EQ(r.status, 200) << r.raw_body;
      for (const json& item : r.body["Items"]) items.insert(item.dump());
      if (!r.body.contains("LastEvaluatedKey")) return items;
      request["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
    }
  }

  test::TempDir root_;
  test::Harness h_;
  std::vector<std::string> logged_;
  Transfers transfers_;
};

TEST(TransfersWithoutDirectory, EveryOperationNamesTheFlag) {
  test::Harness h;
  test::expect_validation(
      h.call(
          "ExportTableToPointInTime",
          R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/t","S3Bucket":"bucket"})"),
      "ExportTableToPointInTime needs a local directory standing in for Amazon S3: start ddblocal "
      "with --s3-dir DIR (each bucket is the subdirectory DIR/<bucket>)");
  test::expect_validation(h.call("ListImports", "{}"),
                          "ListImports needs a local directory standing in for Amazon S3: start "
                          "ddblocal with --s3-dir DIR (each bucket is the subdirectory "
                          "DIR/<bucket>)");
}

TEST_F(TransfersTest, ExportThenImportGivesTheSameItems) {
  h_.create_table("source", "sk");
  for (int i = 0; i < 500; ++i) {
    h_.put("source", {{"pk", {{"S", "p" + std::to_string(i % 37)}}},
                      {"sk", {{"S", "s" + std::to_string(i)}}},
                      {"n", {{"N", std::to_string(i)}}},
                      {"b", {{"B", "AAEC"}}},
                      {"m", {{"M", {{"l", {{"L", json::array({json{{"SS", {"x", "y"}}}})}}}}}}}});
  }
  enable_pitr("source");
  auto r = h_.call(
      "ExportTableToPointInTime",
      json{{"TableArn", table_arn("source")}, {"S3Bucket", "bucket"}, {"S3Prefix", "exports"}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body["ExportDescription"]["ExportStatus"], "IN_PROGRESS");
  const std::string arn = r.body["ExportDescription"]["ExportArn"];
  EXPECT_TRUE(arn.starts_with(table_arn("source") + "/export/")) << arn;
  transfers_.wait();

  auto described = h_.call("DescribeExport", json{{"ExportArn", arn}}).body["ExportDescription"];
  EXPECT_EQ(described["ExportStatus"], "COMPLETED");
  EXPECT_EQ(described["ItemCount"], 500);
  const std::string id = arn.substr(arn.rfind('/') + 1);
  EXPECT_EQ(described["ExportManifest"], "exports/AWSDynamoDB/" + id + "/manifest-summary.json");
  const std::string directory = root_.file("bucket/exports/AWSDynamoDB/" + id);
  for (const char* name : {"_started", "manifest-summary.json", "manifest-files.json",
                           "manifest-summary.checksum", "manifest-files.checksum"}) {
    EXPECT_TRUE(std::filesystem::exists(directory + "/" + name)) << name;
  }
  std::ifstream summary(directory + "/manifest-summary.json");
  json manifest = json::parse(summary);
  EXPECT_EQ(manifest["itemCount"], 500);
  EXPECT_EQ(manifest["exportArn"], arn);
  EXPECT_EQ(manifest["manifestFilesS3Key"], "exports/AWSDynamoDB/" + id + "/manifest-files.json");

  r = h_.call(
      "ImportTable",
      json{{"S3BucketSource",
            {{"S3Bucket", "bucket"}, {"S3KeyPrefix", "exports/AWSDynamoDB/" + id + "/data/"}}},
           {"InputFormat", "DYNAMODB_JSON"},
           {"InputCompressionType", "GZIP"},
           {"TableCreationParameters",
            {{"TableName", "copy"},
             {"AttributeDefinitions",
              {{{"AttributeName", "pk"}, {"AttributeType", "S"}},
               {{"AttributeName", "sk"}, {"AttributeType", "S"}}}},
             {"KeySchema",
              {{{"AttributeName", "pk"}, {"KeyType", "HASH"}},
               {{"AttributeName", "sk"}, {"KeyType", "RANGE"}}}},
             {"BillingMode", "PAY_PER_REQUEST"}}}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  const std::string import_arn = r.body["ImportTableDescription"]["ImportArn"];
  transfers_.wait();
  auto imported =
      h_.call("DescribeImport", json{{"ImportArn", import_arn}}).body["ImportTableDescription"];
  EXPECT_EQ(imported["ImportStatus"], "COMPLETED");
  EXPECT_EQ(imported["ImportedItemCount"], 500);
  EXPECT_EQ(imported["ProcessedItemCount"], 500);
  EXPECT_EQ(imported["ErrorCount"], 0);
  EXPECT_EQ(items_of("copy"), items_of("source"));
}

TEST_F(TransfersTest, ImportCountsLinesThatFailAndGoesOn) {
  std::ofstream(root_.file("bucket/items.json")) << R"({"Item":{"pk":{"S":"a"}}})"
                                                    "\n"
                                                 << "not json\n"
                                                 << R"({"Item":{"pk":{"N":"1"}}})"
                                                    "\n"
                                                 << R"({"Item":{"pk":{"S":"b"}}})"
                                                    "\n";
  auto r = h_.call("ImportTable", json{{"S3BucketSource", {{"S3Bucket", "bucket"}}},
                                       {"InputFormat", "DYNAMODB_JSON"},
                                       {"TableCreationParameters", table_parameters("tbl")}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  transfers_.wait();
  auto d =
      h_.call("DescribeImport", json{{"ImportArn", r.body["ImportTableDescription"]["ImportArn"]}})
          .body["ImportTableDescription"];
  EXPECT_EQ(d["ImportStatus"], "COMPLETED");
  EXPECT_EQ(d["ProcessedItemCount"], 4);
  EXPECT_EQ(d["ImportedItemCount"], 2);
  EXPECT_EQ(d["ErrorCount"], 2);
  ASSERT_EQ(logged_.size(), 2u);
  EXPECT_NE(logged_[1].find("One or more parameter values were invalid: Type mismatch for key pk "
                            "expected: S actual: N"),
            std::string::npos)
      << logged_[1];
}

TEST_F(TransfersTest, AMissingBucketFailsTheExportAndTheImport) {
  h_.create_table("tbl");
  enable_pitr("tbl");
  auto r = h_.call("ExportTableToPointInTime",
                   json{{"TableArn", table_arn("tbl")}, {"S3Bucket", "nobucket"}});
  ASSERT_EQ(r.status, 200);
  transfers_.wait();
  auto d = h_.call("DescribeExport", json{{"ExportArn", r.body["ExportDescription"]["ExportArn"]}})
               .body["ExportDescription"];
  EXPECT_EQ(d["ExportStatus"], "FAILED");
  EXPECT_EQ(d["FailureCode"], "S3NoSuchBucket");
  EXPECT_EQ(d["FailureMessage"], "The specified bucket does not exist");

  r = h_.call("ImportTable", json{{"S3BucketSource", {{"S3Bucket", "nobucket"}}},
                                  {"InputFormat", "CSV"},
                                  {"TableCreationParameters", table_parameters("tb2")}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  transfers_.wait();
  d = h_.call("DescribeImport", json{{"ImportArn", r.body["ImportTableDescription"]["ImportArn"]}})
          .body["ImportTableDescription"];
  EXPECT_EQ(d["ImportStatus"], "FAILED");
  EXPECT_EQ(d["FailureCode"], "S3NoSuchBucket");
}

TEST_F(TransfersTest, ExportNeedsPointInTimeRecovery) {
  h_.create_table("tbl");
  auto r = h_.call("ExportTableToPointInTime",
                   json{{"TableArn", table_arn("tbl")}, {"S3Bucket", "bucket"}});
  EXPECT_EQ(r.error_type, "PointInTimeRecoveryUnavailableException");
  EXPECT_EQ(r.message, "Point in time recovery is not enabled for table 'tbl'");
}

TEST_F(TransfersTest, AClientTokenRepeatsItsExportAndRefusesOtherParameters) {
  h_.create_table("tbl");
  enable_pitr("tbl");
  json request = {{"TableArn", table_arn("tbl")}, {"S3Bucket", "bucket"}, {"ClientToken", "tok"}};
  auto first = h_.call("ExportTableToPointInTime", request);
  auto again = h_.call("ExportTableToPointInTime", request);
  EXPECT_EQ(first.body["ExportDescription"]["ExportArn"],
            again.body["ExportDescription"]["ExportArn"]);
  request["S3Prefix"] = "other";
  auto conflict = h_.call("ExportTableToPointInTime", request);
  EXPECT_EQ(conflict.error_type, "ExportConflictException");
  transfers_.wait();
  auto list = h_.call("ListExports", json{{"TableArn", table_arn("tbl")}});
  EXPECT_EQ(list.body["ExportSummaries"].size(), 1u);
}

TEST_F(TransfersTest, ListExportsPagesWithNextToken) {
  h_.create_table("tbl");
  enable_pitr("tbl");
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(h_.call("ExportTableToPointInTime",
                      json{{"TableArn", table_arn("tbl")}, {"S3Bucket", "bucket"}})
                  .status,
              200);
  }
  transfers_.wait();
  auto page = h_.call("ListExports", json{{"MaxResults", 2}}).body;
  ASSERT_EQ(page["ExportSummaries"].size(), 2u);
  ASSERT_TRUE(page.contains("NextToken"));
  auto rest =
      h_.call("ListExports", json{{"MaxResults", 2}, {"NextToken", page["NextToken"]}}).body;
  ASSERT_EQ(rest["ExportSummaries"].size(), 1u);
  EXPECT_FALSE(rest.contains("NextToken"));
  EXPECT_EQ(rest["ExportSummaries"][0]["ExportStatus"], "COMPLETED");
  test::expect_validation(h_.call("ListExports", json{{"NextToken", "bogus"}}),
                          "Invalid NextToken: bogus");
}

TEST_F(TransfersTest, ImportsCsvWithAHeaderListAndTypedKeys) {
  // A spreadsheet's export: a byte order mark first.
  std::ofstream(root_.file("bucket/people.csv")) << "\xEF\xBB\xBF"
                                                    "1;Ann;\n2;\"Bo; Jr\";x\n";
  auto r =
      h_.call("ImportTable",
              json{{"S3BucketSource", {{"S3Bucket", "bucket"}, {"S3KeyPrefix", "people"}}},
                   {"InputFormat", "CSV"},
                   {"InputFormatOptions",
                    {{"Csv", {{"Delimiter", ";"}, {"HeaderList", {"id", "name", "tag"}}}}}},
                   {"TableCreationParameters",
                    {{"TableName", "people"},
                     {"AttributeDefinitions", {{{"AttributeName", "id"}, {"AttributeType", "N"}}}},
                     {"KeySchema", {{{"AttributeName", "id"}, {"KeyType", "HASH"}}}},
                     {"BillingMode", "PAY_PER_REQUEST"}}}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  transfers_.wait();
  auto item = h_.call("GetItem", json{{"TableName", "people"}, {"Key", {{"id", {{"N", "2"}}}}}});
  EXPECT_EQ(item.body["Item"],
            json::parse(R"({"id":{"N":"2"},"name":{"S":"Bo; Jr"},"tag":{"S":"x"}})"));
  EXPECT_EQ(items_of("people").size(), 2u);
  item = h_.call("GetItem", json{{"TableName", "people"}, {"Key", {{"id", {{"N", "1"}}}}}});
  EXPECT_EQ(item.body["Item"], json::parse(R"({"id":{"N":"1"},"name":{"S":"Ann"}})"));
}

TEST_F(TransfersTest, ImportIntoAnExistingTableIsResourceInUse) {
  h_.create_table("tbl");
  auto r = h_.call("ImportTable", json{{"S3BucketSource", {{"S3Bucket", "bucket"}}},
                                       {"InputFormat", "DYNAMODB_JSON"},
                                       {"TableCreationParameters", table_parameters("tbl")}});
  EXPECT_EQ(r.error_type, "ResourceInUseException");
  EXPECT_EQ(r.message, "Table already exists: tbl");
  EXPECT_EQ(h_.call("ListImports", "{}").body["ImportSummaryList"].size(), 0u);
}

TEST_F(TransfersTest, ImportsZstdAndFailsOnDataThatDoesNotDecode) {
  const std::string lines = R"({"Item":{"pk":{"S":"a"}}})"
                            "\n"
                            R"({"Item":{"pk":{"S":"b"}}})"
                            "\n";
  std::string packed(ZSTD_compressBound(lines.size()), '\0');
  packed.resize(ZSTD_compress(packed.data(), packed.size(), lines.data(), lines.size(), 3));
  std::filesystem::create_directories(root_.file("bucket/zstd"));
  std::ofstream(root_.file("bucket/zstd/items.json.zst"), std::ios::binary) << packed;
  std::filesystem::create_directories(root_.file("bucket/bad"));
  std::ofstream(root_.file("bucket/bad/items.json.gz"), std::ios::binary) << packed;
  json request = {{"S3BucketSource", {{"S3Bucket", "bucket"}, {"S3KeyPrefix", "zstd/"}}},
                  {"InputFormat", "DYNAMODB_JSON"},
                  {"InputCompressionType", "ZSTD"},
                  {"TableCreationParameters", table_parameters("zst")}};
  auto zstd = h_.call("ImportTable", request);
  ASSERT_EQ(zstd.status, 200) << zstd.raw_body;
  request["S3BucketSource"]["S3KeyPrefix"] = "bad/";
  request["InputCompressionType"] = "GZIP";
  request["TableCreationParameters"] = table_parameters("bad");
  auto bad = h_.call("ImportTable", request);
  ASSERT_EQ(bad.status, 200) << bad.raw_body;
  transfers_.wait();
  auto d = h_.call("DescribeImport",
                   json{{"ImportArn", zstd.body["ImportTableDescription"]["ImportArn"]}})
               .body["ImportTableDescription"];
  EXPECT_EQ(d["ImportStatus"], "COMPLETED");
  EXPECT_EQ(d["ImportedItemCount"], 2);
  EXPECT_EQ(d["InputCompressionType"], "ZSTD");
  d = h_.call("DescribeImport",
              json{{"ImportArn", bad.body["ImportTableDescription"]["ImportArn"]}})
          .body["ImportTableDescription"];
  EXPECT_EQ(d["ImportStatus"], "FAILED");
  EXPECT_EQ(d["FailureCode"], "InvalidFile");
  EXPECT_EQ(d["FailureMessage"], "items.json.gz is not gzip data");
}

TEST_F(TransfersTest, AClientTokenRepeatsItsImportWithoutASecondTable) {
  json request = {{"S3BucketSource", {{"S3Bucket", "bucket"}}},
                  {"InputFormat", "DYNAMODB_JSON"},
                  {"ClientToken", "imp"},
                  {"TableCreationParameters", table_parameters("tok")}};
  auto first = h_.call("ImportTable", request);
  ASSERT_EQ(first.status, 200) << first.raw_body;
  // The table exists now: a new import of it would be ResourceInUse; the retry is the same import.
  auto again = h_.call("ImportTable", request);
  ASSERT_EQ(again.status, 200) << again.raw_body;
  EXPECT_EQ(first.body["ImportTableDescription"]["ImportArn"],
            again.body["ImportTableDescription"]["ImportArn"]);
  request["InputFormat"] = "CSV";
  auto conflict = h_.call("ImportTable", request);
  EXPECT_EQ(conflict.error_type, "ImportConflictException");
  EXPECT_EQ(conflict.message,
            "There was a conflict when importing: the ClientToken imp was used with other "
            "parameters");
  transfers_.wait();
  EXPECT_EQ(h_.call("ListImports", "{}").body["ImportSummaryList"].size(), 1u);
}

TEST_F(TransfersTest, ExportRefusesWhatItCannotServe) {
  const std::string arn = "arn:aws:dynamodb:us-east-1:000000000000:table/nosuch";
  auto r = h_.call("ExportTableToPointInTime", json{{"TableArn", arn}, {"S3Bucket", "bucket"}});
  EXPECT_EQ(r.error_type, "TableNotFoundException");
  EXPECT_EQ(r.message, "Table not found: nosuch");
  test::expect_validation(
      h_.call("ExportTableToPointInTime", json{{"TableArn", arn}, {"S3Bucket", "-bad"}}),
      "1 validation error detected: Value '-bad' at 's3Bucket' failed to satisfy constraint: "
      "Member must satisfy regular expression pattern: ^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$");
  test::expect_validation(
      h_.call("ExportTableToPointInTime",
              json{{"TableArn", arn}, {"S3Bucket", "bucket"}, {"S3Prefix", "a/../b"}}),
      "S3Prefix a/../b has an empty, '.' or '..' segment, which a directory standing in for S3 "
      "(--s3-dir) cannot hold");
  h_.create_table("tbl");
  enable_pitr("tbl");
  // Recovery has been on for two minutes: a minute ago is inside its window; three minutes ago
  // and a minute ahead are not.
  h_.database().clock().advance(std::chrono::minutes(2));
  const double now = static_cast<double>(h_.database().clock().now_ms()) / 1000.0;
  r = h_.call(
      "ExportTableToPointInTime",
      json{{"TableArn", table_arn("tbl")}, {"S3Bucket", "bucket"}, {"ExportTime", now - 60}});
  EXPECT_EQ(r.body["ExportDescription"]["ExportTime"], now - 60);
  for (double moment : {now - 180, now + 60}) {
    r = h_.call(
        "ExportTableToPointInTime",
        json{{"TableArn", table_arn("tbl")}, {"S3Bucket", "bucket"}, {"ExportTime", moment}});
    EXPECT_EQ(r.error_type, "InvalidExportTimeException");
    EXPECT_EQ(r.message,
              "The specified ExportTime is outside of the point in time recovery window.");
  }
}

TEST_F(TransfersTest, ImportChecksItsCsvOptionsAsTheModelDoes) {
  test::expect_validation(
      h_.call("ImportTable", json{{"S3BucketSource", {{"S3Bucket", "bucket"}}},
                                  {"InputFormat", "CSV"},
                                  {"InputFormatOptions",
                                   {{"Csv", {{"Delimiter", "x"}, {"HeaderList", json::array()}}}}},
                                  {"TableCreationParameters", table_parameters("csv")}}),
      "2 validation errors detected: Value 'x' at 'inputFormatOptions.csv.delimiter' failed to "
      "satisfy constraint: Member must satisfy regular expression pattern: [,;:|\\t ]; Value '[]' "
      "at 'inputFormatOptions.csv.headerList' failed to satisfy constraint: Member must have "
      "length between 1 and 255");
  EXPECT_EQ(h_.call("ListTables", "{}").body["TableNames"].size(), 0u);
}

TEST_F(TransfersTest, UnknownArnsAreNotFound) {
  auto r = h_.call("DescribeExport",
                   json{{"ExportArn", "arn:aws:dynamodb:us-east-1:000000000000:table/t/export/x"}});
  EXPECT_EQ(r.error_type, "ExportNotFoundException");
  r = h_.call("DescribeImport",
              json{{"ImportArn", "arn:aws:dynamodb:us-east-1:000000000000:table/t/import/x"}});
  EXPECT_EQ(r.error_type, "ImportNotFoundException");
}

}  // namespace
}  // namespace ddb::protocol
