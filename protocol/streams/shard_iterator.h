#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ddb::protocol::streams {

// What a shard iterator stands for: a position in one shard of one stream, and when
// GetShardIterator (or GetRecords, for NextShardIterator) issued it.
struct ShardIterator {
  std::string stream_arn;
  std::string shard_id;
  uint64_t position = 0;
  int64_t issued_ms = 0;
};

// Iterators expire 15 minutes after they are issued (ExpiredIteratorException).
inline constexpr int64_t kIteratorLifetimeMs = int64_t{15} * 60 * 1000;

// The wire form: "<stream arn>|1|<base64 of the rest>", the shape of DynamoDB's iterators.
std::string encode_shard_iterator(const ShardIterator& iterator);
// Throws ValidationException for text that is not an iterator this server issued, and
// ExpiredIteratorException for one older than kIteratorLifetimeMs at `now_ms`.
ShardIterator decode_shard_iterator(std::string_view text, int64_t now_ms);

}  // namespace ddb::protocol::streams
