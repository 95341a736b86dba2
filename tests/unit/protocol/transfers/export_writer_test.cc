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

// A full export's summary, as the Developer Guide's example has it.
ManifestSummary full_summary() {
  return {.export_arn = "arn:e",
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
}

TEST(ExportWriter, ManifestSummaryKeepsTheGuidesMemberOrder) {
  EXPECT_EQ(manifest_summary_text(full_summary()),
            R"({"version":"2020-06-30","exportArn":"arn:e","startTime":"2020-11-04T07:28:34.028Z",)"
            R"("endTime":"2020-11-04T07:33:43.897Z","tableArn":"arn:t","tableId":"id",)"
            R"("exportTime":"2020-11-04T07:28:34.028Z","s3Bucket":"b","s3Prefix":null,)"
            R"("s3SseAlgorithm":"AES256","s3SseKmsKeyId":null,)"
            R"("manifestFilesS3Key":"AWSDynamoDB/x/manifest-files.json","billedSizeBytes":10,)"
            R"("itemCount":8,"outputFormat":"DYNAMODB_JSON"})"
            "\n");
}

engine::Item parsed(const char* json) { return item_from_json(nlohmann::json::parse(json)); }

TEST(ExportWriter, ChangeLinesCarryKeysTimeAndImages) {
  const engine::KeySchema schema{{"pk", engine::Type::S},
                                 engine::KeyAttribute{"sk", engine::Type::N}};
  engine::WindowChange change{
      engine::Key{engine::AttributeValue::string("a"),
                  engine::AttributeValue::number(engine::Number::parse("1"))},
      parsed(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"N":"1"}})"), 1700000000123};
  const std::optional<engine::Item> after =
      parsed(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"N":"2"}})");
  std::string out;
  append_change_line(change, after, schema, true, out);
  EXPECT_EQ(out, R"({"Metadata":{"WriteTimestampMicros":{"N":"1700000000123000"}},)"
                 R"("Keys":{"pk":{"S":"a"},"sk":{"N":"1"}},)"
                 R"("NewImage":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"N":"2"}},)"
                 R"("OldImage":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"N":"1"}}})"
                 "\n");
  out.clear();
  append_change_line(change, after, schema, false, out);
  EXPECT_EQ(out, R"({"Metadata":{"WriteTimestampMicros":{"N":"1700000000123000"}},)"
                 R"("Keys":{"pk":{"S":"a"},"sk":{"N":"1"}},)"
                 R"("NewImage":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"N":"2"}}})"
                 "\n");
}

TEST(ExportWriter, AChangeLineOfADeleteHasNoNewImageAndOfAnInsertNoOldImage) {
  const engine::KeySchema schema{{"pk", engine::Type::S}, std::nullopt};
  engine::WindowChange change{engine::Key{engine::AttributeValue::string("a"), std::nullopt},
                              parsed(R"({"pk":{"S":"a"}})"), 5};
  std::string out;
  append_change_line(change, std::nullopt, schema, true, out);
  EXPECT_EQ(out, R"({"Metadata":{"WriteTimestampMicros":{"N":"5000"}},"Keys":{"pk":{"S":"a"}},)"
                 R"("OldImage":{"pk":{"S":"a"}}})"
                 "\n");
  out.clear();
  append_change_line(change, std::nullopt, schema, false, out);
  EXPECT_EQ(out, R"({"Metadata":{"WriteTimestampMicros":{"N":"5000"}},"Keys":{"pk":{"S":"a"}}})"
                 "\n");
  out.clear();
  const engine::WindowChange inserted{change.key, std::nullopt, 5};
  append_change_line(inserted, parsed(R"({"pk":{"S":"a"}})"), schema, true, out);
  EXPECT_EQ(out, R"({"Metadata":{"WriteTimestampMicros":{"N":"5000"}},"Keys":{"pk":{"S":"a"}},)"
                 R"("NewImage":{"pk":{"S":"a"}}})"
                 "\n");
  // Inserted and deleted in the window: no line.
  out.clear();
  append_change_line(inserted, std::nullopt, schema, true, out);
  EXPECT_EQ(out, "");
}

TEST(ExportWriter, AnIncrementalManifestSummaryHasItsWindowViewAndType) {
  ManifestSummary summary = full_summary();
  summary.s3_prefix = "p";
  summary.manifest_files_key = "p/AWSDynamoDB/x/manifest-files.json";
  summary.export_type = "INCREMENTAL_EXPORT";
  summary.export_from_time = "2020-11-04T06:00:00.000Z";
  summary.export_to_time = "2020-11-04T07:00:00.000Z";
  summary.output_view = "NEW_IMAGE";
  EXPECT_EQ(manifest_summary_text(summary),
            R"({"version":"2020-06-30","exportArn":"arn:e","startTime":"2020-11-04T07:28:34.028Z",)"
            R"("endTime":"2020-11-04T07:33:43.897Z","tableArn":"arn:t","tableId":"id",)"
            R"("exportFromTime":"2020-11-04T06:00:00.000Z",)"
            R"("exportToTime":"2020-11-04T07:00:00.000Z","s3Bucket":"b","s3Prefix":"p",)"
            R"("s3SseAlgorithm":"AES256","s3SseKmsKeyId":null,)"
            R"("manifestFilesS3Key":"p/AWSDynamoDB/x/manifest-files.json","billedSizeBytes":10,)"
            R"("itemCount":8,"outputFormat":"DYNAMODB_JSON","outputView":"NEW_IMAGE",)"
            R"("exportType":"INCREMENTAL_EXPORT"})"
            "\n");
}

TEST(ExportWriter, Md5IsRawAndHexAsS3WritesIt) {
  EXPECT_EQ(hex_of(md5_digest("test")), "098f6bcd4621d373cade4e832627b4f6");
}

}  // namespace
}  // namespace ddb::protocol
