#pragma once

#include <string_view>

#include "protocol/partiql/ast.h"

namespace ddb::protocol::partiql {

// How deep parentheses, lists, maps and operators may nest in one statement. DynamoDB's own bound
// is not documented; a statement of 8,192 characters could otherwise nest thousands deep.
inline constexpr int kMaxNesting = 100;

// Parses one statement of DynamoDB's PartiQL dialect: SELECT, INSERT, UPDATE, DELETE, and (for
// ExecuteTransaction) EXISTS(SELECT ...). A trailing `;` is allowed. Throws Error::validation
// with DynamoDB's message: "Statement wasn't well formed, can't be processed: <detail>" for a
// syntax error (the details DynamoDB gives: "Expected data manipulation", "Unexpected term",
// "Unexpected keyword", "Unexpected operator", "Unexpected token after expression",
// "Missing right-hand side expression of infix operator", "Expected identifier for simple path"),
// "Aliasing is not supported" for a table alias, and the message of an invalid number literal.
// Checks nothing that needs a table or the request's parameters.
Statement parse_statement(std::string_view text);

}  // namespace ddb::protocol::partiql
