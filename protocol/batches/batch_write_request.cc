#include "protocol/batches/batch_write_request.h"

#include "engine/error.h"
#include "protocol/batches/batch_request_items.h"
#include "protocol/requests/constraints.h"
#include "protocol/requests/key_validation.h"

namespace ddb::protocol {

namespace {

// DynamoDB's limit on the requests of one BatchWriteItem call.
constexpr std::size_t kMaxWrites = 25;

// Reads every member of each WriteRequest, so that a member of the wrong JSON type is the
// SerializationException DynamoDB's deserializer reports before any validation.
void check_member_types(const Json& request_items) {
  for (const auto& [table, writes] : request_items.items()) {
    expect_list(writes);
    for (const Json& write : writes) {
      expect_structure_element(write, "WriteRequest");
      if (const Json* put = get_structure(write, "PutRequest", "PutRequest")) {
        get_map(*put, "Item", kAttributeValueType);
      }
      if (const Json* remove = get_structure(write, "DeleteRequest", "DeleteRequest")) {
        get_map(*remove, "Key", kAttributeValueType);
      }
    }
  }
}

// The map as the Java model prints it, {table=[request, ...]}, in RequestItems violations. An
// empty list prints exactly as AWS does ('{t=[]}', paritysuite); AWS prints each WriteRequest with
// its Java toString, which is not reproduced here: ddblocal writes the request's JSON.
std::string java_echo(const Json& request_items) {
  std::string text = "{";
  for (const auto& [table, writes] : request_items.items()) {
    if (text.size() > 1) text += ", ";
    text += table + "=[";
    for (std::size_t i = 0; i < writes.size(); ++i) {
      if (i > 0) text += ", ";
      text += writes[i].dump();
    }
    text += "]";
  }
  return text + "}";
}

void add_writes_constraints(const Json& request_items, Constraints& constraints) {
  bool empty_list = false;
  for (const auto& [table, writes] : request_items.items()) empty_list |= writes.empty();
  if (empty_list) {
    // The older validator's text, which AWS gives for an empty list (paritysuite
    // batchWriteItem.test.ts, exact).
    constraints.add(constraint_violation(
        "'" + java_echo(request_items) + "'", "requestItems",
        "Map value must satisfy constraint: [Member must have length less than or equal to 25, "
        "Member must have length greater than or equal to 1]"));
  }
  for (const auto& [table, writes] : request_items.items()) {
    if (writes.size() > kMaxWrites) {
      // The newer validator's text (eu-north-1 and others, 2026, paritysuite): the older one
      // echoes every WriteRequest with its Java toString, which ddblocal cannot reproduce.
      constraints.add("Value at 'RequestItems." + table +
                      ".member' failed to satisfy constraint: Member must have length less than "
                      "or equal to 25");
    }
    for (std::size_t i = 0; i < writes.size(); ++i) {
      std::string path = "requestItems." + table + ".member." + std::to_string(i + 1) + ".member.";
      const Json* put = find_member(writes[i], "PutRequest");
      const Json* remove = find_member(writes[i], "DeleteRequest");
      // DeleteRequest's before PutRequest's (dynalite test/batchWriteItem.js, from AWS).
      if (remove)
        constraints.not_null(find_member(*remove, "Key") != nullptr, path + "deleteRequest.key");
      if (put) constraints.not_null(find_member(*put, "Item") != nullptr, path + "putRequest.item");
    }
  }
}

WriteRequest parse_write(const Json& write) {
  const Json* put = find_member(write, "PutRequest");
  const Json* remove = find_member(write, "DeleteRequest");
  WriteRequest parsed;
  parsed.put = put != nullptr;
  // The older validation layer: attribute value errors are bare, with no envelope (dynalite
  // test/batchWriteItem.js, from AWS).
  parsed.attributes = decode_attribute_map(put ? put->at("Item") : remove->at("Key"), false);
  if (put) parsed.item_bytes = validate_item_size(parsed.attributes);
  return parsed;
}

}  // namespace

BatchWriteRequest parse_batch_write_request(const Json& request) {
  const Json* request_items = get_map(
      request, "RequestItems", "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>");
  if (request_items) check_member_types(*request_items);

  BatchWriteRequest parsed;
  // A wrong enum is reported alone, even beside a malformed table name (paritysuite
  // validation-ordering/batchOperations.test.ts, us-east-1 and eu-west-2, 2026-10-09).
  Constraints enums;
  parsed.capacity = parse_return_consumed_capacity(request, enums);
  parsed.collection_metrics = parse_return_item_collection_metrics(request, enums);
  enums.check();

  Constraints constraints;
  add_request_items_constraints(
      request_items, [&] { return java_echo(*request_items); }, constraints);
  if (request_items && !request_items->empty()) add_writes_constraints(*request_items, constraints);
  constraints.check();

  std::size_t count = 0;
  for (const auto& [table, writes] : request_items->items()) count += writes.size();
  if (count > kMaxWrites) {
    // Not captured from AWS; DynamoDB Local's text, which matches BatchGetItem's "Too many items
    // requested for the BatchGetItem call".
    throw engine::Error::validation("Too many items requested for the BatchWriteItem call");
  }

  for (const auto& [table, writes] : request_items->items()) {
    TableWrites table_writes;
    table_writes.table = table;
    for (const Json& write : writes) {
      // A WriteRequest with neither or both of PutRequest and DeleteRequest gets this odd text
      // (dynalite test/batchWriteItem.js, from AWS, for {}; DynamoDB Local gives it for both).
      if ((find_member(write, "PutRequest") != nullptr) ==
          (find_member(write, "DeleteRequest") != nullptr)) {
        throw engine::Error::validation(
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
            "the supported datatypes");
      }
    }
    for (const Json& write : writes) table_writes.writes.push_back(parse_write(write));
    parsed.tables.push_back(std::move(table_writes));
  }
  return parsed;
}

}  // namespace ddb::protocol
