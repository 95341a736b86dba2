#include "engine/error.h"
#include "protocol/streams/operations.h"
#include "protocol/streams/shard_iterator.h"
#include "protocol/streams/stream_fields.h"
#include "protocol/streams/stream_json.h"

namespace ddb::protocol::streams {

namespace {

// GetRecords returns at most 1 MB of records (the API Reference's GetRecords page).
constexpr std::size_t kMaxPageBytes = 1024 * 1024;

}  // namespace

// GetRecords: up to Limit (1-1000, default 1000) records from an iterator's position, and the
// iterator to continue with, which is absent once a closed shard has been read to its end.
Json get_records(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto text = get_string(request, "ShardIterator");
  constraints.not_null(text.has_value(), "shardIterator");
  length_between(constraints, text, 1, 2048, "shardIterator");
  auto limit = get_integer(request, "Limit");
  constraints.min(limit, 1, "limit");
  constraints.max(limit, 1000, "limit");
  constraints.check();

  int64_t now = streams_now_ms(ctx);
  ShardIterator iterator = decode_shard_iterator(*text, now);
  auto stream = require_stream(ctx, iterator.stream_arn);
  engine::RecordsPage page =
      stream->read(iterator.shard_id, iterator.position,
                   static_cast<std::size_t>(limit.value_or(1000)), kMaxPageBytes);
  const engine::StreamIdentity& identity = stream->identity();
  std::string region = arn_region(identity.arn);
  Json records = Json::array();
  for (const engine::StreamRecord& record : page.records) {
    records.push_back(record_json(record, identity.view_type, region));
  }
  Json response = {{"Records", std::move(records)}};
  if (page.next_position) {
    response["NextShardIterator"] =
        encode_shard_iterator({iterator.stream_arn, iterator.shard_id, *page.next_position, now});
  }
  return response;
}

}  // namespace ddb::protocol::streams
