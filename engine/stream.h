#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/item.h"
#include "engine/item_change.h"
#include "engine/table_definition.h"

namespace ddb::engine {

enum class StreamEventName { Insert, Modify, Remove };
// ENABLING and DISABLING pass at once locally, so a stream is ENABLED or DISABLED.
enum class StreamStatus { Enabled, Disabled };

// Milliseconds since the epoch; tests substitute a clock they move by hand.
using StreamClock = std::function<int64_t()>;
int64_t system_clock_ms();

inline constexpr int64_t kHourMs = int64_t{3600} * 1000;

struct StreamOptions {
  // An open shard with records closes and gets a child this long after it opened (DynamoDB: about
  // every 4 hours). The rollover happens at the next write or read of the stream.
  int64_t shard_period_ms = 4 * kHourMs;
  // Records older than this are trimmed (DynamoDB Streams keeps records 24 hours).
  int64_t retention_ms = 24 * kHourMs;
  // Open shards at once; an item's records all go to the shard its partition key hashes to.
  uint32_t open_shards = 4;
  // A bound on memory: past this many records, the oldest are trimmed early.
  std::size_t max_records = 1'000'000;
  StreamClock clock = system_clock_ms;
};

// What names a stream: fixed when the stream is enabled.
struct StreamIdentity {
  std::string arn;    // arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>
  std::string label;  // the ISO-8601 creation time with milliseconds
  std::string table_name;
  std::string region;  // the Database region (namespace) of the table
  KeySchema key_schema;
  StreamViewType view_type = StreamViewType::NewAndOldImages;
  int64_t creation_ms = 0;
};

// One change as the stream reports it. The images present follow the stream's view type.
struct StreamRecord {
  std::string event_id;  // 32 hex digits, unique
  StreamEventName event_name = StreamEventName::Insert;
  Item keys;
  std::optional<Item> new_image;
  std::optional<Item> old_image;
  int64_t created_ms = 0;
  uint64_t sequence = 0;  // format_sequence_number gives the wire form
  // DynamoDB's SizeBytes: the item sizes of Keys plus the images the record carries.
  std::size_t size_bytes = 0;
  ChangeOrigin origin = ChangeOrigin::Client;
};

// A sequence number on the wire: 21 decimal digits, "1" then the position zero-padded to 20, so
// that numeric and lexical order agree. parse_sequence_number returns nullopt for anything else.
std::string format_sequence_number(uint64_t sequence);
std::optional<uint64_t> parse_sequence_number(std::string_view text);

// A shard as DescribeStream lists it.
struct StreamShard {
  std::string id;  // "shardId-" + 20-digit creation ms + "-" + 8 hex digits: sorts by age
  std::optional<std::string> parent_id;
  uint64_t starting_sequence = 0;
  std::optional<uint64_t> ending_sequence;  // set once the shard is closed
};

// Where a shard iterator starts (GetShardIterator's ShardIteratorType).
enum class IteratorStart { TrimHorizon, Latest, AtSequence, AfterSequence };

// One GetRecords page. `next_position` is absent once a closed shard has been read to its end.
struct RecordsPage {
  std::vector<StreamRecord> records;
  std::optional<uint64_t> next_position;
};

// A table's DynamoDB stream: a ChangeListener that turns each committed change into one record in
// the shard of its partition key, in commit order. Shards roll over to children on a schedule and
// records are trimmed after the retention period. Thread-safe (one mutex); on_changes never
// throws. Positions are sequence values: a reader at position p next gets the first record of
// its shard with sequence >= p.
class Stream : public ChangeListener {
 public:
  Stream(StreamIdentity identity, StreamOptions options);

  const StreamIdentity& identity() const { return identity_; }
  StreamStatus status() const;

  void on_changes(std::span<const ItemChange> changes) override;
  // Closes every open shard; the stream stays readable until its records are trimmed.
  void disable();
  // True once a disabled stream has nothing left to read and the retention period has passed.
  bool expired() const;

  // Every shard still held, in shard id order (parents before children).
  std::vector<StreamShard> shards() const;
  // The position GetShardIterator starts at. Throws ResourceNotFound for an unknown shard and
  // TrimmedDataAccess for a sequence number that has been trimmed.
  uint64_t iterator_position(std::string_view shard_id, IteratorStart start,
                             std::optional<uint64_t> sequence) const;
  // Up to `limit` records from `position`, stopping after the record that reaches `max_bytes`.
  // Throws ResourceNotFound for an unknown shard, TrimmedDataAccess when records at `position`
  // were trimmed.
  RecordsPage read(std::string_view shard_id, uint64_t position, std::size_t limit,
                   std::size_t max_bytes) const;

 private:
  struct Shard {
    StreamShard info;
    std::deque<StreamRecord> records;
    int64_t opened_ms = 0;
    std::optional<int64_t> closed_ms;
    uint64_t trimmed_before = 0;  // every record of this shard below it is gone
  };

  // Rolls shards over and trims old records. Requires: mutex_ held.
  void maintain_locked(int64_t now) const;
  void open_shard_locked(std::size_t lineage, const std::optional<std::string>& parent,
                         int64_t now) const;
  void close_shard_locked(Shard& shard, int64_t now) const;
  void trim_oldest_locked() const;
  const Shard& find_locked(std::string_view shard_id) const;
  std::optional<StreamRecord> make_record(const ItemChange& change, int64_t now);

  const StreamIdentity identity_;
  const StreamOptions options_;
  mutable std::mutex mutex_;
  // Shards are created and trimmed on reads as well as writes, hence mutable.
  mutable std::map<std::string, Shard, std::less<>> shards_;
  mutable std::vector<std::string> open_shard_ids_;  // by lineage; empty once disabled
  mutable uint64_t next_sequence_ = 0;
  mutable std::size_t record_count_ = 0;
  mutable std::optional<int64_t> last_trim_ms_;
  std::optional<int64_t> disabled_ms_;
};

}  // namespace ddb::engine
