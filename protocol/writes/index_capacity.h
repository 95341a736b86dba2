#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/item.h"
#include "engine/table.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/item_request.h"

namespace ddb::protocol {

// The capacity one index consumed.
struct IndexUnits {
  std::string name;
  engine::IndexKind kind = engine::IndexKind::Global;
  double units = 0;
};

// The write units each index of `table` consumes when `before` becomes `after` (nullptr for no
// item), as the Developer Guide's "Provisioned throughput considerations" for GSIs counts them:
// an entry added or deleted costs its size in 1 KB units, an entry whose index key changed costs
// a delete and a put, an entry rewritten in place costs its new size, and an index whose entry
// did not change costs nothing.
std::vector<IndexUnits> index_write_units(const engine::Table& table, const engine::Item* before,
                                          const engine::Item* after);

// The ConsumedCapacity member: TOTAL sums the table and its indexes; INDEXES also lists the
// table's part under Table and each index's under GlobalSecondaryIndexes or
// LocalSecondaryIndexes. Returns the units consumed in all, asked for or not (for the request log).
double add_consumed_capacity(Json& response, CapacityDetail detail, std::string_view table,
                             double table_units, const std::vector<IndexUnits>& indexes);

}  // namespace ddb::protocol
