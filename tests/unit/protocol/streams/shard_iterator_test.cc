#include "protocol/streams/shard_iterator.h"

#include <gtest/gtest.h>

#include "engine/error.h"

namespace ddb::protocol::streams {
namespace {

constexpr const char* kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/label";
constexpr int64_t kIssued = 1'700'000'000'000;  // Tue Nov 14 22:13:20 UTC 2023

TEST(ShardIterator, RoundTripsAndStartsWithTheStreamArn) {
  ShardIterator iterator{kArn, "shardId-00000001700000000000-0123abcd", 42, kIssued};
  std::string text = encode_shard_iterator(iterator);
  EXPECT_TRUE(text.starts_with(std::string(kArn) + "|1|"));
  ShardIterator back = decode_shard_iterator(text, kIssued + 1000);
  EXPECT_EQ(back.stream_arn, kArn);
  EXPECT_EQ(back.shard_id, iterator.shard_id);
  EXPECT_EQ(back.position, 42u);
  EXPECT_EQ(back.issued_ms, kIssued);
}

TEST(ShardIterator, ExpiresAfterFifteenMinutes) {
  std::string text = encode_shard_iterator({kArn, "shardId-x", 1, kIssued});
  EXPECT_NO_THROW(decode_shard_iterator(text, kIssued + kIteratorLifetimeMs));
  try {
    decode_shard_iterator(text, kIssued + kIteratorLifetimeMs + 1000);
    FAIL() << "expected ExpiredIterator";
  } catch (const engine::Error& error) {
    EXPECT_EQ(error.type(), engine::ErrorType::ExpiredIterator);
    EXPECT_EQ(error.message(),
              "Iterator expired. The iterator was created at time Tue Nov 14 22:13:20 UTC 2023 "
              "while right now it is Tue Nov 14 22:28:21 UTC 2023 which is further in the future "
              "than the tolerated delay of 900000 milliseconds.");
  }
}

TEST(ShardIterator, RejectsTextItDidNotIssue) {
  for (const char* text : {"", "garbage", "arn|1|!!!", "arn|1|c2hhcmQ="}) {
    try {
      decode_shard_iterator(text, kIssued);
      FAIL() << text;
    } catch (const engine::Error& error) {
      EXPECT_EQ(error.type(), engine::ErrorType::Validation) << text;
    }
  }
}

}  // namespace
}  // namespace ddb::protocol::streams
