#pragma once

#include <optional>

#include "engine/table_definition.h"
#include "protocol/constraints.h"
#include "protocol/json_fields.h"

namespace ddb::protocol {

// The current time in epoch seconds, with milliseconds, as DynamoDB's *DateTime fields carry it.
double now_seconds();

// Reads a request's ProvisionedThroughput (CreateTable, UpdateTable), adding the model's
// constraint violations to `constraints`; std::nullopt when the member is absent.
std::optional<engine::ProvisionedThroughput> parse_throughput(const Json& request,
                                                              Constraints& constraints);

}  // namespace ddb::protocol
