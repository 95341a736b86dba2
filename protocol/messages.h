#pragma once

#include <string_view>

namespace ddb::protocol {

// The texts of DynamoDB's messages that more than one part of protocol/ writes, spelled once. A
// text used by one file only stays in that file, next to the rule that throws it. (engine/ cannot
// include this header and spells its own index-key messages.)

// The prefix of a message about a parameter value that breaks one of the service's rules (not a
// model constraint): "One or more parameter values were invalid: Type mismatch for key pk ...".
inline constexpr std::string_view kInvalidParameterValues =
    "One or more parameter values were invalid: ";

// The envelope DynamoDB's newer validator puts around a single message, as PutItem, UpdateItem
// and DeleteItem report value and expression errors, and Query its Select errors. The model
// constraints build their own count ("2 validation errors detected: ", Constraints::check).
inline constexpr std::string_view kOneValidationError = "1 validation error detected: ";

// GetItem, UpdateItem and DeleteItem's Key, and an index read's ExclusiveStartKey, when the
// attributes are not exactly the key schema's with its types.
inline constexpr std::string_view kKeyDoesNotMatchSchema =
    "The provided key element does not match the schema";

// A Query whose key condition (KeyConditionExpression or the legacy KeyConditions) leaves out a key
// attribute it needs: "Query condition missed key schema element: pk".
inline constexpr std::string_view kQueryMissedKeyElement =
    "Query condition missed key schema element: ";

// An expression past the limit of 300 operators, in the "Invalid <kind>: " frame of its
// expression: "The expression contains too many operators; operator count: 301".
inline constexpr std::string_view kTooManyOperators =
    "The expression contains too many operators; operator count: ";

// The rule of a model constraint on a list or string that must not be empty, for
// constraint_violation.
inline constexpr std::string_view kMinLengthOne =
    "Member must have length greater than or equal to 1";

}  // namespace ddb::protocol
