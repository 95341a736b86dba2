#pragma once

#include <string_view>

#include "engine/table.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// DynamoDB's TableDescription of `table`, with `status` as TableStatus ("ACTIVE", "DELETING").
Json table_description(const engine::Table& table, std::string_view status);
// The same for `definition`, a state of the table's metadata that an operation reports (UpdateTable
// shows an index it deletes as DELETING). Index sizes and counts come from the table's index of
// each name, zero when it has none yet.
Json table_description(const engine::Table& table, const engine::TableDefinition& definition,
                       std::string_view status);

// The TableDescription DeleteTable returns for `table`, which it is deleting: TableStatus DELETING
// and the table's identity, size, capacity and settings, without its key schema, attribute
// definitions, creation time or indexes.
Json deleted_table_description(const engine::Table& table);

// The TableStatus of a table that exists and is not being deleted: UPDATING while a GSI is being
// deleted or, added by UpdateTable, waits for its backfill to start; ACTIVE otherwise.
std::string_view table_status(const engine::TableDefinition& definition);

}  // namespace ddb::protocol
