#include "protocol/features/kinesis_destination.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// Every Kinesis destination the table was ever given, ACTIVE or DISABLED, in the order first
// enabled, with its precision. An empty list for a table that never had one.
Json describe_kinesis_streaming_destination(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.table_name(name, "tableName");
  constraints.check();
  auto table = find_table(ctx, *name);
  if (!table) throw table_not_found(*name);
  Json destinations = Json::array();
  for (const engine::KinesisDestination& destination :
       table->definition().features.kinesis_destinations) {
    destinations.push_back(
        {{"StreamArn", destination.stream_arn},
         {"DestinationStatus", destination.active ? "ACTIVE" : "DISABLED"},
         {"ApproximateCreationDateTimePrecision", precision_name(destination.precision)}});
  }
  return {{"TableName", table->definition().name},
          {"KinesisDataStreamDestinations", std::move(destinations)}};
}

}  // namespace ddb::protocol
