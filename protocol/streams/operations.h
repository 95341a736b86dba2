#pragma once

#include "protocol/context.h"

namespace ddb::protocol::streams {

// One function per DynamoDB Streams operation (X-Amz-Target DynamoDBStreams_20120810.<Op>), each
// in protocol/streams/ops/<operation>.cc.
Json list_streams(RequestContext& ctx, const Json& request);
Json describe_stream(RequestContext& ctx, const Json& request);
Json get_shard_iterator(RequestContext& ctx, const Json& request);
Json get_records(RequestContext& ctx, const Json& request);

}  // namespace ddb::protocol::streams
