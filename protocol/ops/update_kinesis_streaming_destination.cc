#include "engine/error.h"
#include "protocol/features/kinesis_destination.h"
#include "protocol/operations.h"

namespace ddb::protocol {

// Changes an ACTIVE destination's ApproximateCreationDateTimePrecision. The answer reports
// UPDATING, the state DynamoDB passes through; the change is complete at once here. The refusals'
// texts are this server's, shaped like the enabling one's.
Json update_kinesis_streaming_destination(RequestContext& ctx, const Json& request) {
  constexpr std::string_view kConfiguration = "UpdateKinesisStreamingConfiguration";
  DestinationRequest destination = change_destination(
      ctx, request, kConfiguration, "updateKinesisStreamingConfiguration",
      [](engine::TableDefinition&, engine::KinesisDestination* existing,
         const DestinationRequest& requested) {
        if (!existing || !existing->active) {
          throw engine::Error::validation(
              "Table is not in a valid state to update Kinesis Streaming Destination: "
              "UpdateKinesisStreamingDestination must be ACTIVE to perform UPDATE operation.");
        }
        if (!requested.precision) {
          throw engine::Error::validation(
              "UpdateKinesisStreamingConfiguration must specify "
              "ApproximateCreationDateTimePrecision");
        }
        if (existing->precision == *requested.precision) {
          throw engine::Error::validation(
              "Invalid Request: Precision is already set to the desired value of " +
              std::string(precision_name(*requested.precision)));
        }
        existing->precision = *requested.precision;
      });
  return destination_response(destination, "UPDATING", kConfiguration);
}

}  // namespace ddb::protocol
