#pragma once

#include "engine/item.h"
#include "engine/value.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// DynamoDB's message for a value nested deeper than engine::kMaxNestingDepth (captured from AWS,
// eu-west-2, 2026).
inline constexpr const char* kNestingMessage =
    "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
    "beyond supported limit";

// Decodes one wire AttributeValue ({"S":"x"}, {"N":"1.50"}, {"M":{...}}, ...) and validates it as
// DynamoDB does: exactly one type, valid numbers (normalized), base64 binaries, non-empty sets
// without duplicates, nesting at most 32 deep. Throws Error with DynamoDB's type and message.
engine::AttributeValue value_from_json(const Json& json);
// Decodes an attribute map (an item, a key, ExpressionAttributeValues).
engine::Item item_from_json(const Json& json);

Json value_to_json(const engine::AttributeValue& value);
Json item_to_json(const engine::Item& item);

}  // namespace ddb::protocol
