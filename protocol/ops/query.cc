#include "engine/error.h"
#include "protocol/expr/checks.h"
#include "protocol/expr/document_paths.h"
#include "protocol/expr/parser.h"
#include "protocol/key_condition.h"
#include "protocol/operations.h"
#include "protocol/read_page.h"
#include "protocol/request_expressions.h"

namespace ddb::protocol {

using engine::Error;

namespace {

// ExclusiveStartKey must lie inside what the key condition selects.
void check_start_key(const engine::Key& start, const KeyCondition& condition) {
  if (condition.single_item) {
    throw Error::validation("The query can return at most one row and cannot be restarted");
  }
  if (!(start.partition == condition.partition)) {
    throw Error::validation(
        "The provided starting key is outside query boundaries based on provided conditions");
  }
  if (start.sort && !condition.range.contains(*start.sort)) {
    throw Error::validation("The provided starting key does not match the range key predicate");
  }
}

// A Query's filter may not read the key attributes (dynalite's query tests, recorded against
// DynamoDB): the key condition is where they belong.
void check_filter_attributes(const engine::Condition& filter, const engine::KeySchema& schema) {
  for (const std::string& name : expr::top_level_names(filter)) {
    if (name == schema.partition.name || (schema.sort && name == schema.sort->name)) {
      throw Error::validation(
          "Filter Expression can only contain non-primary key attributes: Primary key attribute: " +
          name);
    }
  }
}

}  // namespace

Json query(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  ReadRequest read = parse_read_request(request, constraints, true);
  bool forward = get_bool(request, "ScanIndexForward").value_or(true);
  check_expression_members(
      request,
      {{"ProjectionExpression", "FilterExpression", "KeyConditionExpression"},
       {"AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"}},
      false);
  reject_unsupported(request, {"IndexName", "QueryFilter", "KeyConditions", "ConditionalOperator"});
  auto expression = get_string(request, "KeyConditionExpression");
  if (!expression) {
    throw Error::validation(
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the "
        "request.");
  }
  ExpressionAttributes attributes = ExpressionAttributes::from_request(request, false);
  expr::Condition parsed = expr::parse_condition(*expression, expr::ExpressionKind::KeyCondition);
  std::vector<KeyPredicate> predicates = key_predicates(parsed, attributes);
  expr::check_operand_counts(parsed, expr::ExpressionKind::KeyCondition);
  // A QueryFilter translated by protocol/legacy would set read.filter here instead.
  resolve_read_expressions(request, read, attributes);
  attributes.check_all_used();

  auto table = require_table(ctx, read.table_name);
  const engine::KeySchema& schema = table->key_schema();
  KeyCondition condition = match_key_schema(predicates, schema);
  if (read.filter) check_filter_attributes(*read.filter, schema);
  std::optional<engine::Key> start = parse_start_key(request, schema, StartKeyRules::Query);
  if (start) check_start_key(*start, condition);

  engine::Page page = table->query(
      condition.partition, condition.range,
      forward ? engine::Direction::Forward : engine::Direction::Backward, read.limits, start);
  return page_response(page, read, schema);
}

}  // namespace ddb::protocol
