#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/value.h"
#include "protocol/json/json_fields.h"
#include "protocol/partiql/ast.h"

namespace ddb::protocol::partiql {

// A parsed statement and the values of its `?` parameters.
struct BoundStatement {
  std::shared_ptr<const Statement> parsed;  // never null
  std::vector<engine::AttributeValue> parameters;

  const Statement& statement() const { return *parsed; }
};

// Parses `text` and decodes `parameters` (the request's Parameters list, or nullptr), whose count
// must be the statement's: "Number of parameters in request and statement don't match." (DynamoDB
// Local's text). A parameter that is no valid AttributeValue gets PutItem's value messages.
BoundStatement bind_statement(std::string_view text, const Json* parameters);

}  // namespace ddb::protocol::partiql

namespace ddb::protocol {
class Constraints;
}

namespace ddb::protocol::partiql {

// The Statement and Parameters members of a request (ExecuteStatement) or of one element of its
// list (BatchExecuteStatement's Statements, ExecuteTransaction's TransactStatements), with the
// model's constraints, under `path` ("statement", or "statements.1.member.statement"): Statement
// present and 1 to 8,192 characters; Parameters, when present, not empty.
struct StatementMembers {
  std::string text;
  const Json* parameters = nullptr;
};
StatementMembers read_statement_members(const Json& object, std::string_view path,
                                        Constraints& constraints);

}  // namespace ddb::protocol::partiql
