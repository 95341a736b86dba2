#include "engine/stream.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/table.h"
#include "engine/transaction.h"

namespace ddb::engine {
namespace {

AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

Key key(const std::string& pk) { return Key{s(pk), std::nullopt}; }
Item item(const std::string& pk, const std::string& value) {
  return Item{{"pk", s(pk)}, {"v", s(value)}};
}

constexpr int64_t kStart = 1'700'000'000'000;  // epoch ms

// A table with a stream attached, and a clock the test moves.
struct Fixture {
  explicit Fixture(StreamViewType view = StreamViewType::NewAndOldImages, uint32_t open_shards = 1,
                   std::size_t max_records = 1'000'000) {
    TableDefinition definition;
    definition.name = "t";
    definition.key_schema = KeySchema{{"pk", Type::S}, std::nullopt};
    table = std::make_shared<Table>(definition);
    StreamOptions options;
    options.shard_period_ms = 1000;
    options.retention_ms = 10'000;
    options.open_shards = open_shards;
    options.max_records = max_records;
    options.clock = [this] { return now; };
    StreamIdentity identity;
    identity.arn = "arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/label";
    identity.table_name = "t";
    identity.key_schema = definition.key_schema;
    identity.view_type = view;
    identity.creation_ms = now;
    stream = std::make_shared<Stream>(identity, options);
    table->add_change_listener(stream);
  }

  // Every record of every shard, shard by shard in id order, from the trim horizon.
  std::vector<StreamRecord> all_records() const {
    std::vector<StreamRecord> records;
    for (const StreamShard& shard : stream->shards()) {
      auto page = stream->read(
          shard.id, stream->iterator_position(shard.id, IteratorStart::TrimHorizon, std::nullopt),
          1000, 1 << 20);
      records.insert(records.end(), page.records.begin(), page.records.end());
    }
    return records;
  }

  int64_t now = kStart;
  std::shared_ptr<Table> table;
  std::shared_ptr<Stream> stream;
};

TEST(Stream, RecordsInsertModifyRemoveWithBothImages) {
  Fixture f;
  f.table->put(item("a", "1"));
  f.table->put(item("a", "2"));
  f.table->remove(key("a"));

  auto records = f.all_records();
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].event_name, StreamEventName::Insert);
  EXPECT_FALSE(records[0].old_image);
  EXPECT_EQ(records[0].new_image, item("a", "1"));
  EXPECT_EQ(records[1].event_name, StreamEventName::Modify);
  EXPECT_EQ(records[1].old_image, item("a", "1"));
  EXPECT_EQ(records[1].new_image, item("a", "2"));
  EXPECT_EQ(records[2].event_name, StreamEventName::Remove);
  EXPECT_EQ(records[2].old_image, item("a", "2"));
  EXPECT_FALSE(records[2].new_image);
  for (const auto& record : records) {
    EXPECT_EQ(record.keys, (Item{{"pk", s("a")}}));
    EXPECT_EQ(record.event_id.size(), 32u);
    EXPECT_EQ(record.origin, ChangeOrigin::Client);
  }
  EXPECT_NE(records[0].event_id, records[1].event_id);
  EXPECT_LT(records[0].sequence, records[1].sequence);
  EXPECT_LT(records[1].sequence, records[2].sequence);
}

TEST(Stream, ViewTypeDecidesTheImages) {
  struct Case {
    StreamViewType view;
    bool new_image;
    bool old_image;
  };
  for (Case c :
       {Case{StreamViewType::KeysOnly, false, false}, Case{StreamViewType::NewImage, true, false},
        Case{StreamViewType::OldImage, false, true},
        Case{StreamViewType::NewAndOldImages, true, true}}) {
    Fixture f(c.view);
    f.table->put(item("a", "1"));
    f.table->put(item("a", "2"));
    auto records = f.all_records();
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[1].new_image.has_value(), c.new_image);
    EXPECT_EQ(records[1].old_image.has_value(), c.old_image);
    EXPECT_EQ(records[1].keys, (Item{{"pk", s("a")}}));
  }
}

TEST(Stream, SizeBytesIsTheSizeOfKeysAndImages) {
  // Keys {pk: "a"} = 3 bytes; NewImage {pk: "a", v: "1"} = 3 + 2 = 5 bytes.
  Fixture f(StreamViewType::NewImage);
  f.table->put(item("a", "1"));
  auto records = f.all_records();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].size_bytes, 8u);
}

