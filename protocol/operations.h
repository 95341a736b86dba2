#pragma once

#include "protocol/context.h"

namespace ddb::protocol {

// One function per DynamoDB operation, each in protocol/ops/<operation>.cc. Each validates its
// request as DynamoDB does, calls the engine, and returns the response body.
Json create_table(RequestContext& ctx, const Json& request);
Json describe_table(RequestContext& ctx, const Json& request);
Json list_tables(RequestContext& ctx, const Json& request);
Json delete_table(RequestContext& ctx, const Json& request);
Json update_table(RequestContext& ctx, const Json& request);
Json put_item(RequestContext& ctx, const Json& request);
Json get_item(RequestContext& ctx, const Json& request);
Json delete_item(RequestContext& ctx, const Json& request);
Json update_item(RequestContext& ctx, const Json& request);
Json query(RequestContext& ctx, const Json& request);
Json scan(RequestContext& ctx, const Json& request);
Json batch_get_item(RequestContext& ctx, const Json& request);
Json batch_write_item(RequestContext& ctx, const Json& request);
Json transact_write_items(RequestContext& ctx, const Json& request);
Json transact_get_items(RequestContext& ctx, const Json& request);
Json update_time_to_live(RequestContext& ctx, const Json& request);
Json describe_time_to_live(RequestContext& ctx, const Json& request);

}  // namespace ddb::protocol
