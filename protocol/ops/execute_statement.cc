#include "engine/error.h"
#include "protocol/batches/request_fingerprint.h"
#include "protocol/operations.h"
#include "protocol/partiql/bound_statement.h"
#include "protocol/partiql/statement_read.h"
#include "protocol/partiql/statement_write.h"
#include "protocol/requests/constraints.h"
#include "protocol/requests/item_request.h"
#include "protocol/writes/conditional_write.h"

namespace ddb::protocol {

// ExecuteStatement: one PartiQL statement (protocol/partiql/) over the engine's Query, Scan and
// single-item writes. Pinned by tests/e2e/python/test_partiql.py.
ResponseBody execute_statement(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  partiql::StatementMembers members =
      partiql::read_statement_members(request, "statement", constraints);
  std::optional<int64_t> limit = get_integer(request, "Limit");
  constraints.min(limit, 1, "limit");
  std::optional<std::string> next_token = get_string(request, "NextToken");
  constraints.length(next_token, 1, 32768, "nextToken");
  partiql::ReadOptions read;
  read.capacity = parse_return_consumed_capacity(request, constraints);
  bool return_on_failure = parse_return_on_condition_failure(request, constraints);
  read.consistent = get_bool(request, "ConsistentRead").value_or(false);
  constraints.check();

  partiql::BoundStatement bound = partiql::bind_statement(members.text, members.parameters);
  switch (bound.statement().kind) {
    case partiql::Statement::Kind::Select: {
      read.limit = limit ? static_cast<std::size_t>(*limit) : 0;
      read.next_token = std::move(next_token);
      read.fingerprint = [&members] {
        Json identity = {{"Statement", members.text}};
        if (members.parameters) identity["Parameters"] = *members.parameters;
        return request_fingerprint(identity);
      };
      return partiql::run_select(ctx, bound, read);
    }
    default: {
      partiql::StatementWrite write = partiql::prepare_write(ctx, bound, return_on_failure);
      return partiql::run_write(ctx, write, read.capacity);
    }
  }
}

}  // namespace ddb::protocol
