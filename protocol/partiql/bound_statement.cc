#include "protocol/partiql/bound_statement.h"

#include "engine/error.h"
#include "protocol/json/value_json.h"
#include "protocol/messages.h"
#include "protocol/partiql/messages.h"
#include "protocol/partiql/parse_cache.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol::partiql {

BoundStatement bind_statement(std::string_view text, const Json* parameters) {
  BoundStatement bound{parse_statement_cached(text), {}};
  if (parameters && parameters->is_array()) {
    for (const Json& parameter : *parameters)
      bound.parameters.push_back(value_from_json(parameter));
  }
  if (bound.parameters.size() != bound.statement().parameter_count) {
    throw engine::Error::validation(kParameterCountMismatch);
  }
  return bound;
}

}  // namespace ddb::protocol::partiql

namespace ddb::protocol::partiql {

StatementMembers read_statement_members(const Json& object, std::string_view path,
                                        Constraints& constraints) {
  StatementMembers members;
  std::optional<std::string> text = get_string(object, "Statement");
  constraints.not_null(text.has_value(), path);
  constraints.length(text, 1, 8192, path);
  members.parameters = get_list(object, "Parameters");
  if (members.parameters) {
    for (const Json& parameter : *members.parameters) {
      expect_structure_element(parameter, "AttributeValue");
    }
    if (members.parameters->empty()) {
      std::string parameters_path(
          path.substr(0, path.size() - std::string_view("statement").size()));
      constraints.add(constraint_violation("'[]'", parameters_path + "parameters", kMinLengthOne));
    }
  }
  members.text = text.value_or("");
  return members;
}

}  // namespace ddb::protocol::partiql
