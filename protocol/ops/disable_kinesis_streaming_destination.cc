#include "engine/error.h"
#include "protocol/features/kinesis_destination.h"
#include "protocol/operations.h"

namespace ddb::protocol {

// Stops streaming to a Kinesis data stream: the destination stays listed, DISABLED (at once here;
// the answer reports DISABLING, the state DynamoDB passes through). Only an ACTIVE destination can
// be disabled; the refusal's text is this server's, shaped like the enabling one's.
Json disable_kinesis_streaming_destination(RequestContext& ctx, const Json& request) {
  constexpr std::string_view kConfiguration = "EnableKinesisStreamingConfiguration";
  DestinationRequest destination = change_destination(
      ctx, request, kConfiguration, "enableKinesisStreamingConfiguration",
      [](engine::TableDefinition&, engine::KinesisDestination* existing,
         const DestinationRequest&) {
        if (!existing || !existing->active) {
          throw engine::Error::validation(
              "Table is not in a valid state to disable Kinesis Streaming Destination: "
              "DisableKinesisStreamingDestination must be ACTIVE to perform DISABLE operation.");
        }
        existing->active = false;
      });
  return destination_response(destination, "DISABLING", kConfiguration);
}

}  // namespace ddb::protocol
