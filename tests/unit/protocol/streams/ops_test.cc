#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol/streams/operations.h"
#include "tests/support/harness.h"

namespace ddb::protocol::streams {
namespace {

using nlohmann::json;

// A harness whose streams run on a clock the test moves, with one table "tbl" streaming
// NEW_AND_OLD_IMAGES into a single open shard.
struct StreamsFixture {
  StreamsFixture() {
    engine::StreamOptions options;
    options.open_shards = 1;
    options.clock = [now = now] { return *now; };
    h.database().streams().set_options(options);
    auto r =
        h.call("CreateTable",
               json{{"TableName", "tbl"},
                    {"BillingMode", "PAY_PER_REQUEST"},
                    {"AttributeDefinitions", {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
                    {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
                    {"StreamSpecification",
                     {{"StreamEnabled", true}, {"StreamViewType", "NEW_AND_OLD_IMAGES"}}}});
    arn = r.body["TableDescription"]["LatestStreamArn"];
    shard = h.call_streams("DescribeStream", json{{"StreamArn", arn}})
                .body["StreamDescription"]["Shards"][0]["ShardId"];
  }

  std::string iterator(const std::string& type) {
    return h
        .call_streams("GetShardIterator",
                      json{{"StreamArn", arn}, {"ShardId", shard}, {"ShardIteratorType", type}})
        .body["ShardIterator"];
  }

  std::shared_ptr<int64_t> now = std::make_shared<int64_t>(1'700'000'000'000);
  test::Harness h;
  std::string arn;
  std::string shard;
};

TEST(StreamsOps, GetRecordsPagesWithLimit) {
  StreamsFixture f;
  for (const char* pk : {"a", "b", "c"}) f.h.put("tbl", json{{"pk", {{"S", pk}}}});
  auto first = f.h.call_streams("GetRecords",
                                json{{"ShardIterator", f.iterator("TRIM_HORIZON")}, {"Limit", 2}});
  ASSERT_EQ(first.status, 200) << first.body;
  ASSERT_EQ(first.body["Records"].size(), 2u);
  EXPECT_EQ(first.body["Records"][0]["eventName"], "INSERT");
  auto second = f.h.call_streams(
      "GetRecords", json{{"ShardIterator", first.body["NextShardIterator"]}, {"Limit", 2}});
  ASSERT_EQ(second.body["Records"].size(), 1u);
  EXPECT_EQ(second.body["Records"][0]["dynamodb"]["Keys"], json::parse(R"({"pk":{"S":"c"}})"));
  EXPECT_TRUE(second.body.contains("NextShardIterator"));
}

TEST(StreamsOps, AnIteratorExpiresAfterFifteenMinutes) {
  StreamsFixture f;
  std::string iterator = f.iterator("LATEST");
  *f.now += 15 * 60 * 1000 + 1000;
  auto r = f.h.call_streams("GetRecords", json{{"ShardIterator", iterator}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["__type"], "com.amazonaws.dynamodb.streams.v20120810#ExpiredIteratorException");
  EXPECT_TRUE(r.message.starts_with("Iterator expired. The iterator was created at time "));
}

TEST(StreamsOps, ReadingTrimmedRecordsIsTrimmedDataAccess) {
  StreamsFixture f;
  f.h.put("tbl", json{{"pk", {{"S", "a"}}}});
  std::string iterator = f.iterator("TRIM_HORIZON");
  auto records = f.h.call_streams("GetRecords", json{{"ShardIterator", iterator}});
  std::string sequence = records.body["Records"][0]["dynamodb"]["SequenceNumber"];
  *f.now += 24 * 3600 * 1000 + 1;
  f.h.put("tbl", json{{"pk", {{"S", "b"}}}});
  auto r = f.h.call_streams("GetShardIterator", json{{"StreamArn", f.arn},
                                                     {"ShardId", f.shard},
                                                     {"ShardIteratorType", "AT_SEQUENCE_NUMBER"},
                                                     {"SequenceNumber", sequence}});
  EXPECT_EQ(r.body["__type"],
            "com.amazonaws.dynamodb.streams.v20120810#TrimmedDataAccessException");
  EXPECT_EQ(r.message, "The operation attempted to read past the oldest stream record in a shard.");
}

TEST(StreamsOps, UnknownShardAndStreamAreResourceNotFound) {
  StreamsFixture f;
  auto shard = f.h.call_streams("GetShardIterator",
                                json{{"StreamArn", f.arn},
                                     {"ShardId", "shardId-00000000000000000000-00000000"},
                                     {"ShardIteratorType", "LATEST"}});
  EXPECT_EQ(shard.body["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  EXPECT_EQ(shard.message, "Requested resource not found: Shard does not exist");
  std::string missing = f.arn + "0";
  auto stream = f.h.call_streams("DescribeStream", json{{"StreamArn", missing}});
  EXPECT_EQ(stream.body["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  EXPECT_EQ(stream.message, "Requested resource not found: Stream: " + missing + " not found");
}

TEST(StreamsOps, ModelConstraints) {
  StreamsFixture f;
  test::expect_validation(
      f.h.call_streams("GetRecords",
                       json{{"ShardIterator", f.iterator("LATEST")}, {"Limit", 1001}}),
      "1 validation error detected: Value '1001' at 'limit' failed to satisfy constraint: Member "
      "must have value less than or equal to 1000");
  test::expect_validation(
      f.h.call_streams("GetShardIterator", json{{"StreamArn", f.arn}, {"ShardId", "short"}}),
      "2 validation errors detected: Value 'short' at 'shardId' failed to satisfy constraint: "
      "Member must have length greater than or equal to 28; Value null at 'shardIteratorType' "
      "failed to satisfy constraint: Member must not be null");
  test::expect_validation(f.h.call_streams("ListStreams", json{{"Limit", 0}}),
                          "1 validation error detected: Value '0' at 'limit' failed to satisfy "
                          "constraint: Member must have value greater than or equal to 1");
}

TEST(StreamsOps, SequenceNumberGoesWithTheTypesThatStartAtOne) {
  StreamsFixture f;
  auto missing =
      f.h.call_streams("GetShardIterator", json{{"StreamArn", f.arn},
                                                {"ShardId", f.shard},
                                                {"ShardIteratorType", "AT_SEQUENCE_NUMBER"}});
  EXPECT_EQ(missing.error_type, "ValidationException");
  auto extra =
      f.h.call_streams("GetShardIterator", json{{"StreamArn", f.arn},
                                                {"ShardId", f.shard},
                                                {"ShardIteratorType", "LATEST"},
                                                {"SequenceNumber", "100000000000000000001"}});
  EXPECT_EQ(extra.error_type, "ValidationException");
}

TEST(StreamsOps, ShardFilterListsTheChildrenOfOneShard) {
  StreamsFixture f;
  // A shard with records closes and gets a child once its period (4 hours) is over.
  f.h.put("tbl", json{{"pk", {{"S", "a"}}}});
  *f.now += 5 * 3600 * 1000;
  f.h.put("tbl", json{{"pk", {{"S", "b"}}}});
  json all = f.h.call_streams("DescribeStream", json{{"StreamArn", f.arn}})
                 .body["StreamDescription"]["Shards"];
  ASSERT_EQ(all.size(), 2u);
  ASSERT_EQ(all[1]["ParentShardId"], f.shard);
  json filter = {{"Type", "CHILD_SHARDS"}, {"ShardId", f.shard}};
  auto r = f.h.call_streams("DescribeStream", json{{"StreamArn", f.arn}, {"ShardFilter", filter}});
  EXPECT_EQ(r.body["StreamDescription"]["Shards"], json::array({all[1]}));
  // The child has no children yet; neither has a shard the stream does not hold.
  filter["ShardId"] = all[1]["ShardId"];
  r = f.h.call_streams("DescribeStream", json{{"StreamArn", f.arn}, {"ShardFilter", filter}});
  EXPECT_EQ(r.body["StreamDescription"]["Shards"], json::array());
  filter["ShardId"] = "shardId-00000000000000000000-00000000";
  r = f.h.call_streams("DescribeStream", json{{"StreamArn", f.arn}, {"ShardFilter", filter}});
  EXPECT_EQ(r.body["StreamDescription"]["Shards"], json::array());
}

TEST(StreamsOps, ShardFilterRefusals) {
  StreamsFixture f;
  const auto describe = [&](const json& filter) {
    return f.h.call_streams("DescribeStream", json{{"StreamArn", f.arn}, {"ShardFilter", filter}});
  };
  test::expect_validation(describe(json{{"Type", "PARENT_SHARDS"}, {"ShardId", f.shard}}),
                          "1 validation error detected: Value 'PARENT_SHARDS' at "
                          "'shardFilter.type' failed to satisfy constraint: Member must satisfy "
                          "enum value set: [CHILD_SHARDS]");
  test::expect_validation(describe(json{{"Type", "CHILD_SHARDS"}, {"ShardId", "short"}}),
                          "1 validation error detected: Value 'short' at 'shardFilter.shardId' "
                          "failed to satisfy constraint: Member must have length greater than or "
                          "equal to 28");
  test::expect_validation(describe(json{{"Type", "CHILD_SHARDS"}}),
                          "ShardFilter of type CHILD_SHARDS requires a ShardId");
  test::expect_validation(describe(json{{"ShardId", f.shard}}),
                          "ShardFilter of type CHILD_SHARDS requires a ShardId");
}

TEST(StreamsOps, UnknownStreamsOperationIsUnknownOperation) {
  test::Harness h;
  EXPECT_EQ(h.call_streams("PutRecord", json::object()).error_type, "UnknownOperationException");
}

}  // namespace
}  // namespace ddb::protocol::streams
