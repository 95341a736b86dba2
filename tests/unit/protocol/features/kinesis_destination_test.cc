#include "protocol/features/kinesis_destination.h"

#include <gtest/gtest.h>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

TEST(KinesisStreamArn, AcceptsAKinesisDataStreamArnOfAnyPartitionAndRegion) {
  for (const char* arn : {"arn:aws:kinesis:us-east-1:123456789012:stream/changes",
                          "arn:aws-cn:kinesis:cn-north-1:000000000000:stream/a.b_c-d",
                          "arn:aws-us-gov:kinesis:us-gov-west-1:123456789012:stream/x"}) {
    EXPECT_NO_THROW(check_kinesis_stream_arn(arn)) << arn;
  }
}

TEST(KinesisStreamArn, RefusesAnythingElse) {
  for (const char* arn :
       {"arn:aws:kinesis:us-east-1:123456789012:stream/",
        "arn:aws:kinesis:us-east-1:123456789012:stream",
        "arn:aws:kinesis:us-east-1:1234567890123:stream/changes",
        "arn:aws:kinesis:us-east-1:12345678901a:stream/changes",
        "arn:aws:kinesis::123456789012:stream/changes",
        "arn::kinesis:us-east-1:123456789012:stream/changes",
        "arn:aws:firehose:us-east-1:123456789012:stream/changes",
        "arn:aws:kinesis:us-east-1:123456789012:stream/a:b",
        "arn:aws:kinesis:us-east-1:123456789012:stream/a/consumer/c",
        "urn:aws:kinesis:us-east-1:123456789012:stream/changes", "arn:aws:kinesis:us-east-1"}) {
    EXPECT_THROW(check_kinesis_stream_arn(arn), engine::Error) << arn;
  }
}

}  // namespace
}  // namespace ddb::protocol
