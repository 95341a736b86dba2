// The Kinesis streaming destination operations in-process: Enable, Describe, Update and Disable,
// the StreamArn and configuration checks and the state refusals.

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

const std::string kStream = "arn:aws:kinesis:us-east-1:123456789012:stream/changes";

CallResult call(const Harness& h, const char* op, const json& extra = json::object()) {
  json request = {{"TableName", "tab"}, {"StreamArn", kStream}};
  request.update(extra);
  return h.call(op, request);
}

json destinations(const Harness& h) {
  return h.call("DescribeKinesisStreamingDestination", json{{"TableName", "tab"}}).body;
}

TEST(KinesisDestination, EnableUpdateDisableAndDescribe) {
  Harness h;
  h.create_table("tab");
  EXPECT_EQ(destinations(h),
            json::parse(R"({"TableName":"tab","KinesisDataStreamDestinations":[]})"));

  CallResult r = call(h, "EnableKinesisStreamingDestination");
  EXPECT_EQ(
      r.body,
      json({{"TableName", "tab"}, {"StreamArn", kStream}, {"DestinationStatus", "ENABLING"}}));
  EXPECT_EQ(destinations(h)["KinesisDataStreamDestinations"],
            json::array({{{"StreamArn", kStream},
                          {"DestinationStatus", "ACTIVE"},
                          {"ApproximateCreationDateTimePrecision", "MILLISECOND"}}}));

  json config = {{"ApproximateCreationDateTimePrecision", "MICROSECOND"}};
  r = call(h, "UpdateKinesisStreamingDestination",
           {{"UpdateKinesisStreamingConfiguration", config}});
  EXPECT_EQ(r.body, json({{"TableName", "tab"},
                          {"StreamArn", kStream},
                          {"DestinationStatus", "UPDATING"},
                          {"UpdateKinesisStreamingConfiguration", config}}));
  EXPECT_EQ(
      destinations(h)["KinesisDataStreamDestinations"][0]["ApproximateCreationDateTimePrecision"],
      "MICROSECOND");

  r = call(h, "DisableKinesisStreamingDestination");
  EXPECT_EQ(r.body["DestinationStatus"], "DISABLING");
  EXPECT_EQ(destinations(h)["KinesisDataStreamDestinations"][0]["DestinationStatus"], "DISABLED");

  // A disabled destination can be enabled again, with a precision of its own.
  r = call(h, "EnableKinesisStreamingDestination",
           {{"EnableKinesisStreamingConfiguration", config}});
  EXPECT_EQ(r.body["EnableKinesisStreamingConfiguration"], config);
  EXPECT_EQ(destinations(h)["KinesisDataStreamDestinations"],
            json::array({{{"StreamArn", kStream},
                          {"DestinationStatus", "ACTIVE"},
                          {"ApproximateCreationDateTimePrecision", "MICROSECOND"}}}));
}

TEST(KinesisDestination, StateRefusals) {
  Harness h;
  h.create_table("tab");
  expect_validation(call(h, "DisableKinesisStreamingDestination"),
                    "Table is not in a valid state to disable Kinesis Streaming Destination: "
                    "DisableKinesisStreamingDestination must be ACTIVE to perform DISABLE "
                    "operation.");
  json config = {{"ApproximateCreationDateTimePrecision", "MICROSECOND"}};
  expect_validation(
      call(h, "UpdateKinesisStreamingDestination",
           {{"UpdateKinesisStreamingConfiguration", config}}),
      "Table is not in a valid state to update Kinesis Streaming Destination: "
      "UpdateKinesisStreamingDestination must be ACTIVE to perform UPDATE operation.");
  ASSERT_EQ(call(h, "EnableKinesisStreamingDestination").status, 200);
  expect_validation(call(h, "EnableKinesisStreamingDestination"),
                    "Table is not in a valid state to enable Kinesis Streaming Destination: "
                    "EnableKinesisStreamingDestination must be DISABLED or ENABLE_FAILED to "
                    "perform ENABLE operation.");
  expect_validation(call(h, "UpdateKinesisStreamingDestination"),
                    "UpdateKinesisStreamingConfiguration must specify "
                    "ApproximateCreationDateTimePrecision");
  config["ApproximateCreationDateTimePrecision"] = "MILLISECOND";
  expect_validation(
      call(h, "UpdateKinesisStreamingDestination",
           {{"UpdateKinesisStreamingConfiguration", config}}),
      "Invalid Request: Precision is already set to the desired value of MILLISECOND");
}

TEST(KinesisDestination, ChecksTheRequest) {
  Harness h;
  h.create_table("tab");
  test::expect_violations(
      h.call("EnableKinesisStreamingDestination", json::object()),
      {"Value null at 'tableName' failed to satisfy constraint: Member must not be null",
       "Value null at 'streamArn' failed to satisfy constraint: Member must not be null"});
  expect_validation(
      call(h, "EnableKinesisStreamingDestination", {{"StreamArn", "arn:aws:kinesis"}}),
      "1 validation error detected: Value 'arn:aws:kinesis' at 'streamArn' failed "
      "to satisfy constraint: Member must have length greater than or equal to 37");
  expect_validation(call(h, "EnableKinesisStreamingDestination",
                         {{"EnableKinesisStreamingConfiguration",
                           {{"ApproximateCreationDateTimePrecision", "SECOND"}}}}),
                    "1 validation error detected: Value 'SECOND' at "
                    "'enableKinesisStreamingConfiguration.approximateCreationDateTimePrecision' "
                    "failed to satisfy constraint: Member must satisfy enum value set: "
                    "[MILLISECOND, MICROSECOND]");
  for (const char* arn : {"arn:aws:sqs:us-east-1:123456789012:stream/changes",
                          "arn:aws:kinesis:us-east-1:12345678901:stream/changes",
                          "arn:aws:kinesis:us-east-1:123456789012:streams/changes",
                          "arn:aws:kinesis:us-east-1:123456789012:stream/a/b"}) {
    expect_validation(call(h, "EnableKinesisStreamingDestination", {{"StreamArn", arn}}),
                      std::string("StreamArn is not a valid Kinesis data stream ARN: ") + arn);
  }
  for (const char* op : {"EnableKinesisStreamingDestination", "DisableKinesisStreamingDestination",
                         "UpdateKinesisStreamingDestination"}) {
    CallResult r = h.call(op, json{{"TableName", "nope"}, {"StreamArn", kStream}});
    EXPECT_EQ(r.error_type, "ResourceNotFoundException") << op;
    EXPECT_EQ(r.message, "Requested resource not found: Table: nope not found") << op;
  }
  CallResult r = h.call("DescribeKinesisStreamingDestination", json{{"TableName", "nope"}});
  EXPECT_EQ(r.message, "Requested resource not found: Table: nope not found");
}

}  // namespace
}  // namespace ddb::protocol
