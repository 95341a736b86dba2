#pragma once

#include <string_view>

#include "engine/table.h"
#include "protocol/json_fields.h"

namespace ddb::protocol {

// DynamoDB's TableDescription of `table`, with `status` as TableStatus ("ACTIVE", "DELETING").
Json table_description(const engine::Table& table, std::string_view status);

}  // namespace ddb::protocol
