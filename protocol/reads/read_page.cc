#include "protocol/reads/read_page.h"

#include "engine/error.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/messages.h"
#include "protocol/requests/key_validation.h"
#include "protocol/requests/request_expressions.h"
#include "protocol/writes/index_capacity.h"

namespace ddb::protocol {

using engine::Error;

namespace {

Select select_value(const std::string& text) {
  if (text == "ALL_ATTRIBUTES") return Select::AllAttributes;
  if (text == "ALL_PROJECTED_ATTRIBUTES") return Select::AllProjectedAttributes;
  if (text == "COUNT") return Select::Count;
  return Select::SpecificAttributes;
}

}  // namespace

ReadRequest parse_read_request(const Json& request, Constraints& constraints, bool query) {
  ReadRequest read;
  auto table_name = get_string(request, "TableName");
  constraints.table_name(table_name, "tableName");
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
  read.index_name = get_string(request, "IndexName");
  constraints.name(read.index_name, "indexName", false);
  read.capacity = parse_return_consumed_capacity(request, constraints);
  read.consistent = get_bool(request, "ConsistentRead").value_or(false);
  add_attributes_to_get_constraints(request, constraints);
  constraints.check();

  read.table_name = *table_name;
  if (limit) read.limits.limit = static_cast<std::size_t>(*limit);
  bool projection_expression = find_member(request, "ProjectionExpression") != nullptr;
  bool has_attributes_to_get = find_member(request, "AttributesToGet") != nullptr;
  // The ProjectionExpression forms are other emulators' captures (dynoxide, floci); the
  // AttributesToGet ones are dynalite's.
  const char* member = has_attributes_to_get   ? "AttributesToGet"
                       : projection_expression ? "ProjectionExpression"
                                               : nullptr;
  if (!select) {
    read.select = member            ? Select::SpecificAttributes
                  : read.index_name ? Select::AllProjectedAttributes
                                    : Select::AllAttributes;
    return read;
  }
  read.select = select_value(*select);
  // Query reports these in the validation envelope, Scan bare (moto's test_dynamodb_select.py,
  // verified against DynamoDB in us-east-1). DynamoDB Local checks the attribute list before
  // IndexName for ALL_PROJECTED_ATTRIBUTES.
  const auto reject = [query](const std::string& message) {
    throw Error::validation(query ? std::string(kOneValidationError) + message : message);
  };
  const auto no_member = [&](std::string_view what) {
    if (member) {
      reject(std::string("Cannot specify the ") + member + " when choosing to get " +
             std::string(what));
    }
  };
  switch (read.select) {
    case Select::SpecificAttributes:
      if (!member) {
        reject(
            "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
            "SPECIFIC_ATTRIBUTES");
      }
      break;
    case Select::AllProjectedAttributes:
      no_member("ALL_PROJECTED_ATTRIBUTES");
      if (!read.index_name) {
        reject("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
      }
      break;
    case Select::Count:
      no_member("only the Count");
      break;
    case Select::AllAttributes:
      no_member("ALL_ATTRIBUTES");
      break;
  }
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

ReadPage table_page(engine::Page page, const engine::KeySchema& schema) {
  ReadPage read_page{std::move(page.items), std::nullopt, page.bytes_read};
  if (page.last_evaluated_key) {
    read_page.last_evaluated_key = engine::key_to_item(*page.last_evaluated_key, schema);
  }
  return read_page;
}

ResponseBody page_response(const ReadPage& page, const ReadRequest& read, RequestUsage& usage,
                           const IndexSource* index) {
  ResponseBody body;
  Json& response = body.members();
  // The items are written as they pass, straight from the engine's values.
  std::string items = "[";
  if (!read.count_only()) items.reserve(page.bytes_read + page.bytes_read / 4 + 256);
  std::size_t count = 0;
  std::size_t fetched_bytes = 0;
  for (const auto& entry : page.items) {
    if (read.filter && !engine::evaluate(*read.filter, entry)) continue;
    const engine::Item* item = &entry;
    std::optional<engine::Item> fetched;
    if (!read.count_only() && index && index->fetch) {
      fetched = index->fetch(entry);
      if (!fetched) continue;  // deleted since its index entry was read
      fetched_bytes += engine::item_size(*fetched);
      item = &*fetched;
    }
    if (read.count_only()) {
      ++count;
      continue;
    }
    if (count++ > 0) items += ',';
    if (read.projection.all()) {
      write_item(*item, items);
    } else {
      write_item(read.projection.apply(*item), items);
    }
  }
  if (!read.count_only()) {
    items += ']';
    body.set_written("Items", std::move(items));
  }
  response["Count"] = count;
  response["ScannedCount"] = page.items.size();
  if (page.last_evaluated_key)
    body.set_written("LastEvaluatedKey", item_text(*page.last_evaluated_key));
  double units = read_units(page.bytes_read, read.consistent);
  if (!index) {
    usage.add_read_page(static_cast<int64_t>(count), static_cast<int64_t>(page.items.size()),
                        units);
    add_consumed_capacity(response, read.capacity, read.table_name, units);
    return body;
  }
  // An index read charges the index for the entries read and the table for the items an LSI read
  // fetched (Developer Guide, "Local secondary indexes": "Read capacity consumption"). With
  // INDEXES, DynamoDB reports each part: the table's (0.0 when nothing was fetched) and the
  // index's under GlobalSecondaryIndexes or LocalSecondaryIndexes (API_ConsumedCapacity; the
  // Table member's presence at 0.0 is from memory of live responses, medium confidence).
  double table_units = fetched_bytes > 0 ? read_units(fetched_bytes, read.consistent) : 0.0;
  usage.add_read_page(static_cast<int64_t>(count), static_cast<int64_t>(page.items.size()),
                      units + table_units);
  if (usage.wanted) usage.index = index->index->name();
  add_consumed_capacity(response, read.capacity, read.table_name, table_units,
                        {{index->index->name(), index->index->kind(), units}});
  return body;
}

}  // namespace ddb::protocol
