#include "engine/stream.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <random>

#include "engine/error.h"
#include "engine/key_hash.h"
#include "engine/table.h"

namespace ddb::engine {

namespace {

// The text of DynamoDB Streams' errors. "Shard does not exist" is the service's text as the
// Kinesis adapter logs it (amazon-archives/logstash-input-dynamodb#4); the trimmed-data text is
// the TrimmedDataAccessException documentation's first sentence, which DynamoDB Local returns.
constexpr const char* kShardNotFound = "Requested resource not found: Shard does not exist";
constexpr const char* kTrimmed =
    "The operation attempted to read past the oldest stream record in a shard.";

std::string random_hex(std::size_t digits) {
  thread_local std::mt19937_64 random{std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text(digits, '0');
  for (char& c : text) c = kHex[random() & 15];
  return text;
}

std::string padded(uint64_t value, std::size_t width) {
  std::string digits = std::to_string(value);
  return std::string(width > digits.size() ? width - digits.size() : 0, '0') + digits;
}

}  // namespace

int64_t system_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string format_sequence_number(uint64_t sequence) { return "1" + padded(sequence, 20); }

std::optional<uint64_t> parse_sequence_number(std::string_view text) {
  if (text.size() != 21 || text.front() != '1') return std::nullopt;
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

Stream::Stream(StreamIdentity identity, StreamOptions options)
    : identity_(std::move(identity)), options_(std::move(options)) {
  // Positions start at the creation time in ms times a million, so that two streams of one table
  // do not share sequence numbers.
  next_sequence_ = static_cast<uint64_t>(std::max<int64_t>(identity_.creation_ms, 0)) * 1'000'000;
  std::lock_guard lock(mutex_);
  int64_t now = options_.clock();
  open_shard_ids_.resize(std::max<uint32_t>(options_.open_shards, 1));
  for (std::size_t lineage = 0; lineage < open_shard_ids_.size(); ++lineage) {
    open_shard_locked(lineage, std::nullopt, now);
  }
}

StreamStatus Stream::status() const {
  std::lock_guard lock(mutex_);
  return disabled_ms_ ? StreamStatus::Disabled : StreamStatus::Enabled;
}

void Stream::open_shard_locked(std::size_t lineage, const std::optional<std::string>& parent,
                               int64_t now) const {
  Shard shard;
  shard.info.id = "shardId-" + padded(static_cast<uint64_t>(now), 20) + "-" + random_hex(8);
  shard.info.parent_id = parent;
  shard.info.starting_sequence = next_sequence_;
  shard.opened_ms = now;
  shard.trimmed_before = next_sequence_;
  open_shard_ids_[lineage] = shard.info.id;
  std::string id = shard.info.id;
  shards_.emplace(std::move(id), std::move(shard));
}

void Stream::close_shard_locked(Shard& shard, int64_t now) const {
  shard.closed_ms = now;
  // An empty shard ends where it starts: a reader finds nothing and reaches its end.
  shard.info.ending_sequence =
      shard.records.empty() ? shard.info.starting_sequence : shard.records.back().sequence;
}

void Stream::trim_oldest_locked() const {
  Shard* oldest = nullptr;
  for (auto& [id, shard] : shards_) {
    if (shard.records.empty()) continue;
    if (!oldest || shard.records.front().sequence < oldest->records.front().sequence) {
      oldest = &shard;
    }
  }
  if (!oldest) return;
  oldest->trimmed_before = oldest->records.front().sequence + 1;
  oldest->records.pop_front();
  --record_count_;
}

void Stream::maintain_locked(int64_t now) const {
  // Rollover: an open shard that has records and has been open a full period closes, and a child
  // takes over its partition keys. An idle shard stays open, so an idle stream does not pile up
  // empty shards.
  for (std::size_t lineage = 0; lineage < open_shard_ids_.size(); ++lineage) {
    auto it = shards_.find(open_shard_ids_[lineage]);
    if (it == shards_.end()) continue;
    Shard& shard = it->second;
    if (shard.records.empty() || now - shard.opened_ms < options_.shard_period_ms) continue;
    close_shard_locked(shard, now);
    open_shard_locked(lineage, shard.info.id, now);
  }
  // Retention: records older than the period go; a closed shard with nothing left goes once it
  // is itself older than the period. At most once a second: the pass visits every shard.
  if (last_trim_ms_ && now >= *last_trim_ms_ && now - *last_trim_ms_ < 1000) return;
  last_trim_ms_ = now;
  int64_t horizon = now - options_.retention_ms;
  for (auto it = shards_.begin(); it != shards_.end();) {
    Shard& shard = it->second;
    while (!shard.records.empty() && shard.records.front().created_ms < horizon) {
      shard.trimmed_before = shard.records.front().sequence + 1;
      shard.records.pop_front();
      --record_count_;
    }
    bool gone = shard.closed_ms && shard.records.empty() && *shard.closed_ms < horizon;
    it = gone ? shards_.erase(it) : std::next(it);
  }
}

std::optional<StreamRecord> Stream::make_record(const ItemChange& change, int64_t now) {
  // A write that leaves the item as it was is no change to a stream.
  if (change.old_item && change.new_item && *change.old_item == *change.new_item) {
    return std::nullopt;
  }
  if (!change.old_item && !change.new_item) return std::nullopt;
  StreamRecord record;
  record.event_id = random_hex(32);
  record.event_name = !change.old_item  ? StreamEventName::Insert
                      : change.new_item ? StreamEventName::Modify
                                        : StreamEventName::Remove;
  record.keys = key_to_item(change.key, change.table.key_schema());
  StreamViewType view = identity_.view_type;
  bool new_image = view == StreamViewType::NewImage || view == StreamViewType::NewAndOldImages;
  bool old_image = view == StreamViewType::OldImage || view == StreamViewType::NewAndOldImages;
  if (new_image && change.new_item) record.new_image = *change.new_item;
  if (old_image && change.old_item) record.old_image = *change.old_item;
  // SizeBytes: the Developer Guide's GetRecords example (an INSERT with Keys {Id: 101} and
  // NewImage {Message: "New item!", Id: 101}) reports 26 = 5 + 21, the item sizes of Keys and
  // NewImage.
  record.size_bytes = item_size(record.keys);
  if (record.new_image) record.size_bytes += item_size(*record.new_image);
  if (record.old_image) record.size_bytes += item_size(*record.old_image);
  record.created_ms = now;
  record.origin = change.origin;
  return record;
}

void Stream::on_changes(std::span<const ItemChange> changes) {
  // Built before the lock: copying images is the slow part.
  int64_t now = options_.clock();
  std::vector<std::pair<uint64_t, StreamRecord>> records;
  for (const ItemChange& change : changes) {
    if (auto record = make_record(change, now)) {
      records.emplace_back(partition_hash(change.key.partition), std::move(*record));
    }
  }
  if (records.empty()) return;
  std::lock_guard lock(mutex_);
  if (disabled_ms_) return;
  maintain_locked(now);
  for (auto& [hash, record] : records) {
    Shard& shard = shards_.at(open_shard_ids_[hash % open_shard_ids_.size()]);
    record.sequence = next_sequence_++;
    shard.records.push_back(std::move(record));
    if (++record_count_ > options_.max_records) trim_oldest_locked();
  }
}

void Stream::disable() {
  std::lock_guard lock(mutex_);
  if (disabled_ms_) return;
  int64_t now = options_.clock();
  maintain_locked(now);
  for (const std::string& id : open_shard_ids_) {
    auto it = shards_.find(id);
    if (it != shards_.end()) close_shard_locked(it->second, now);
  }
  open_shard_ids_.clear();
  disabled_ms_ = now;
}

bool Stream::expired() const {
  std::lock_guard lock(mutex_);
  int64_t now = options_.clock();
  maintain_locked(now);
  return disabled_ms_ && *disabled_ms_ < now - options_.retention_ms && record_count_ == 0;
}

std::vector<StreamShard> Stream::shards() const {
  std::lock_guard lock(mutex_);
  maintain_locked(options_.clock());
  std::vector<StreamShard> list;
  list.reserve(shards_.size());
  for (const auto& [id, shard] : shards_) list.push_back(shard.info);
  return list;
}

const Stream::Shard& Stream::find_locked(std::string_view shard_id) const {
  auto it = shards_.find(shard_id);
  if (it == shards_.end()) throw Error::resource_not_found(kShardNotFound);
  return it->second;
}

uint64_t Stream::iterator_position(std::string_view shard_id, IteratorStart start,
                                   std::optional<uint64_t> sequence) const {
  std::lock_guard lock(mutex_);
  maintain_locked(options_.clock());
  const Shard& shard = find_locked(shard_id);
  switch (start) {
    case IteratorStart::TrimHorizon:
      return shard.trimmed_before;
    case IteratorStart::Latest:
      // Past every record so far: for an open shard, where its next record will be.
      if (!shard.closed_ms) return next_sequence_;
      return shard.records.empty() ? shard.trimmed_before : shard.records.back().sequence + 1;
    case IteratorStart::AtSequence:
    case IteratorStart::AfterSequence:
      break;
  }
  uint64_t at = sequence.value_or(0);
  uint64_t position = start == IteratorStart::AtSequence ? at : at + 1;
  if (position < shard.trimmed_before) throw Error(ErrorType::TrimmedDataAccess, kTrimmed);
  return position;
}

RecordsPage Stream::read(std::string_view shard_id, uint64_t position, std::size_t limit,
                         std::size_t max_bytes) const {
  std::lock_guard lock(mutex_);
  maintain_locked(options_.clock());
  const Shard& shard = find_locked(shard_id);
  if (position < shard.trimmed_before) throw Error(ErrorType::TrimmedDataAccess, kTrimmed);
  RecordsPage page;
  auto it = std::lower_bound(
      shard.records.begin(), shard.records.end(), position,
      [](const StreamRecord& record, uint64_t at) { return record.sequence < at; });
  std::size_t bytes = 0;
  uint64_t next = position;
  for (; it != shard.records.end() && page.records.size() < limit && bytes < max_bytes; ++it) {
    bytes += it->size_bytes;
    next = it->sequence + 1;
    page.records.push_back(*it);
  }
  // A closed shard read to its end gives no next position: the reader moves to the children.
  if (!(shard.closed_ms && it == shard.records.end())) page.next_position = next;
  return page;
}

}  // namespace ddb::engine
