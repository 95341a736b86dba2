#include "protocol/streams/stream_fields.h"

#include "engine/error.h"

namespace ddb::protocol::streams {

void length_between(Constraints& constraints, const std::optional<std::string>& value,
                    std::size_t minimum, std::size_t maximum, std::string_view path) {
  if (!value) return;
  std::string quoted = "'" + *value + "'";
  if (value->size() < minimum) {
    constraints.add(constraint_violation(
        quoted, path,
        "Member must have length greater than or equal to " + std::to_string(minimum)));
  } else if (value->size() > maximum) {
    constraints.add(constraint_violation(
        quoted, path, "Member must have length less than or equal to " + std::to_string(maximum)));
  }
}

bool is_stream_arn(std::string_view arn) {
  constexpr std::string_view kPrefix = "arn:aws:dynamodb:";
  if (!arn.starts_with(kPrefix)) return false;
  std::size_t table = arn.find(":table/");
  std::size_t stream = arn.find("/stream/");
  return table != std::string_view::npos && stream != std::string_view::npos && table < stream &&
         stream + 8 < arn.size();
}

std::string arn_region(std::string_view arn) {
  std::string_view rest = arn.substr(std::string_view("arn:aws:dynamodb:").size());
  return std::string(rest.substr(0, rest.find(':')));
}

std::shared_ptr<engine::Stream> require_stream(const RequestContext& ctx, const std::string& arn) {
  // Not confirmed against the service: its answer to a malformed ARN is a ValidationException
  // whose text has not been captured.
  if (!is_stream_arn(arn)) throw engine::Error::validation("Invalid StreamArn");
  auto stream = ctx.database.streams().find(arn);
  // DynamoDB Local's text (localstack/localstack#1655). Another region's stream is not found, as
  // its table is not.
  if (!stream || stream->identity().region != ctx.region) {
    throw engine::Error::resource_not_found("Requested resource not found: Stream: " + arn +
                                            " not found");
  }
  return stream;
}

int64_t streams_now_ms(const RequestContext& ctx) {
  return ctx.database.streams().options().clock();
}

}  // namespace ddb::protocol::streams
