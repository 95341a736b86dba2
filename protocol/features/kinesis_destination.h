#pragma once

#include <functional>
#include <optional>
#include <string>

#include "engine/table_definition.h"
#include "protocol/context.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// What the Kinesis streaming destination operations share. Destinations are validated and stored;
// nothing is ever sent to Kinesis (docs/COMPATIBILITY.md).

// The opening of EnableKinesisStreamingDestination, DisableKinesisStreamingDestination and
// UpdateKinesisStreamingDestination: TableName and StreamArn (37 to 1024 characters) under the
// model's constraints, then the configuration member `configuration` ("EnableKinesisStreaming
// Configuration", at model path `path`) with its ApproximateCreationDateTimePrecision.
struct DestinationRequest {
  std::string table_name;
  std::string stream_arn;
  const Json* configuration = nullptr;
  std::optional<engine::CreationTimePrecision> precision;
};
DestinationRequest read_destination_request(const Json& request, std::string_view configuration,
                                            std::string_view path);

// ValidationException unless `arn` is a Kinesis data stream's ARN,
// arn:<partition>:kinesis:<region>:<12-digit account>:stream/<name>.
void check_kinesis_stream_arn(const std::string& arn);

const char* precision_name(engine::CreationTimePrecision precision);

// Reads a changing request (read_destination_request), then calls `change` under the named
// table's definition lock with the table's destination for the StreamArn (nullptr when it has
// none). ResourceNotFoundException for a missing table. Returns the request read.
using DestinationChange = std::function<void(engine::TableDefinition&, engine::KinesisDestination*,
                                             const DestinationRequest&)>;
DestinationRequest change_destination(RequestContext& ctx, const Json& request,
                                      std::string_view configuration, std::string_view path,
                                      const DestinationChange& change);

// The answer of the three changing operations: TableName, StreamArn, the DestinationStatus the
// change passes through (`status`), and the request's configuration member echoed.
Json destination_response(const DestinationRequest& request, const char* status,
                          std::string_view configuration);

}  // namespace ddb::protocol
