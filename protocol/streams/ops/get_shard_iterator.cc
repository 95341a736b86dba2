#include "engine/error.h"
#include "protocol/streams/operations.h"
#include "protocol/streams/shard_iterator.h"
#include "protocol/streams/stream_fields.h"

namespace ddb::protocol::streams {

// GetShardIterator: an iterator at TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER or
// AFTER_SEQUENCE_NUMBER of one shard.
Json get_shard_iterator(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "StreamArn");
  constraints.not_null(arn.has_value(), "streamArn");
  length_between(constraints, arn, 37, 1024, "streamArn");
  auto shard_id = get_string(request, "ShardId");
  constraints.not_null(shard_id.has_value(), "shardId");
  length_between(constraints, shard_id, 28, 65, "shardId");
  auto type = get_string(request, "ShardIteratorType");
  constraints.not_null(type.has_value(), "shardIteratorType");
  constraints.one_of(type,
                     {"TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"},
                     "shardIteratorType");
  auto sequence_text = get_string(request, "SequenceNumber");
  length_between(constraints, sequence_text, 21, 40, "sequenceNumber");
  constraints.check();

  // A sequence number goes with exactly the two iterator types that start at one; the service
  // answers both mistakes, and a malformed number, with a ValidationException (scylladb's
  // test_streams.py, run against DynamoDB). The texts are ours.
  bool needs_sequence = *type == "AT_SEQUENCE_NUMBER" || *type == "AFTER_SEQUENCE_NUMBER";
  if (needs_sequence && !sequence_text) {
    throw engine::Error::validation("SequenceNumber is required for ShardIteratorType " + *type);
  }
  if (!needs_sequence && sequence_text) {
    throw engine::Error::validation("SequenceNumber is not allowed for ShardIteratorType " + *type);
  }
  std::optional<uint64_t> sequence;
  if (sequence_text) {
    sequence = engine::parse_sequence_number(*sequence_text);
    if (!sequence) throw engine::Error::validation("Invalid SequenceNumber: " + *sequence_text);
  }
  auto stream = require_stream(ctx, *arn);
  engine::IteratorStart start = *type == "TRIM_HORIZON" ? engine::IteratorStart::TrimHorizon
                                : *type == "LATEST"     ? engine::IteratorStart::Latest
                                : *type == "AT_SEQUENCE_NUMBER"
                                    ? engine::IteratorStart::AtSequence
                                    : engine::IteratorStart::AfterSequence;
  uint64_t position = stream->iterator_position(*shard_id, start, sequence);
  return {
      {"ShardIterator", encode_shard_iterator({*arn, *shard_id, position, streams_now_ms(ctx)})}};
}

}  // namespace ddb::protocol::streams
