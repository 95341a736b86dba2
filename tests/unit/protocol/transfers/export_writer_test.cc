#include "protocol/transfers/export_writer.h"

#include <gtest/gtest.h>

#include "protocol/json/value_json.h"

namespace ddb::protocol {
namespace {

TEST(ExportWriter, WritesOneItemLinePerItem) {
  engine::Item item = item_from_json(nlohmann::json::parse(
      R"({"pk":{"S":"a\"b"},"n":{"N":"1.50"},"l":{"L":[{"BOOL":true},{"NULL":true}]}})"));
  std::string out;
  append_export_line(item, out);
  EXPECT_EQ(
      out, R"({"Item":{"l":{"L":[{"BOOL":true},{"NULL":true}]},"n":{"N":"1.5"},"pk":{"S":"a\"b"}}})"
           "\n");
}

TEST(ExportWriter, WritesTimesAsIso8601WithMilliseconds) {
  EXPECT_EQ(iso_time(1604474914028), "2020-11-04T07:28:34.028Z");
  EXPECT_EQ(iso_time(0), "1970-01-01T00:00:00.000Z");
}

TEST(ExportWriter, ManifestFilesListOneLinePerDataFile) {
  std::vector<ExportDataFile> files = {
      {"p/AWSDynamoDB/01-ab/data/x.json.gz", 3,
       "CY9rzUYh03PK3k6DJie09g==", "098f6bcd4621d373cade4e832627b4f6"},
      {"p/AWSDynamoDB/01-ab/data/y.json.gz", 0,
       "1B2M2Y8AsgTpgAmY7PhCfg==", "d41d8cd98f00b204e9800998ecf8427e"}};
  EXPECT_EQ(
      manifest_files_text(files),
      R"({"itemCount":3,"md5Checksum":"CY9rzUYh03PK3k6DJie09g==","etag":"098f6bcd4621d373cade4e832627b4f6","dataFileS3Key":"p/AWSDynamoDB/01-ab/data/x.json.gz"})"
      "\n"
      R"({"itemCount":0,"md5Checksum":"1B2M2Y8AsgTpgAmY7PhCfg==","etag":"d41d8cd98f00b204e9800998ecf8427e","dataFileS3Key":"p/AWSDynamoDB/01-ab/data/y.json.gz"})"
      "\n");
}

TEST(ExportWriter, ManifestSummaryKeepsTheGuidesMemberOrder) {
  ManifestSummary summary{.export_arn = "arn:e",
                          .start_time = "2020-11-04T07:28:34.028Z",
                          .end_time = "2020-11-04T07:33:43.897Z",
                          .table_arn = "arn:t",
                          .table_id = "id",
                          .export_time = "2020-11-04T07:28:34.028Z",
                          .s3_bucket = "b",
                          .s3_prefix = "",
                          .s3_sse_algorithm = "AES256",
                          .s3_sse_kms_key_id = "",
                          .manifest_files_key = "AWSDynamoDB/x/manifest-files.json",
                          .billed_size_bytes = 10,
                          .item_count = 8};
  EXPECT_EQ(manifest_summary_text(summary),
            R"({"version":"2020-06-30","exportArn":"arn:e","startTime":"2020-11-04T07:28:34.028Z",)"
            R"("endTime":"2020-11-04T07:33:43.897Z","tableArn":"arn:t","tableId":"id",)"
            R"("exportTime":"2020-11-04T07:28:34.028Z","s3Bucket":"b","s3Prefix":null,)"
            R"("s3SseAlgorithm":"AES256","s3SseKmsKeyId":null,)"
            R"("manifestFilesS3Key":"AWSDynamoDB/x/manifest-files.json","billedSizeBytes":10,)"
            R"("itemCount":8,"outputFormat":"DYNAMODB_JSON"})"
            "\n");
}

TEST(ExportWriter, Md5IsRawAndHexAsS3WritesIt) {
  EXPECT_EQ(hex_of(md5_digest("test")), "098f6bcd4621d373cade4e832627b4f6");
}

}  // namespace
}  // namespace ddb::protocol
