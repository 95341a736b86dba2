#pragma once

#include <optional>
#include <string>

#include "engine/table.h"
#include "protocol/context.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// A request's StreamSpecification (CreateTable, UpdateTable).
struct StreamSpecificationRequest {
  bool enabled = false;
  std::optional<engine::StreamViewType> view_type;
};

// Reads StreamSpecification, recording model violations (StreamEnabled missing, an unknown
// StreamViewType) in `constraints`; nullopt when absent.
std::optional<StreamSpecificationRequest> parse_stream_specification(const Json& request,
                                                                     Constraints& constraints);

// Throws DynamoDB's ValidationException for StreamEnabled true without a StreamViewType.
void check_stream_specification(const StreamSpecificationRequest& specification);

// Applies an UpdateTable StreamSpecification to `table`: enables a new stream or disables the
// current one, with DynamoDB's errors for enabling an enabled stream (whatever the view type) and
// disabling when none is enabled.
void update_stream(RequestContext& ctx, engine::Table& table,
                   const StreamSpecificationRequest& specification);

// Enables a stream of `view_type` on `table` and records it in the table's definition.
void enable_stream(RequestContext& ctx, engine::Table& table, engine::StreamViewType view_type);

// Disables the table's stream, if one is enabled (DeleteTable).
void disable_stream(RequestContext& ctx, engine::Table& table);

const char* stream_view_type_name(engine::StreamViewType type);

// DescribeTable's stream members: StreamSpecification while enabled, LatestStreamArn and
// LatestStreamLabel once a stream has existed.
void add_stream_description(const engine::TableDefinition& definition, Json& description);

}  // namespace ddb::protocol
