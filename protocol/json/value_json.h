#pragma once

#include <cstddef>
#include <string_view>

#include "engine/item.h"
#include "engine/value.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// DynamoDB's message for a value nested deeper than engine::kMaxNestingDepth (captured from AWS,
// eu-west-2, 2026).
inline constexpr const char* kNestingMessage =
    "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
    "beyond supported limit";

// The most bytes an attribute name may have (UTF-8), wherever a request names an attribute.
inline constexpr std::size_t kMaxAttributeNameBytes = 65535;

// DynamoDB's rules for an attribute name a request gives (an item's names at every level,
// AttributesToGet, AttributeUpdates, Expected, the legacy conditions): not empty, at most
// kMaxAttributeNameBytes. Throws Error::validation with "Empty attribute name" or "Attribute name
// is too large, must be less than 65536 bytes" (DynamoDB Local's texts, which the service uses
// too: a live "ExpressionAttributeNames contains invalid value: Empty attribute name for key #DE").
void check_attribute_name(std::string_view name);

// Decodes one wire AttributeValue ({"S":"x"}, {"N":"1.50"}, {"M":{...}}, ...) and validates it as
// DynamoDB does: exactly one type, valid numbers (normalized), base64 binaries, non-empty sets
// without duplicates, nesting at most 32 deep. Throws Error with DynamoDB's type and message.
engine::AttributeValue value_from_json(const Json& json);
// Decodes an attribute map (an item, a key, ExpressionAttributeValues); its names, and those of its
// maps, pass check_attribute_name (after their values, in DynamoDB Local's order).
engine::Item item_from_json(const Json& json);

Json value_to_json(const engine::AttributeValue& value);
Json item_to_json(const engine::Item& item);

}  // namespace ddb::protocol
