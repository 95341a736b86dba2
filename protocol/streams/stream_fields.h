#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/stream.h"
#include "protocol/context.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol::streams {

// A string member's length rule from the DynamoDB Streams model ("Member must have length greater
// than or equal to 37"), recorded in `constraints`.
void length_between(Constraints& constraints, const std::optional<std::string>& value,
                    std::size_t minimum, std::size_t maximum, std::string_view path);

// The stream `arn` names. ValidationException when `arn` is not a stream ARN (the service's
// answer to a malformed ARN, scylladb's test_streams.py run against DynamoDB),
// ResourceNotFoundException when no such stream is readable.
std::shared_ptr<engine::Stream> require_stream(const RequestContext& ctx, const std::string& arn);

// True when `arn` has the form arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>.
bool is_stream_arn(std::string_view arn);
// The region field of a stream ARN.
std::string arn_region(std::string_view arn);

// Now, by the streams' clock (tests move it).
int64_t streams_now_ms(const RequestContext& ctx);

}  // namespace ddb::protocol::streams
