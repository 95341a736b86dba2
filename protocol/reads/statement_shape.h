#pragma once

#include <string>
#include <string_view>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// A Query's or Scan's shape, for the access-pattern report's filter efficiency and Scan findings:
// the operation, the IndexName and the expressions as the request wrote them, so that every
// request the same code sends has the same shape whatever its values:
//   Query IndexName=byCustomer KeyConditionExpression="#c = :c" FilterExpression="#s = :s"
// The legacy KeyConditions, QueryFilter and ScanFilter show their attributes and operators:
//   Scan ScanFilter={status EQ}
// Requires: `request` passed the operation's validation (members have their types).
std::string statement_shape(std::string_view operation, const Json& request);

}  // namespace ddb::protocol
