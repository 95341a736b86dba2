#include "engine/error.h"
#include "protocol/streams/operations.h"
#include "protocol/streams/stream_fields.h"

namespace ddb::protocol::streams {

// ListStreams: the readable streams, of one table when TableName is given, oldest first, Limit
// (1-100, default 100) at a time, resuming after ExclusiveStartStreamArn.
Json list_streams(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_name = get_string(request, "TableName");
  constraints.name(table_name, "tableName", /*required=*/false);
  auto limit = get_integer(request, "Limit");
  constraints.min(limit, 1, "limit");
  constraints.max(limit, 100, "limit");
  auto start = get_string(request, "ExclusiveStartStreamArn");
  length_between(constraints, start, 37, 1024, "exclusiveStartStreamArn");
  constraints.check();
  if (start && !is_stream_arn(*start)) {
    throw engine::Error::validation("Invalid ExclusiveStartStreamArn");
  }
  if (table_name && !ctx.database.find_table(ctx.region, *table_name)) {
    // A deleted table's streams stay listed by ARN, but the filter names a live table.
    bool known = false;
    for (const auto& stream : ctx.database.streams().list()) {
      known = known || (stream->identity().table_name == *table_name &&
                        stream->identity().region == ctx.region);
    }
    if (!known) throw table_not_found(*table_name);
  }

  Json streams = Json::array();
  std::string last;
  bool more = false;
  bool started = !start;
  for (const auto& stream : ctx.database.streams().list()) {
    const engine::StreamIdentity& identity = stream->identity();
    if (!started) {
      started = identity.arn == *start;
      continue;
    }
    if (identity.region != ctx.region) continue;
    if (table_name && identity.table_name != *table_name) continue;
    if (streams.size() == static_cast<std::size_t>(limit.value_or(100))) {
      more = true;
      break;
    }
    streams.push_back({{"StreamArn", identity.arn},
                       {"TableName", identity.table_name},
                       {"StreamLabel", identity.label}});
    last = identity.arn;
  }
  Json response = {{"Streams", std::move(streams)}};
  if (more) response["LastEvaluatedStreamArn"] = last;
  return response;
}

}  // namespace ddb::protocol::streams
