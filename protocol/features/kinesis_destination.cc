#include "protocol/features/kinesis_destination.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

#include "engine/error.h"

namespace ddb::protocol {

DestinationRequest read_destination_request(const Json& request, std::string_view configuration,
                                            std::string_view path) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  auto arn = get_string(request, "StreamArn");
  const Json* config = get_structure(request, configuration, configuration);
  std::optional<std::string> precision;
  if (config) precision = get_string(*config, "ApproximateCreationDateTimePrecision");
  constraints.table_name(name, "tableName");
  constraints.not_null(arn.has_value(), "streamArn");
  constraints.length(arn, 37, 1024, "streamArn");
  constraints.one_of(precision, {"MILLISECOND", "MICROSECOND"},
                     std::string(path) + ".approximateCreationDateTimePrecision");
  constraints.check();
  check_kinesis_stream_arn(*arn);
  DestinationRequest result{*name, *arn, config, std::nullopt};
  if (precision) {
    result.precision = *precision == "MICROSECOND" ? engine::CreationTimePrecision::Microsecond
                                                   : engine::CreationTimePrecision::Millisecond;
  }
  return result;
}

// The ARN form is Kinesis Data Streams'; the message is this server's (DynamoDB's text for a
// malformed StreamArn was not found in its documentation).
void check_kinesis_stream_arn(const std::string& arn) {
  // arn:<partition>:kinesis:<region>:<account>:stream/<name>; the name holds no colon or slash.
  std::vector<std::string_view> parts;
  std::string_view rest = arn;
  for (std::size_t colon; parts.size() < 5 && (colon = rest.find(':')) != rest.npos;) {
    parts.push_back(rest.substr(0, colon));
    rest.remove_prefix(colon + 1);
  }
  const auto digits = [](std::string_view text) {
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
  };
  bool ok = parts.size() == 5 && parts[0] == "arn" && !parts[1].empty() && parts[2] == "kinesis" &&
            !parts[3].empty() && parts[4].size() == 12 && digits(parts[4]) &&
            rest.starts_with("stream/") && rest.size() > 7 &&
            rest.find_first_of(":/", 7) == std::string_view::npos;
  if (!ok) {
    throw engine::Error::validation("StreamArn is not a valid Kinesis data stream ARN: " + arn);
  }
}

const char* precision_name(engine::CreationTimePrecision precision) {
  return precision == engine::CreationTimePrecision::Microsecond ? "MICROSECOND" : "MILLISECOND";
}

DestinationRequest change_destination(RequestContext& ctx, const Json& request,
                                      std::string_view configuration, std::string_view path,
                                      const DestinationChange& change) {
  DestinationRequest destination = read_destination_request(request, configuration, path);
  auto table = find_table(ctx, destination.table_name);
  if (!table) throw table_not_found(destination.table_name);
  table->update_definition([&](engine::TableDefinition& definition) {
    engine::KinesisDestination* existing = nullptr;
    for (engine::KinesisDestination& entry : definition.features.kinesis_destinations) {
      if (entry.stream_arn == destination.stream_arn) existing = &entry;
    }
    change(definition, existing, destination);
  });
  destination.table_name =
      table->definition().name;  // the name, when the request gave the table's ARN
  return destination;
}

Json destination_response(const DestinationRequest& request, const char* status,
                          std::string_view configuration) {
  Json response = {{"TableName", request.table_name},
                   {"StreamArn", request.stream_arn},
                   {"DestinationStatus", status}};
  if (request.configuration) {
    Json echoed = Json::object();
    if (request.precision) {
      echoed["ApproximateCreationDateTimePrecision"] = precision_name(*request.precision);
    }
    response[std::string(configuration)] = std::move(echoed);
  }
  return response;
}

}  // namespace ddb::protocol
