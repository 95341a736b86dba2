#include "engine/error.h"
#include "protocol/streams/operations.h"
#include "protocol/streams/stream_fields.h"
#include "protocol/streams/stream_json.h"
#include "protocol/tables/stream_specification.h"

namespace ddb::protocol::streams {

namespace {

Json key_schema_json(const engine::KeySchema& schema) {
  Json elements = Json::array();
  elements.push_back({{"AttributeName", schema.partition.name}, {"KeyType", "HASH"}});
  if (schema.sort) elements.push_back({{"AttributeName", schema.sort->name}, {"KeyType", "RANGE"}});
  return elements;
}

// The parent shard of a ShardFilter {Type: CHILD_SHARDS, ShardId}, or std::nullopt without a
// filter (or with one that lacks its ShardId: refused after the model's constraints). Type is the
// model's enum, of which CHILD_SHARDS is the only value.
std::optional<std::string> read_shard_filter(const Json& request, Constraints& constraints) {
  const Json* filter = get_structure(request, "ShardFilter", "ShardFilter");
  if (!filter) return std::nullopt;
  auto type = get_string(*filter, "Type");
  auto shard_id = get_string(*filter, "ShardId");
  constraints.one_of(type, {"CHILD_SHARDS"}, "shardFilter.type");
  length_between(constraints, shard_id, 28, 65, "shardFilter.shardId");
  if (!type) return std::nullopt;
  return shard_id;
}

}  // namespace

// DescribeStream: the stream and its shards in shard id order (parents before children, which
// the Kinesis adapter relies on), Limit (1-100, default 100) at a time after
// ExclusiveStartShardId. A ShardFilter keeps only the children of its shard, as DynamoDB has
// done since 2025 (API Reference, DescribeStream); a shard without children, or that the stream
// does not hold, has none.
Json describe_stream(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "StreamArn");
  constraints.not_null(arn.has_value(), "streamArn");
  length_between(constraints, arn, 37, 1024, "streamArn");
  auto limit = get_integer(request, "Limit");
  constraints.min(limit, 1, "limit");
  constraints.max(limit, 100, "limit");
  auto start = get_string(request, "ExclusiveStartShardId");
  length_between(constraints, start, 28, 65, "exclusiveStartShardId");
  std::optional<std::string> parent = read_shard_filter(request, constraints);
  constraints.check();
  if (find_member(request, "ShardFilter") && !parent) {
    throw engine::Error::validation("ShardFilter of type CHILD_SHARDS requires a ShardId");
  }
  auto stream = require_stream(ctx, *arn);
  const engine::StreamIdentity& identity = stream->identity();

  Json shards = Json::array();
  std::string last;
  bool more = false;
  for (const engine::StreamShard& shard : stream->shards()) {
    if (start && shard.id <= *start) continue;
    if (parent && shard.parent_id != *parent) continue;
    if (shards.size() == static_cast<std::size_t>(limit.value_or(100))) {
      more = true;
      break;
    }
    shards.push_back(shard_json(shard));
    last = shard.id;
  }
  bool enabled = stream->status() == engine::StreamStatus::Enabled;
  Json description = {
      {"StreamArn", identity.arn},
      {"StreamLabel", identity.label},
      {"StreamStatus", enabled ? "ENABLED" : "DISABLED"},
      {"StreamViewType", stream_view_type_name(identity.view_type)},
      {"CreationRequestDateTime", static_cast<double>(identity.creation_ms) / 1000.0},
      {"TableName", identity.table_name},
      {"KeySchema", key_schema_json(identity.key_schema)},
      {"Shards", std::move(shards)},
  };
  if (more) description["LastEvaluatedShardId"] = last;
  return {{"StreamDescription", std::move(description)}};
}

}  // namespace ddb::protocol::streams
