#include "protocol/tables/stream_specification.h"

#include <mutex>

#include "engine/error.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

namespace {

using engine::StreamViewType;

std::optional<StreamViewType> view_type_named(const std::string& name) {
  if (name == "KEYS_ONLY") return StreamViewType::KeysOnly;
  if (name == "NEW_IMAGE") return StreamViewType::NewImage;
  if (name == "OLD_IMAGE") return StreamViewType::OldImage;
  if (name == "NEW_AND_OLD_IMAGES") return StreamViewType::NewAndOldImages;
  return std::nullopt;
}

// Enabling and disabling one table's stream run one at a time, so that two UpdateTable calls
// cannot both enable a stream.
std::mutex stream_update_mutex;

}  // namespace

const char* stream_view_type_name(StreamViewType type) {
  switch (type) {
    case StreamViewType::KeysOnly:
      return "KEYS_ONLY";
    case StreamViewType::NewImage:
      return "NEW_IMAGE";
    case StreamViewType::OldImage:
      return "OLD_IMAGE";
    case StreamViewType::NewAndOldImages:
      break;
  }
  return "NEW_AND_OLD_IMAGES";
}

std::optional<StreamSpecificationRequest> parse_stream_specification(const Json& request,
                                                                     Constraints& constraints) {
  const Json* member = get_structure(request, "StreamSpecification", "StreamSpecification");
  if (!member) return std::nullopt;
  StreamSpecificationRequest specification;
  auto enabled = get_bool(*member, "StreamEnabled");
  // StreamEnabled is the one required member of the model's StreamSpecification.
  constraints.not_null(enabled.has_value(), "streamSpecification.streamEnabled");
  specification.enabled = enabled.value_or(false);
  auto view = get_string(*member, "StreamViewType");
  // The model's enum order (botocore's dynamodb service-2.json).
  constraints.one_of(view, {"NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"},
                     "streamSpecification.streamViewType");
  if (view) specification.view_type = view_type_named(*view);
  return specification;
}

void check_stream_specification(const StreamSpecificationRequest& specification) {
  // Not confirmed against the service: the text several emulators agree on for this rule.
  if (specification.enabled && !specification.view_type) {
    throw engine::Error::validation("StreamViewType must be specified when StreamEnabled is true");
  }
}

void enable_stream(RequestContext& ctx, engine::Table& table, StreamViewType view_type) {
  engine::TableDefinition definition = table.definition();
  engine::StreamIdentity identity;
  identity.arn = definition.arn + "/stream/";
  identity.table_name = definition.name;
  identity.region = std::string(ctx.region);
  identity.key_schema = definition.key_schema;
  identity.view_type = view_type;
  auto stream = ctx.database.streams().enable(table, std::move(identity));
  table.update_definition([&](engine::TableDefinition& changed) {
    changed.stream_view_type = view_type;
    changed.latest_stream_arn = stream->identity().arn;
    changed.latest_stream_label = stream->identity().label;
  });
}

void disable_stream(RequestContext& ctx, engine::Table& table) {
  engine::TableDefinition definition = table.definition();
  if (!definition.stream_view_type) return;
  ctx.database.streams().disable(table, definition.latest_stream_arn);
  table.update_definition(
      [](engine::TableDefinition& changed) { changed.stream_view_type.reset(); });
}

void update_stream(RequestContext& ctx, engine::Table& table,
                   const StreamSpecificationRequest& specification) {
  std::lock_guard lock(stream_update_mutex);
  engine::TableDefinition definition = table.definition();
  if (specification.enabled) {
    // The service's text, changing the view type included (scylladb/scylladb#6939, a run against
    // DynamoDB).
    if (definition.stream_view_type) {
      throw engine::Error::validation("Table already has an enabled stream: TableName: " +
                                      definition.name);
    }
    enable_stream(ctx, table, *specification.view_type);
    return;
  }
  // A ValidationException (UpdateTable's StreamSpecification documentation); the text is ours:
  // the service's has not been captured.
  if (!definition.stream_view_type) {
    throw engine::Error::validation("Table has no enabled stream to disable: TableName: " +
                                    definition.name);
  }
  disable_stream(ctx, table);
}

void add_stream_description(const engine::TableDefinition& definition, Json& description) {
  if (definition.stream_view_type) {
    description["StreamSpecification"] = {
        {"StreamEnabled", true},
        {"StreamViewType", stream_view_type_name(*definition.stream_view_type)}};
  }
  if (!definition.latest_stream_arn.empty()) {
    description["LatestStreamArn"] = definition.latest_stream_arn;
    description["LatestStreamLabel"] = definition.latest_stream_label;
  }
}

}  // namespace ddb::protocol
