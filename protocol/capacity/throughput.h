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
// charged the units it consumed. The same calls feed the table's Contributor Insights
// (engine/capacity/contributors.h) with the keys accessed and throttled. Each call is one branch
// when capacity is not enforced and no insights of the table are enabled.

// The key a request names: its partition value (nullptr for a Scan) and, for one item, its sort
// value (nullptr for a Query, or a table without sort key).
struct KeyRef {
  const engine::AttributeValue* partition = nullptr;
  const engine::AttributeValue* sort = nullptr;

  KeyRef(const engine::AttributeValue* partition_value)  // NOLINT: implicit
      : partition(partition_value) {}
  KeyRef(const engine::Key& key)  // NOLINT: implicit
      : partition(&key.partition), sort(key.sort ? &*key.sort : nullptr) {}
};

// One item a transaction reads or writes.
struct TransactionAccess {
  const engine::Table* table;
  KeyRef key;
  bool write;
};

namespace detail {
std::optional<engine::Throttle> read_throttle(const RequestContext& ctx, const engine::Table& table,
                                              std::string_view index, KeyRef key);
std::optional<engine::Throttle> write_throttle(const RequestContext& ctx,
                                               const engine::Table& table, KeyRef key);
void admit_read(const RequestContext& ctx, const engine::Table& table, std::string_view index,
                KeyRef key);
void charge_read(const RequestContext& ctx, const engine::Table& table, std::string_view index,
                 KeyRef key, double units);
void admit_write(const RequestContext& ctx, const engine::Table& table, KeyRef key);
void charge_write(const RequestContext& ctx, const engine::Table& table, KeyRef key,
                  double table_units, const std::vector<IndexUnits>& indexes);
void admit_transaction(const RequestContext& ctx, const std::vector<TransactionAccess>& accesses);
}  // namespace detail

// Whether a request on `table` is charged or counted: capacity is enforced, or some of the table's
// Contributor Insights are enabled.
inline bool metered(const RequestContext& ctx, const engine::Table& table) {
  return ctx.database.capacity_enforced() || table.contributors().enabled();
}

// What would throttle a read (a write) now, for the operations that leave a throttled part of
// their request unprocessed (the batches) or cancel it (the transactions): nullopt when nothing
// would, or capacity is not enforced. A throttle counts for the key's Contributor Insights.
inline std::optional<engine::Throttle> read_throttle(const RequestContext& ctx,
                                                     const engine::Table& table,
                                                     std::string_view index, KeyRef key) {
  if (!ctx.database.capacity_enforced()) return std::nullopt;
  return detail::read_throttle(ctx, table, index, key);
}
inline std::optional<engine::Throttle> write_throttle(const RequestContext& ctx,
                                                      const engine::Table& table, KeyRef key) {
  if (!ctx.database.capacity_enforced()) return std::nullopt;
  return detail::write_throttle(ctx, table, key);
}

// Throws the throttling error when a read of `key` in `table` (or in its index `index`; empty:
// the table) must not start now.
inline void admit_read(const RequestContext& ctx, const engine::Table& table,
                       std::string_view index, KeyRef key) {
  if (ctx.database.capacity_enforced()) detail::admit_read(ctx, table, index, key);
}
// Charges a read of `key` the `units` it consumed, and counts it for Contributor Insights.
inline void charge_read(const RequestContext& ctx, const engine::Table& table,
                        std::string_view index, KeyRef key, double units) {
  if (metered(ctx, table)) detail::charge_read(ctx, table, index, key, units);
}
// Throws the throttling error when a write of `key` to `table` must not start now: the table, the
// partition or one of the table's GSIs is out of write capacity.
inline void admit_write(const RequestContext& ctx, const engine::Table& table, KeyRef key) {
  if (ctx.database.capacity_enforced()) detail::admit_write(ctx, table, key);
}
// Charges a write of `key`: `table_units` are the table's own; `indexes` each index's.
inline void charge_write(const RequestContext& ctx, const engine::Table& table, KeyRef key,
                         double table_units, const std::vector<IndexUnits>& indexes) {
  if (metered(ctx, table)) detail::charge_write(ctx, table, key, table_units, indexes);
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
