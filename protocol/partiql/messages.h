#pragma once

// The message texts of DynamoDB's PartiQL front end that more than one file uses.
//
// Sources: the syntax-error details ("Unexpected term", "Unexpected token after expression", ...)
// and "Aliasing is not supported" were captured from AWS (eu-west-2, 2026) by dynoxide's and
// another emulator's published tests; the other texts are DynamoDB Local's
// (ddb.partiql.shared.exceptions.ValidationExceptionMessages, as decompiled in public
// repositories), which AWS is believed to share but which were not all seen from AWS itself.

namespace ddb::protocol::partiql {

inline constexpr const char* kNotWellFormed = "Statement wasn't well formed, can't be processed: ";
inline constexpr const char* kIncompleteKey =
    "Where clause does not contain a mandatory equality on all key attributes";
inline constexpr const char* kParameterCountMismatch =
    "Number of parameters in request and statement don't match.";
inline constexpr const char* kDuplicateItem = "Duplicate primary key exists in table";
inline constexpr const char* kMixedTransaction =
    "ExecuteTransaction API does not support both read and write operations in the same request.";

}  // namespace ddb::protocol::partiql
