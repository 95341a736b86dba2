#include "protocol/batches/batch_get_request.h"

#include <algorithm>

#include "engine/error.h"
#include "protocol/batches/batch_request_items.h"
#include "protocol/requests/constraints.h"
#include "protocol/requests/expression_attributes.h"
#include "protocol/requests/request_expressions.h"

namespace ddb::protocol {

namespace {

// DynamoDB's limit on the keys of one BatchGetItem call, over all its tables.
constexpr std::size_t kMaxKeys = 100;

const ExpressionMembers kMembers = {{"ProjectionExpression"}, {"AttributesToGet"}};

// Reads every member of each KeysAndAttributes, so that a member of the wrong JSON type is the
// SerializationException DynamoDB's deserializer reports before any validation.
void check_member_types(const Json& request_items) {
  for (const auto& [table, entry] : request_items.items()) {
    expect_structure_element(entry, "KeysAndAttributes");
    if (const Json* keys = get_list(entry, "Keys")) {
      for (const Json& key : *keys) expect_map(key, kAttributeValueType);
    }
    get_bool(entry, "ConsistentRead");
    get_string(entry, "ProjectionExpression");
    get_map(entry, "ExpressionAttributeNames", kStringType);
  }
}

void add_keys_constraints(const Json& request_items, Constraints& constraints) {
  for (const auto& [table, entry] : request_items.items()) {
    const Json* keys = find_member(entry, "Keys");
    // The length rules come from DynamoDB's newer validator, which names the member without
    // echoing it (paritysuite batchGetItem.test.ts, 2026); absence keeps the older form (dynalite
    // test/batchGetItem.js).
    if (!keys) {
      constraints.not_null(false, "requestItems." + table + ".member.keys");
    } else if (keys->empty()) {
      constraints.add("Value at 'RequestItems." + table +
                      ".member.Keys' failed to satisfy constraint: Member must have length "
                      "greater than or equal to 1");
    } else if (keys->size() > kMaxKeys) {
      constraints.add("Value at 'RequestItems." + table +
                      ".member.Keys' failed to satisfy constraint: Member must have length less "
                      "than or equal to 100");
    }
    add_attributes_to_get_constraints(entry, constraints,
                                      "requestItems." + table + ".member.attributesToGet");
  }
}

// ProjectionExpression in one table and AttributesToGet in another is rejected as a whole
// (paritysuite batchGetItem.test.ts; AWS's text was not pinned, so the single-table message).
void check_members_across_tables(const Json& request_items) {
  Json used = Json::object();
  for (const auto& [table, entry] : request_items.items()) {
    for (const char* member : {"ProjectionExpression", "AttributesToGet"}) {
      if (find_member(entry, member)) used[member] = true;
    }
  }
  check_expression_members(used, kMembers, false);
}

TableReads parse_table(const std::string& table, const Json& entry, std::size_t& key_count) {
  TableReads reads;
  reads.table = table;
  reads.request = &entry;
  reads.consistent = get_bool(entry, "ConsistentRead").value_or(false);
  check_expression_members(entry, kMembers, false);
  reads.projection = attributes_to_get(entry);
  ExpressionAttributes attributes = ExpressionAttributes::from_request(entry, false);
  if (auto paths = projection_member(entry, attributes)) {
    reads.projection = Projection(std::move(*paths));
  }
  attributes.check_all_used();
  for (const Json& key_json : entry.at("Keys")) {
    engine::Item key = decode_attribute_map(key_json, false);
    // dynalite's validations/batchGetItem.js (modelled on AWS) compares the keys as sent, before
    // it looks the table up; decoded numbers compare by value, so 1 and 1.0 are the same key.
    if (std::find(reads.keys.begin(), reads.keys.end(), key) != reads.keys.end()) {
      throw engine::Error::validation("Provided list of item keys contains duplicates");
    }
    reads.keys.push_back(std::move(key));
    // No period, although the API reference shows one (dynalite test/batchGetItem.js, from AWS).
    if (++key_count > kMaxKeys) {
      throw engine::Error::validation("Too many items requested for the BatchGetItem call");
    }
  }
  return reads;
}

}  // namespace

BatchGetRequest parse_batch_get_request(const Json& request) {
  const Json* request_items =
      get_map(request, "RequestItems", "com.amazonaws.dynamodb.v20120810.KeysAndAttributes");
  if (request_items) check_member_types(*request_items);

  Constraints constraints;
  // BatchGetItem echoes the map as JSON (paritysuite, us-east-1 and eu-west-2, 2026-10-09), and
  // lists the RequestItems violations before the ReturnConsumedCapacity one.
  add_request_items_constraints(
      request_items, [&] { return request_items->dump(); }, constraints);
  if (request_items) add_keys_constraints(*request_items, constraints);
  BatchGetRequest parsed;
  parsed.capacity = parse_return_consumed_capacity(request, constraints);
  constraints.check();

  check_members_across_tables(*request_items);
  std::size_t key_count = 0;
  for (const auto& [table, entry] : request_items->items()) {
    parsed.tables.push_back(parse_table(table, entry, key_count));
  }
  return parsed;
}

}  // namespace ddb::protocol