TEST(Stream, AWriteThatChangesNothingEmitsNothing) {
  Fixture f;
  f.table->put(item("a", "1"));
  f.table->put(item("a", "1"));
  f.table->remove(key("missing"));
  EXPECT_EQ(f.all_records().size(), 1u);
}

TEST(Stream, TimeToLiveDeletionsKeepTheirOrigin) {
  Fixture f;
  f.table->put(item("a", "1"));
  f.table->write(
      key("a"), [](const Item*) { return std::optional<Item>(); }, ChangeOrigin::TimeToLive);
  auto records = f.all_records();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1].event_name, StreamEventName::Remove);
  EXPECT_EQ(records[1].origin, ChangeOrigin::TimeToLive);
}

TEST(Stream, ATransactionEmitsOneRecordPerItem) {
  Fixture f;
  f.table->put(item("b", "0"));
  std::vector<TransactionAction> actions(2);
  actions[0].table = f.table;
  actions[0].key = key("a");
  actions[0].decide = [](const Item*) { return std::optional<Item>(item("a", "1")); };
  actions[1].table = f.table;
  actions[1].key = key("b");
  actions[1].decide = [](const Item*) { return std::optional<Item>(); };
  Transaction::write(actions);
  auto records = f.all_records();
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[1].event_name, StreamEventName::Insert);
  EXPECT_EQ(records[2].event_name, StreamEventName::Remove);
}

TEST(Stream, AnItemsRecordsStayInOneShardInOrder) {
  Fixture f(StreamViewType::NewImage, /*open_shards=*/4);
  for (int i = 0; i < 20; ++i) {
    for (const char* pk : {"a", "b", "c", "d", "e"}) f.table->put(item(pk, std::to_string(i)));
  }
  auto shards = f.stream->shards();
  ASSERT_EQ(shards.size(), 4u);
  std::map<std::string, std::string> shard_of;
  std::map<std::string, int> next_value;
  for (const StreamShard& shard : shards) {
    auto page = f.stream->read(shard.id, shard.starting_sequence, 1000, 1 << 20);
    for (const auto& record : page.records) {
      std::string pk = record.keys.at("pk").as_string();
      if (shard_of.contains(pk)) {
        EXPECT_EQ(shard_of[pk], shard.id);
      }
      shard_of[pk] = shard.id;
      EXPECT_EQ(record.new_image->at("v").as_string(), std::to_string(next_value[pk]++));
    }
  }
  EXPECT_EQ(next_value.size(), 5u);
  for (const auto& [pk, count] : next_value) EXPECT_EQ(count, 20) << pk;
}

TEST(Stream, ShardsRollOverToChildrenThatNameTheirParent) {
  Fixture f;
  f.table->put(item("a", "1"));
  auto first = f.stream->shards();
  ASSERT_EQ(first.size(), 1u);
  EXPECT_FALSE(first[0].ending_sequence);

  f.now += 1000;
  f.table->put(item("a", "2"));
  auto shards = f.stream->shards();
  ASSERT_EQ(shards.size(), 2u);
  EXPECT_EQ(shards[0].id, first[0].id);
  ASSERT_TRUE(shards[0].ending_sequence);
  EXPECT_EQ(shards[1].parent_id, first[0].id);
  EXPECT_FALSE(shards[1].ending_sequence);
  EXPECT_LT(shards[0].id, shards[1].id);

  // The parent, read to its end, has no next position; the child has the new record.
  auto parent = f.stream->read(shards[0].id, shards[0].starting_sequence, 1000, 1 << 20);
  ASSERT_EQ(parent.records.size(), 1u);
  EXPECT_EQ(*shards[0].ending_sequence, parent.records[0].sequence);
  EXPECT_FALSE(parent.next_position);
  auto child = f.stream->read(shards[1].id, shards[1].starting_sequence, 1000, 1 << 20);
  ASSERT_EQ(child.records.size(), 1u);
  EXPECT_EQ(child.records[0].new_image, item("a", "2"));
  EXPECT_TRUE(child.next_position);
}

TEST(Stream, AnIdleShardDoesNotRollOver) {
  Fixture f;
  f.now += 5000;
  EXPECT_EQ(f.stream->shards().size(), 1u);
}

