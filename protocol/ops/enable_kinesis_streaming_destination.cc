#include "engine/error.h"
#include "protocol/features/kinesis_destination.h"
#include "protocol/operations.h"

namespace ddb::protocol {

// Starts streaming the table's changes to a Kinesis data stream: here the destination is stored
// and reported ACTIVE at once, and nothing is ever sent. The answer reports ENABLING, as
// DynamoDB's does while it sets the destination up (API Reference: "use
// DescribeKinesisStreamingDestination to check if streaming to the Kinesis data stream is
// ACTIVE"). A destination already ACTIVE cannot be enabled again; a disabled one can.
Json enable_kinesis_streaming_destination(RequestContext& ctx, const Json& request) {
  constexpr std::string_view kConfiguration = "EnableKinesisStreamingConfiguration";
  DestinationRequest destination = change_destination(
      ctx, request, kConfiguration, "enableKinesisStreamingConfiguration",
      [](engine::TableDefinition& definition, engine::KinesisDestination* existing,
         const DestinationRequest& requested) {
        if (existing && existing->active) {
          // The text up to "must be DISABLED" is DynamoDB's, as quoted in
          // aws-cloudformation/cloudformation-coverage-roadmap#707; the rest is this server's.
          throw engine::Error::validation(
              "Table is not in a valid state to enable Kinesis Streaming Destination: "
              "EnableKinesisStreamingDestination must be DISABLED or ENABLE_FAILED to perform "
              "ENABLE operation.");
        }
        engine::KinesisDestination next{
            requested.stream_arn, true,
            requested.precision.value_or(engine::CreationTimePrecision::Millisecond)};
        if (existing) {
          *existing = next;
        } else {
          definition.features.kinesis_destinations.push_back(next);
        }
      });
  return destination_response(destination, "ENABLING", kConfiguration);
}

}  // namespace ddb::protocol
