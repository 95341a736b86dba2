#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "engine/table.h"
#include "engine/value.h"
#include "protocol/context.h"

namespace ddb::protocol {

// Capacity as DynamoDB enforces it (--capacity enforce; engine/capacity/capacity_meter.h): an
// operation asks before it reads or writes, and so is throttled having done nothing, then is
// charged the units it consumed. Each call is one branch when capacity is not enforced.

// One item a transaction reads or writes.
struct TransactionAccess {
  const engine::Table* table;
  const engine::AttributeValue* partition;
  bool write;
};

namespace detail {
std::optional<engine::Throttle> read_throttle(const RequestContext& ctx, const engine::Table& table,
                                              std::string_view index,
                                              const engine::AttributeValue* partition);
std::optional<engine::Throttle> write_throttle(const RequestContext& ctx,
                                               const engine::Table& table,
                                               const engine::AttributeValue& partition);
void admit_read(const RequestContext& ctx, const engine::Table& table, std::string_view index,
                const engine::AttributeValue* partition);
void charge_read(const RequestContext& ctx, const engine::Table& table, std::string_view index,
                 const engine::AttributeValue* partition, double units);
void admit_write(const RequestContext& ctx, const engine::Table& table,
                 const engine::AttributeValue& partition);
void charge_write(const RequestContext& ctx, const engine::Table& table,
                  const engine::AttributeValue& partition, double table_units,
                  const std::vector<IndexUnits>& indexes);
void admit_transaction(const RequestContext& ctx, const std::vector<TransactionAccess>& accesses);
}  // namespace detail

// What would throttle a read (a write) now, for the operations that leave a throttled part of
// their request unprocessed (the batches) or cancel it (the transactions): nullopt when nothing
// would, or capacity is not enforced.
inline std::optional<engine::Throttle> read_throttle(const RequestContext& ctx,
                                                     const engine::Table& table,
                                                     std::string_view index,
                                                     const engine::AttributeValue* partition) {
  if (!ctx.database.capacity_enforced()) return std::nullopt;
  return detail::read_throttle(ctx, table, index, partition);
}
inline std::optional<engine::Throttle> write_throttle(const RequestContext& ctx,
                                                      const engine::Table& table,
                                                      const engine::AttributeValue& partition) {
  if (!ctx.database.capacity_enforced()) return std::nullopt;
  return detail::write_throttle(ctx, table, partition);
}

// Throws the throttling error when a read of `table` (or of its index `index`; empty: the table)
// in the partition `partition` (nullptr: a Scan) must not start now.
inline void admit_read(const RequestContext& ctx, const engine::Table& table,
                       std::string_view index, const engine::AttributeValue* partition) {
  if (ctx.database.capacity_enforced()) detail::admit_read(ctx, table, index, partition);
}
inline void charge_read(const RequestContext& ctx, const engine::Table& table,
                        std::string_view index, const engine::AttributeValue* partition,
                        double units) {
  if (ctx.database.capacity_enforced()) detail::charge_read(ctx, table, index, partition, units);
}
// Throws the throttling error when a write to `partition` of `table` must not start now: the
// table, the partition or one of the table's GSIs is out of write capacity.
inline void admit_write(const RequestContext& ctx, const engine::Table& table,
                        const engine::AttributeValue& partition) {
  if (ctx.database.capacity_enforced()) detail::admit_write(ctx, table, partition);
}
// `table_units` are the table's own; `indexes` each index's.
inline void charge_write(const RequestContext& ctx, const engine::Table& table,
                         const engine::AttributeValue& partition, double table_units,
                         const std::vector<IndexUnits>& indexes) {
  if (ctx.database.capacity_enforced()) {
    detail::charge_write(ctx, table, partition, table_units, indexes);
  }
}

// Whether index write units must be counted for charge_write even when nothing else asks.
inline bool charges_index_writes(const RequestContext& ctx) {
  return ctx.database.capacity_enforced();
}

// Throws TransactionCanceledException when capacity is enforced and any of a transaction's items
// would be throttled: a ThrottlingError reason for each such item, None for the others, and
// nothing read or written.
inline void admit_transaction(const RequestContext& ctx,
                              const std::vector<TransactionAccess>& accesses) {
  if (ctx.database.capacity_enforced()) detail::admit_transaction(ctx, accesses);
}

// The error of a throttled request: ProvisionedThroughputExceededException, or ThrottlingException
// for an on-demand maximum, with its ThrottlingReasons entry.
engine::Error throttling_error(const RequestContext& ctx, const engine::Table& table,
                               const engine::Throttle& throttle);

}  // namespace ddb::protocol
