#pragma once

namespace ddb::protocol::legacy {

// The prefix of DynamoDB's messages for a parameter value that breaks a rule.
inline constexpr const char* kInvalidParameter = "One or more parameter values were invalid: ";

}  // namespace ddb::protocol::legacy
