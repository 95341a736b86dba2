#pragma once

namespace ddb::engine {

// DynamoDB's messages for update failures that only the item can reveal. They come bare, without
// the "Invalid UpdateExpression: " prefix of the checks made before reading the item: moto's
// exceptions (AttributeDoesNotExist, IncorrectDataType), client code comparing err.message to the
// first one, and the UpdateItem/TransactWriteItems API reference, which lists all three among the
// ValidationException reasons. scylladb's test_update_expression.py (run against DynamoDB) pins
// down when each one occurs.

// A SET value reads a path the item does not have, outside if_not_exists().
inline constexpr const char* kMissingAttributeMessage =
    "The provided expression refers to an attribute that does not exist in the item";

// `+`/`-` on a non-number, list_append() on a non-list, ADD/DELETE against an attribute of another
// type.
inline constexpr const char* kIncorrectDataTypeMessage =
    "An operand in the update expression has an incorrect data type";

// A path through a missing attribute or through a value that is not the map or list its next step
// needs.
inline constexpr const char* kInvalidDocumentPathMessage =
    "The document path provided in the update expression is invalid for update";

}  // namespace ddb::engine
