#pragma once

#include <string>

#include "engine/item.h"
#include "engine/value.h"

namespace ddb::protocol {

// Writes engine values as wire JSON straight into `out`, without building a JSON document: the
// bytes are exactly write_json(value_to_json(value)) and write_json(item_to_json(item)) (names in
// the map's order, which is nlohmann's key order; N as its normalized string; B and BS in base64;
// strings escaped by write_json_string). Appends; pure otherwise; thread-safe.
void write_value(const engine::AttributeValue& value, std::string& out);
void write_item(const engine::Item& item, std::string& out);

// The JSON text of an item.
std::string item_text(const engine::Item& item);

}  // namespace ddb::protocol
