#include "protocol/streams/stream_json.h"

#include <gtest/gtest.h>

namespace ddb::protocol::streams {
namespace {

engine::AttributeValue s(std::string text) {
  return engine::AttributeValue::string(std::move(text));
}

engine::StreamRecord removal(engine::ChangeOrigin origin) {
  engine::StreamRecord record;
  record.event_id = "0123456789abcdef0123456789abcdef";
  record.event_name = engine::StreamEventName::Remove;
  record.keys = {{"pk", s("a")}};
  record.old_image = engine::Item{{"pk", s("a")}, {"v", s("1")}};
  record.created_ms = 1'700'000'000'999;
  record.sequence = 7;
  record.size_bytes = 8;
  record.origin = origin;
  return record;
}

TEST(StreamJson, WritesARecordAsGetRecordsReturnsIt) {
  Json json = record_json(removal(engine::ChangeOrigin::Client),
                          engine::StreamViewType::NewAndOldImages, "eu-west-1");
  EXPECT_EQ(json, Json::parse(R"({
    "eventID": "0123456789abcdef0123456789abcdef",
    "eventName": "REMOVE",
    "eventVersion": "1.1",
    "eventSource": "aws:dynamodb",
    "awsRegion": "eu-west-1",
    "dynamodb": {
      "ApproximateCreationDateTime": 1700000000,
      "Keys": {"pk": {"S": "a"}},
      "OldImage": {"pk": {"S": "a"}, "v": {"S": "1"}},
      "SequenceNumber": "100000000000000000007",
      "SizeBytes": 8,
      "StreamViewType": "NEW_AND_OLD_IMAGES"
    }
  })"));
}

TEST(StreamJson, ATimeToLiveDeletionIsTheServices) {
  Json json = record_json(removal(engine::ChangeOrigin::TimeToLive),
                          engine::StreamViewType::KeysOnly, "us-east-1");
  EXPECT_EQ(json["userIdentity"],
            Json::parse(R"({"PrincipalId": "dynamodb.amazonaws.com", "Type": "Service"})"));
}

TEST(StreamJson, WritesAShardWithItsRangeAndParent) {
  engine::StreamShard shard{"shardId-1", "shardId-0", 5, 9};
  EXPECT_EQ(shard_json(shard), Json::parse(R"({
    "ShardId": "shardId-1",
    "ParentShardId": "shardId-0",
    "SequenceNumberRange": {"StartingSequenceNumber": "100000000000000000005",
                            "EndingSequenceNumber": "100000000000000000009"}
  })"));
  shard.parent_id.reset();
  shard.ending_sequence.reset();
  EXPECT_EQ(shard_json(shard), Json::parse(R"({
    "ShardId": "shardId-1",
    "SequenceNumberRange": {"StartingSequenceNumber": "100000000000000000005"}
  })"));
}

}  // namespace
}  // namespace ddb::protocol::streams
