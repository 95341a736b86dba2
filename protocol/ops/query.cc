#include "engine/error.h"
#include "protocol/capacity/throughput.h"
#include "protocol/expr/checks.h"
#include "protocol/expr/document_paths.h"
#include "protocol/expr/parse_cache.h"
#include "protocol/legacy/constraints.h"
#include "protocol/legacy/filter.h"
#include "protocol/legacy/key_conditions.h"
#include "protocol/operations.h"
#include "protocol/reads/index_read.h"
#include "protocol/reads/key_condition.h"
#include "protocol/reads/read_page.h"
#include "protocol/reads/statement_shape.h"
#include "protocol/requests/key_paths.h"
#include "protocol/requests/request_expressions.h"

namespace ddb::protocol {

using engine::Error;

namespace {

// ExclusiveStartKey must lie inside what the key condition selects: `partition` and `sort` are
// its values of the key the query reads (the table's or the index's; `sort` is null without a sort
// key).
void check_start_key(const engine::AttributeValue& partition, const engine::AttributeValue* sort,
                     const KeyCondition& condition) {
  if (condition.single_item) {
    throw Error::validation("The query can return at most one row and cannot be restarted");
  }
  if (!(partition == condition.partition)) {
    throw Error::validation(
        "The provided starting key is outside query boundaries based on provided conditions");
  }
  if (sort && !condition.range.contains(*sort)) {
    throw Error::validation("The provided starting key does not match the range key predicate");
  }
}

void check_start_key(const engine::Key& start, const KeyCondition& condition) {
  check_start_key(start.partition, start.sort ? &*start.sort : nullptr, condition);
}

// A Query's filter may not read the key attributes (dynalite's query tests, recorded against
// DynamoDB): the key condition is where they belong. `is_key(name)` tells the key the Query reads:
// on an index, the index's (every attribute of a multi-attribute key), so a GSI Query may filter on
// the table's key (DynamoDB Local checks the index's key). `member` names the filter as the
// message does: "Filter Expression" or "QueryFilter".
template <typename IsKey>
void check_filter_attributes(const engine::Condition& filter, IsKey&& is_key,
                             std::string_view member) {
  for (const std::string& name : expr::top_level_names(filter)) {
    if (is_key(name)) {
      throw Error::validation(std::string(member) +
                              " can only contain non-primary key attributes: Primary key "
                              "attribute: " +
                              name);
    }
  }
}

// For the access-pattern report: the partition the Query reads (its hot keys) and its shape (its
// filter efficiency).
void note_query(RequestUsage& usage, const Json& request, const KeyCondition& condition) {
  if (!usage.wanted) return;
  usage.partition_key = key_text(condition.partition);
  usage.statement = statement_shape("Query", request);
}

}  // namespace

ResponseBody query(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  legacy::add_legacy_constraints(request, constraints, legacy::ConditionalOperatorWording::Newer);
  ReadRequest read = parse_read_request(request, constraints, true);
  bool forward = get_bool(request, "ScanIndexForward").value_or(true);
  check_expression_members(
      request,
      {{"ProjectionExpression", "FilterExpression", "KeyConditionExpression"},
       {"AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"}},
      false);
  // dynalite test/query.js: AttributesToGet, then the QueryFilter, then the key condition.
  read.projection = attributes_to_get(request);
  std::optional<legacy::Filter> query_filter =
      legacy::read_filter(request, legacy::FilterMember::QueryFilter);
  auto expression = get_string(request, "KeyConditionExpression");
  if (!expression && !find_member(request, "KeyConditions")) {
    throw Error::validation(
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the "
        "request.");
  }
  ExpressionAttributes attributes = ExpressionAttributes::from_request(request, false);
  std::vector<KeyPredicate> predicates;
  std::vector<legacy::AttributeCondition> key_conditions;
  if (expression) {
    auto parsed = expr::parse_condition_cached(*expression, expr::ExpressionKind::KeyCondition);
    predicates = key_predicates(*parsed, attributes);
    expr::check_operand_counts(*parsed, expr::ExpressionKind::KeyCondition);
  } else {
    key_conditions = legacy::read_key_conditions(request, read.index_name.has_value());
  }
  resolve_read_expressions(request, read, attributes);
  if (query_filter) read.filter = legacy::filter_condition(*query_filter);
  attributes.check_all_used();

  auto table = require_table(ctx, read.table_name);
  check_key_paths(read.projection.paths(), *table);
  check_key_paths(read.filter, *table);
  const char* filter_member = query_filter ? "QueryFilter" : "Filter Expression";
  const auto direction = forward ? engine::Direction::Forward : engine::Direction::Backward;
  if (!read.index_name) {
    const engine::KeySchema& schema = table->key_schema();
    if (!expression) predicates = legacy::key_predicates(key_conditions, schema);
    KeyCondition condition = match_key_schema(predicates, schema);
    if (read.filter) {
      const auto is_key = [&schema](const std::string& name) {
        return name == schema.partition.name || (schema.sort && name == schema.sort->name);
      };
      check_filter_attributes(*read.filter, is_key, filter_member);
    }
    std::optional<engine::Key> start = parse_start_key(request, schema, StartKeyRules::Query);
    if (start) check_start_key(*start, condition);
    note_query(ctx.usage, request, condition);
    admit_read(ctx, *table, {}, &condition.partition);
    engine::Page page =
        table->query(condition.partition, condition.range, direction, read.limits, start);
    ResponseBody body = page_response(table_page(std::move(page), schema), read, ctx.usage);
    charge_read(ctx, *table, {}, &condition.partition, ctx.usage.capacity_units);
    return body;
  }

  // The key condition, the filter's key check and the start key are about the index's key, as
  // DynamoDB Local checks them: "Query condition missed key schema element: <index key>".
  auto index = open_index(*table, read);
  const engine::IndexKeySchema& schema = index->key_schema();
  if (!expression) predicates = legacy::key_predicates(key_conditions, schema);
  KeyCondition condition = match_index_key_schema(predicates, schema, index->name());
  if (read.filter) {
    const auto is_key = [&schema](const std::string& name) { return schema.contains(name); };
    check_filter_attributes(*read.filter, is_key, filter_member);
  }
  std::optional<engine::IndexPosition> start = parse_index_start_key(request, *index);
  if (start) {
    check_start_key(start->partition, schema.sort.empty() ? nullptr : &start->entry.sort,
                    condition);
  }
  if (read.filter) check_filter_projected(*index, *read.filter);
  IndexSource source = index_source(table, *index, read);
  note_query(ctx.usage, request, condition);
  admit_read(ctx, *table, index->name(), &condition.partition);
  engine::IndexPage page =
      index->query(condition.partition, condition.range, direction, read.limits, start);
  ResponseBody body = page_response(index_page(std::move(page), *index), read, ctx.usage, &source);
  charge_read(ctx, *table, index->name(), &condition.partition, ctx.usage.capacity_units);
  return body;
}

}  // namespace ddb::protocol
