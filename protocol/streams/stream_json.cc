#include "protocol/streams/stream_json.h"

#include "protocol/json/value_json.h"
#include "protocol/tables/stream_specification.h"

namespace ddb::protocol::streams {

namespace {

const char* event_name(engine::StreamEventName name) {
  switch (name) {
    case engine::StreamEventName::Insert:
      return "INSERT";
    case engine::StreamEventName::Modify:
      return "MODIFY";
    case engine::StreamEventName::Remove:
      break;
  }
  return "REMOVE";
}

}  // namespace

Json record_json(const engine::StreamRecord& record, engine::StreamViewType view_type,
                 std::string_view region) {
  // ApproximateCreationDateTime in whole seconds, as DynamoDB Streams rounds it (the Developer
  // Guide's GetRecords examples).
  Json dynamodb = {
      {"ApproximateCreationDateTime", record.created_ms / 1000},
      {"Keys", item_to_json(record.keys)},
      {"SequenceNumber", engine::format_sequence_number(record.sequence)},
      {"SizeBytes", record.size_bytes},
      {"StreamViewType", stream_view_type_name(view_type)},
  };
  if (record.new_image) dynamodb["NewImage"] = item_to_json(*record.new_image);
  if (record.old_image) dynamodb["OldImage"] = item_to_json(*record.old_image);
  Json json = {
      {"eventID", record.event_id}, {"eventName", event_name(record.event_name)},
      {"eventVersion", "1.1"},      {"eventSource", "aws:dynamodb"},
      {"awsRegion", region},        {"dynamodb", std::move(dynamodb)},
  };
  // TTL deletions are the service's own (Developer Guide, "Working with expired items and time to
  // live").
  if (record.origin == engine::ChangeOrigin::TimeToLive) {
    json["userIdentity"] = {{"PrincipalId", "dynamodb.amazonaws.com"}, {"Type", "Service"}};
  }
  return json;
}

Json shard_json(const engine::StreamShard& shard) {
  Json range = {
      {"StartingSequenceNumber", engine::format_sequence_number(shard.starting_sequence)}};
  if (shard.ending_sequence) {
    range["EndingSequenceNumber"] = engine::format_sequence_number(*shard.ending_sequence);
  }
  Json json = {{"ShardId", shard.id}, {"SequenceNumberRange", std::move(range)}};
  if (shard.parent_id) json["ParentShardId"] = *shard.parent_id;
  return json;
}

}  // namespace ddb::protocol::streams
