#pragma once

#include "protocol/context.h"
#include "protocol/json/response_body.h"

namespace ddb::protocol {

// One function per DynamoDB operation, each in protocol/ops/<operation>.cc. Each validates its
// request as DynamoDB does, calls the engine, and returns the response body (those that return
// items write them out themselves: response_body.h; those that return void answer with an empty
// body, zero bytes, as DynamoDB answers TagResource and UntagResource).
Json create_table(RequestContext& ctx, const Json& request);
Json describe_table(RequestContext& ctx, const Json& request);
Json list_tables(RequestContext& ctx, const Json& request);
Json delete_table(RequestContext& ctx, const Json& request);
Json update_table(RequestContext& ctx, const Json& request);
ResponseBody put_item(RequestContext& ctx, const Json& request);
ResponseBody get_item(RequestContext& ctx, const Json& request);
ResponseBody delete_item(RequestContext& ctx, const Json& request);
ResponseBody update_item(RequestContext& ctx, const Json& request);
ResponseBody query(RequestContext& ctx, const Json& request);
ResponseBody scan(RequestContext& ctx, const Json& request);
ResponseBody batch_get_item(RequestContext& ctx, const Json& request);
Json batch_write_item(RequestContext& ctx, const Json& request);
Json transact_write_items(RequestContext& ctx, const Json& request);
ResponseBody transact_get_items(RequestContext& ctx, const Json& request);
ResponseBody execute_statement(RequestContext& ctx, const Json& request);
Json batch_execute_statement(RequestContext& ctx, const Json& request);
Json execute_transaction(RequestContext& ctx, const Json& request);
Json update_time_to_live(RequestContext& ctx, const Json& request);
Json describe_time_to_live(RequestContext& ctx, const Json& request);
void tag_resource(RequestContext& ctx, const Json& request);
void untag_resource(RequestContext& ctx, const Json& request);
Json list_tags_of_resource(RequestContext& ctx, const Json& request);
Json describe_endpoints(RequestContext& ctx, const Json& request);
Json describe_limits(RequestContext& ctx, const Json& request);
Json put_resource_policy(RequestContext& ctx, const Json& request);
Json get_resource_policy(RequestContext& ctx, const Json& request);
Json delete_resource_policy(RequestContext& ctx, const Json& request);
Json describe_continuous_backups(RequestContext& ctx, const Json& request);
Json update_continuous_backups(RequestContext& ctx, const Json& request);
Json describe_contributor_insights(RequestContext& ctx, const Json& request);
Json update_contributor_insights(RequestContext& ctx, const Json& request);
Json list_contributor_insights(RequestContext& ctx, const Json& request);
Json enable_kinesis_streaming_destination(RequestContext& ctx, const Json& request);
Json disable_kinesis_streaming_destination(RequestContext& ctx, const Json& request);
Json describe_kinesis_streaming_destination(RequestContext& ctx, const Json& request);
Json update_kinesis_streaming_destination(RequestContext& ctx, const Json& request);
Json export_table_to_point_in_time(RequestContext& ctx, const Json& request);
Json describe_export(RequestContext& ctx, const Json& request);
Json list_exports(RequestContext& ctx, const Json& request);
Json import_table(RequestContext& ctx, const Json& request);
Json describe_import(RequestContext& ctx, const Json& request);
Json list_imports(RequestContext& ctx, const Json& request);
Json create_backup(RequestContext& ctx, const Json& request);
Json describe_backup(RequestContext& ctx, const Json& request);
Json list_backups(RequestContext& ctx, const Json& request);
Json delete_backup(RequestContext& ctx, const Json& request);
Json restore_table_from_backup(RequestContext& ctx, const Json& request);
Json restore_table_to_point_in_time(RequestContext& ctx, const Json& request);

}  // namespace ddb::protocol
