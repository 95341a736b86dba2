#include "protocol/read_page.h"

#include "engine/error.h"
#include "protocol/key_validation.h"
#include "protocol/request_expressions.h"
#include "protocol/value_json.h"

namespace ddb::protocol {

using engine::Error;

ReadRequest parse_read_request(const Json& request, Constraints& constraints, bool query) {
  ReadRequest read;
  auto table_name = get_string(request, "TableName");
  constraints.name(table_name, "tableName");
  auto limit = get_integer(request, "Limit");
  if (query && limit && *limit < 1) {
    // Query has moved to DynamoDB's newer validator, which names the member and not the value.
    constraints.add(
        "Value at 'Limit' failed to satisfy constraint: Member must have value greater "
        "than or equal to 1");
  } else {
    constraints.min(limit, 1, "limit");
  }
  auto select = get_string(request, "Select");
  constraints.one_of(select,
                     {"SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"},
                     "select");
  read.capacity = parse_return_consumed_capacity(request, constraints);
  read.consistent = get_bool(request, "ConsistentRead").value_or(false);
  add_attributes_to_get_constraints(request, constraints);
  constraints.check();

  read.table_name = *table_name;
  if (limit) read.limits.limit = static_cast<std::size_t>(*limit);
  bool projection_expression = find_member(request, "ProjectionExpression") != nullptr;
  bool has_attributes_to_get = find_member(request, "AttributesToGet") != nullptr;
  if (select == "SPECIFIC_ATTRIBUTES" && !has_attributes_to_get && !projection_expression) {
    throw Error::validation(
        "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
        "SPECIFIC_ATTRIBUTES");
  }
  if (select == "ALL_PROJECTED_ATTRIBUTES") {
    throw Error::validation(
        "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
  }
  // The ProjectionExpression forms are other emulators' captures (dynoxide, floci); the
  // AttributesToGet ones are dynalite's.
  const char* member = has_attributes_to_get   ? "AttributesToGet"
                       : projection_expression ? "ProjectionExpression"
                                               : nullptr;
  if (select == "COUNT" && member) {
    throw Error::validation(std::string("Cannot specify the ") + member +
                            " when choosing to get only the Count");
  }
  if (select == "ALL_ATTRIBUTES" && member) {
    throw Error::validation(std::string("Cannot specify the ") + member +
                            " when choosing to get ALL_ATTRIBUTES");
  }
  read.count_only = select == "COUNT";
  return read;
}

void resolve_read_expressions(const Json& request, ReadRequest& read,
                              ExpressionAttributes& attributes) {
  read.filter = condition_member(request, expr::ExpressionKind::Filter, attributes);
  if (auto paths = projection_member(request, attributes)) {
    read.projection = Projection(std::move(*paths));
  }
}

std::optional<engine::Key> parse_start_key(const Json& request, const engine::KeySchema& schema,
                                           StartKeyRules rules) {
  const Json* json = get_map(request, "ExclusiveStartKey", kAttributeValueType);
  if (!json) return std::nullopt;
  engine::Item key = item_from_json(*json);
  bool names_match = key.size() == (schema.sort ? 2u : 1u) && key.contains(schema.partition.name) &&
                     (!schema.sort || key.contains(schema.sort->name));
  if (rules == StartKeyRules::Query && !names_match) {
    throw Error::validation("The provided starting key is invalid");
  }
  try {
    return key_from_request(key, schema);
  } catch (const Error& error) {
    if (rules == StartKeyRules::Query) throw;
    throw Error::validation("The provided starting key is invalid: " + error.message());
  }
}

Json page_response(const engine::Page& page, const ReadRequest& read,
                   const engine::KeySchema& schema) {
  Json response = Json::object();
  Json items = Json::array();
  std::size_t count = 0;
  for (const auto& item : page.items) {
    if (read.filter && !engine::evaluate(*read.filter, item)) continue;
    ++count;
    if (read.count_only) continue;
    items.push_back(read.projection.all() ? item_to_json(item)
                                          : item_to_json(read.projection.apply(item)));
  }
  if (!read.count_only) response["Items"] = std::move(items);
  response["Count"] = count;
  response["ScannedCount"] = page.items.size();
  if (page.last_evaluated_key) {
    response["LastEvaluatedKey"] =
        item_to_json(engine::key_to_item(*page.last_evaluated_key, schema));
  }
  add_consumed_capacity(response, read.capacity, read.table_name,
                        read_units(page.bytes_read, read.consistent));
  return response;
}

}  // namespace ddb::protocol