TEST(Stream, RecordsPastRetentionAreTrimmedAndEmptyClosedShardsDisappear) {
  Fixture f;
  f.table->put(item("a", "1"));
  auto first = f.stream->shards()[0];
  uint64_t first_sequence = first.starting_sequence;
  f.now += 1000;
  f.table->put(item("a", "2"));  // rolls over
  f.now += 9500;                 // the first record is now older than 10 s
  EXPECT_THROW(f.stream->read(first.id, first_sequence, 10, 1 << 20), Error);
  try {
    f.stream->iterator_position(f.stream->shards()[1].id, IteratorStart::AtSequence,
                                first_sequence);
    FAIL() << "expected TrimmedDataAccess";
  } catch (const Error& error) {
    EXPECT_EQ(error.type(), ErrorType::TrimmedDataAccess);
  }
  f.now += 1000;  // the closed parent is past retention and empty
  auto shards = f.stream->shards();
  for (const auto& shard : shards) EXPECT_NE(shard.id, first.id);
}

TEST(Stream, MemoryBoundTrimsTheOldestRecords) {
  Fixture f(StreamViewType::KeysOnly, 1, /*max_records=*/3);
  for (int i = 0; i < 5; ++i) f.table->put(item("k" + std::to_string(i), "v"));
  auto records = f.all_records();
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].keys.at("pk").as_string(), "k2");
}

TEST(Stream, IteratorPositions) {
  Fixture f;
  f.table->put(item("a", "1"));
  f.table->put(item("b", "1"));
  auto shard = f.stream->shards()[0];
  auto all = f.stream->read(shard.id, shard.starting_sequence, 10, 1 << 20).records;
  ASSERT_EQ(all.size(), 2u);

  uint64_t latest = f.stream->iterator_position(shard.id, IteratorStart::Latest, std::nullopt);
  EXPECT_TRUE(f.stream->read(shard.id, latest, 10, 1 << 20).records.empty());
  f.table->put(item("c", "1"));
  auto after_latest = f.stream->read(shard.id, latest, 10, 1 << 20).records;
  ASSERT_EQ(after_latest.size(), 1u);
  EXPECT_EQ(after_latest[0].keys.at("pk").as_string(), "c");

  uint64_t at = f.stream->iterator_position(shard.id, IteratorStart::AtSequence, all[1].sequence);
  EXPECT_EQ(f.stream->read(shard.id, at, 10, 1 << 20).records.size(), 2u);
  uint64_t after =
      f.stream->iterator_position(shard.id, IteratorStart::AfterSequence, all[1].sequence);
  EXPECT_EQ(f.stream->read(shard.id, after, 10, 1 << 20).records.size(), 1u);
  uint64_t horizon =
      f.stream->iterator_position(shard.id, IteratorStart::TrimHorizon, std::nullopt);
  auto page = f.stream->read(shard.id, horizon, 2, 1 << 20);
  EXPECT_EQ(page.records.size(), 2u);
  EXPECT_EQ(*page.next_position, page.records[1].sequence + 1);

  try {
    f.stream->iterator_position("shardId-nope", IteratorStart::Latest, std::nullopt);
    FAIL() << "expected ResourceNotFound";
  } catch (const Error& error) {
    EXPECT_EQ(error.type(), ErrorType::ResourceNotFound);
    EXPECT_EQ(error.message(), "Requested resource not found: Shard does not exist");
  }
}

TEST(Stream, DisablingClosesEveryShardAndStopsRecording) {
  Fixture f(StreamViewType::KeysOnly, 2);
  f.table->put(item("a", "1"));
  f.stream->disable();
  f.table->put(item("a", "2"));
  EXPECT_EQ(f.stream->status(), StreamStatus::Disabled);
  for (const auto& shard : f.stream->shards()) EXPECT_TRUE(shard.ending_sequence);
  EXPECT_EQ(f.all_records().size(), 1u);
  EXPECT_FALSE(f.stream->expired());
  f.now += 20'000;
  EXPECT_TRUE(f.stream->expired());
}

TEST(StreamSequenceNumber, IsTwentyOneDigitsAndRoundTrips) {
  EXPECT_EQ(format_sequence_number(42), "100000000000000000042");
  EXPECT_EQ(parse_sequence_number("100000000000000000042"), 42u);
  EXPECT_FALSE(parse_sequence_number("00000000000000000042"));
  EXPECT_FALSE(parse_sequence_number("20000000000000000004x"));
}

}  // namespace
}  // namespace ddb::engine
