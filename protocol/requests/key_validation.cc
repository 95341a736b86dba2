#include "protocol/requests/key_validation.h"

#include <string>

#include "engine/error.h"
#include "protocol/messages.h"

namespace ddb::protocol {

using engine::AttributeValue;
using engine::Error;
using engine::KeyAttribute;
using engine::Type;

namespace {

std::size_t key_bytes(const AttributeValue& value) {
  switch (value.type()) {
    case Type::S:
      return value.as_string().size();
    case Type::B:
      return value.as_binary().size();
    default:
      return engine::value_size(value);
  }
}

void validate_item_key_attribute(const engine::Item& item, const KeyAttribute& attribute,
                                 bool partition) {
  auto it = item.find(attribute.name);
  if (it == item.end()) {
    throw Error::validation(std::string(kInvalidParameterValues) + "Missing the key " +
                            attribute.name + " in the item");
  }
  if (it->second.type() != attribute.type) {
    throw Error::validation(std::string(kInvalidParameterValues) + "Type mismatch for key " +
                            attribute.name + " expected: " + engine::type_name(attribute.type) +
                            " actual: " + engine::type_name(it->second.type()));
  }
  validate_key_value(it->second, attribute, partition);
}

}  // namespace

void validate_key_value(const AttributeValue& value, const KeyAttribute& attribute,
                        bool partition) {
  if ((value.type() == Type::S && value.as_string().empty()) ||
      (value.type() == Type::B && value.as_binary().empty())) {
    throw Error::validation(
        std::string("One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty ") +
        (value.type() == Type::S ? "string" : "binary") + " value. Key: " + attribute.name);
  }
  if (partition && key_bytes(value) > engine::kMaxPartitionKeyBytes) {
    // "of2048" without a space is DynamoDB's text.
    throw Error::validation(std::string(kInvalidParameterValues) +
                            "Size of hashkey has exceeded the maximum size limit of2048 bytes");
  }
  if (!partition && key_bytes(value) > engine::kMaxSortKeyBytes) {
    throw Error::validation(
        std::string(kInvalidParameterValues) +
        "Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
  }
}

void validate_item_key(const engine::Item& item, const engine::KeySchema& schema) {
  validate_item_key_attribute(item, schema.partition, true);
  if (schema.sort) validate_item_key_attribute(item, *schema.sort, false);
}

engine::Key key_from_request(const engine::Item& key, const engine::KeySchema& schema) {
  const auto mismatch = [] { return Error::validation(std::string(kKeyDoesNotMatchSchema)); };
  std::size_t expected = schema.sort ? 2 : 1;
  if (key.size() != expected) throw mismatch();
  auto partition = key.find(schema.partition.name);
  if (partition == key.end() || partition->second.type() != schema.partition.type) throw mismatch();
  engine::Key result{partition->second, std::nullopt};
  if (schema.sort) {
    auto sort = key.find(schema.sort->name);
    if (sort == key.end() || sort->second.type() != schema.sort->type) throw mismatch();
    result.sort = sort->second;
  }
  validate_key_value(result.partition, schema.partition, true);
  if (schema.sort) validate_key_value(*result.sort, *schema.sort, false);
  return result;
}

std::size_t validate_item_size(const engine::Item& item) {
  std::size_t size = engine::item_size(item);
  if (size > engine::kMaxItemBytes) {
    throw Error::validation("Item size has exceeded the maximum allowed size");
  }
  return size;
}

}  // namespace ddb::protocol
