#pragma once

#include <string>
#include <string_view>

#include "engine/table_definition.h"

namespace ddb::engine::durable {

// The binary form of a TableDefinition in the data directory. Each field is written as a numbered,
// length-prefixed entry, so a field added to TableDefinition is one new number here: records
// written before it existed decode with the field's default. An unknown number (a newer file)
// throws CorruptData.
std::string encode_definition(const TableDefinition& definition);
TableDefinition decode_definition(std::string_view bytes);

}  // namespace ddb::engine::durable
