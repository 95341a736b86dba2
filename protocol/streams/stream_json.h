#pragma once

#include <string_view>

#include "engine/stream.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol::streams {

// One GetRecords record: eventID, eventName, eventVersion, eventSource, awsRegion, the dynamodb
// member (keys, images, sequence number, size, view type) and, for a TTL deletion, the service's
// userIdentity.
Json record_json(const engine::StreamRecord& record, engine::StreamViewType view_type,
                 std::string_view region);

// One DescribeStream shard: ShardId, SequenceNumberRange and ParentShardId when it has one.
Json shard_json(const engine::StreamShard& shard);

}  // namespace ddb::protocol::streams
