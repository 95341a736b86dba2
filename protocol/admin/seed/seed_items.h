#pragma once

#include <string>
#include <string_view>

#include "protocol/admin/seed/seed.h"

namespace ddb::protocol {

// The item an element of a seed's items holds: the element itself (DynamoDB JSON, as PutItem's
// Item), or the item of a line of DynamoDB's S3 export, {"Item": {...}}. An element whose only
// member is "Item" holding an attribute value ({"Item": {"S": "x"}}) is an item with an attribute
// named Item. Throws SeedError (no location) when `element` is not a JSON object.
Json& item_of(Json& element);
const Json& item_of(const Json& element);

// The items of `table` in `text`: one JSON object per line, either form of item_of. Blank lines
// are skipped; lines may end in CRLF and the text may start with a UTF-8 byte order mark. Throws
// SeedError at the line (with no source) for a line that is not a JSON object. Only the JSON is
// read here: the items are checked against their table when the seed is loaded.
SeedItems read_item_lines(std::string table, std::string_view text);

}  // namespace ddb::protocol
