#pragma once

#include "engine/item.h"

namespace ddb::protocol {

// Checks the key attributes of an item being written (PutItem): present, of the schema's type, not
// empty, within DynamoDB's key size limits. Throws ValidationException with DynamoDB's message.
void validate_item_key(const engine::Item& item, const engine::KeySchema& schema);

// Turns a request's Key map (GetItem, DeleteItem, UpdateItem) into a Key: exactly the schema's
// attributes with the schema's types, else "The provided key element does not match the schema".
engine::Key key_from_request(const engine::Item& key, const engine::KeySchema& schema);

// The checks every key value gets, wherever it comes from: not empty, within the size limit of a
// partition key (`partition`) or sort key.
void validate_key_value(const engine::AttributeValue& value, const engine::KeyAttribute& attribute,
                        bool partition);

// Checks an item's total size against DynamoDB's 400 KB limit; returns the size.
std::size_t validate_item_size(const engine::Item& item);

}  // namespace ddb::protocol
