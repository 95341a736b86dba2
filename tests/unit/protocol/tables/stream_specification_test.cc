#include "protocol/tables/stream_specification.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

json create_request(const std::string& name, const json& specification) {
  return {{"TableName", name},
          {"BillingMode", "PAY_PER_REQUEST"},
          {"AttributeDefinitions", {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
          {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
          {"StreamSpecification", specification}};
}

TEST(StreamSpecification, CreateTableEnablesAStreamThatDescribeTableReports) {
  test::Harness h;
  auto r =
      h.call("CreateTable",
             create_request("tbl", {{"StreamEnabled", true}, {"StreamViewType", "OLD_IMAGE"}}));
  ASSERT_EQ(r.status, 200) << r.body;
  const json& description = r.body["TableDescription"];
  EXPECT_EQ(description["StreamSpecification"],
            (json{{"StreamEnabled", true}, {"StreamViewType", "OLD_IMAGE"}}));
  std::string arn = description["LatestStreamArn"];
  std::string label = description["LatestStreamLabel"];
  EXPECT_EQ(arn, "arn:aws:dynamodb:us-east-1:000000000000:table/tbl/stream/" + label);
  EXPECT_EQ(label.size(), 23u);  // 2026-11-21T10:17:10.123
  EXPECT_EQ(h.call("DescribeTable", R"({"TableName":"tbl"})").body["Table"]["LatestStreamArn"],
            arn);
}

TEST(StreamSpecification, RejectsEnablingWithoutAViewType) {
  test::Harness h;
  test::expect_validation(h.call("CreateTable", create_request("tbl", {{"StreamEnabled", true}})),
                          "StreamViewType must be specified when StreamEnabled is true");
  h.create_table("other");
  test::expect_validation(
      h.call("UpdateTable",
             json{{"TableName", "other"}, {"StreamSpecification", {{"StreamEnabled", true}}}}),
      "StreamViewType must be specified when StreamEnabled is true");
}

TEST(StreamSpecification, ModelConstraintsComeFirst) {
  test::Harness h;
  test::expect_validation(
      h.call("CreateTable", create_request("tbl", {{"StreamViewType", "ALL"}})),
      "2 validation errors detected: Value null at 'streamSpecification.streamEnabled' failed to "
      "satisfy constraint: Member must not be null; Value 'ALL' at "
      "'streamSpecification.streamViewType' failed to satisfy constraint: Member must satisfy "
      "enum value set: [NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY]");
}

TEST(StreamSpecification, UpdateTableRefusesToEnableAnEnabledStream) {
  test::Harness h;
  ASSERT_EQ(h.call("CreateTable", create_request("tbl", {{"StreamEnabled", true},
                                                         {"StreamViewType", "KEYS_ONLY"}}))
                .status,
            200);
  for (const char* view : {"KEYS_ONLY", "NEW_IMAGE"}) {
    test::expect_validation(
        h.call("UpdateTable",
               json{{"TableName", "tbl"},
                    {"StreamSpecification", {{"StreamEnabled", true}, {"StreamViewType", view}}}}),
        "Table already has an enabled stream: TableName: tbl");
  }
}

TEST(StreamSpecification, UpdateTableRefusesToDisableWhenNoStreamIsEnabled) {
  test::Harness h;
  h.create_table("tbl");
  auto r = h.call("UpdateTable",
                  json{{"TableName", "tbl"}, {"StreamSpecification", {{"StreamEnabled", false}}}});
  EXPECT_EQ(r.error_type, "ValidationException");
}

TEST(StreamSpecification, DisableThenEnableGivesANewStream) {
  test::Harness h;
  h.create_table("tbl");
  auto enable = json{
      {"TableName", "tbl"},
      {"StreamSpecification", {{"StreamEnabled", true}, {"StreamViewType", "NEW_AND_OLD_IMAGES"}}}};
  auto first = h.call("UpdateTable", enable);
  ASSERT_EQ(first.status, 200) << first.body;
  std::string first_arn = first.body["TableDescription"]["LatestStreamArn"];
  auto disabled = h.call("UpdateTable", json{{"TableName", "tbl"},
                                             {"StreamSpecification", {{"StreamEnabled", false}}}});
  ASSERT_EQ(disabled.status, 200) << disabled.body;
  EXPECT_FALSE(disabled.body["TableDescription"].contains("StreamSpecification"));
  EXPECT_EQ(disabled.body["TableDescription"]["LatestStreamArn"], first_arn);
  auto second = h.call("UpdateTable", enable);
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_NE(second.body["TableDescription"]["LatestStreamArn"], first_arn);
  auto streams = h.call_streams("ListStreams", json{{"TableName", "tbl"}});
  ASSERT_EQ(streams.body["Streams"].size(), 2u);
  auto old = h.call_streams("DescribeStream", json{{"StreamArn", first_arn}});
  EXPECT_EQ(old.body["StreamDescription"]["StreamStatus"], "DISABLED");
}

}  // namespace
}  // namespace ddb::protocol
