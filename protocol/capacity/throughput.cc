#include "protocol/capacity/throughput.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "engine/error_details.h"
#include "engine/key_hash.h"

namespace ddb::protocol {

namespace {

int64_t now_us(const RequestContext& ctx) { return ctx.database.clock().now_us(); }

std::optional<uint64_t> hash_of(KeyRef key) {
  if (key.partition == nullptr) return std::nullopt;
  return engine::partition_hash(*key.partition);
}

// Counts a throttled request on `key` of `target` (empty: the table) for Contributor Insights.
void count_throttle(const RequestContext& ctx, const engine::Table& table, std::string_view target,
                    KeyRef key) {
  if (key.partition == nullptr || !table.contributors().enabled()) return;
  table.contributors().throttled(target, *key.partition, key.sort, now_us(ctx));
}

// The messages DynamoDB gives each kind of throttle. The provisioned ones are the service's
// long-standing texts; the key-range one is what an on-demand table's hot key gets; the on-demand
// maximum's follows the Developer Guide's "DynamoDB maximum throughput for on-demand tables".
std::string_view message_of(const engine::Throttle& throttle) {
  switch (throttle.limit) {
    case engine::ThroughputLimit::Provisioned:
      return throttle.index.empty()
                 ? "The level of configured provisioned throughput for the table was exceeded. "
                   "Consider increasing your provisioning level with the UpdateTable API."
                 : "The level of configured provisioned throughput for one or more global "
                   "secondary indexes of the table was exceeded. Consider increasing your "
                   "provisioning level for the under-provisioned global secondary indexes with the "
                   "UpdateTable API";
    case engine::ThroughputLimit::KeyRange:
      return "Throughput exceeds the current capacity of your table or index. DynamoDB is "
             "automatically scaling your table or index so please try again shortly. If "
             "exceptions persist, check if you have a hot key: "
             "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
             "bp-partition-key-design.html";
    case engine::ThroughputLimit::MaxOnDemand:
      return "Throughput exceeds the maximum OnDemandThroughput configured on table or index";
  }
  return "";
}

// ResourceType+OperationType+LimitType, as the API Reference's ThrottlingReason spells it.
std::string reason_of(const engine::Throttle& throttle) {
  std::string reason = throttle.index.empty() ? "Table" : "Index";
  reason += throttle.write ? "Write" : "Read";
  switch (throttle.limit) {
    case engine::ThroughputLimit::Provisioned:
      return reason + "ProvisionedThroughputExceeded";
    case engine::ThroughputLimit::KeyRange:
      return reason + "KeyRangeThroughputExceeded";
    case engine::ThroughputLimit::MaxOnDemand:
      return reason + "MaxOnDemandThroughputExceeded";
  }
  return reason;
}

}  // namespace

engine::Error throttling_error(const RequestContext& ctx, const engine::Table& table,
                               const engine::Throttle& throttle) {
  std::string resource = table_arn(ctx, table.definition().name);
  if (!throttle.index.empty()) resource += "/index/" + throttle.index;
  auto details = std::make_shared<engine::ErrorDetails>();
  details->throttling_reasons.push_back({reason_of(throttle), std::move(resource)});
  const auto type = throttle.limit == engine::ThroughputLimit::MaxOnDemand
                        ? engine::ErrorType::Throttling
                        : engine::ErrorType::ProvisionedThroughputExceeded;
  return engine::Error(type, std::string(message_of(throttle)), std::move(details));
}

namespace detail {

std::optional<engine::Throttle> read_throttle(const RequestContext& ctx, const engine::Table& table,
                                              std::string_view index, KeyRef key) {
  auto throttle = table.capacity().admit_read(index, hash_of(key), now_us(ctx));
  if (throttle) count_throttle(ctx, table, index, key);
  return throttle;
}

std::optional<engine::Throttle> write_throttle(const RequestContext& ctx,
                                               const engine::Table& table, KeyRef key) {
  auto throttle = table.capacity().admit_write(*hash_of(key), now_us(ctx));
  // A write throttled by a GSI's capacity still names the table's key.
  if (throttle) count_throttle(ctx, table, {}, key);
  return throttle;
}

void admit_read(const RequestContext& ctx, const engine::Table& table, std::string_view index,
                KeyRef key) {
  if (auto throttle = detail::read_throttle(ctx, table, index, key)) {
    throw throttling_error(ctx, table, *throttle);
  }
}

void charge_read(const RequestContext& ctx, const engine::Table& table, std::string_view index,
                 KeyRef key, double units) {
  const int64_t now = now_us(ctx);
  if (ctx.database.capacity_enforced()) {
    table.capacity().charge_read(index, hash_of(key), units, now);
  }
  if (key.partition != nullptr && table.contributors().enabled()) {
    table.contributors().accessed(index, *key.partition, key.sort, units, now);
  }
}

void admit_write(const RequestContext& ctx, const engine::Table& table, KeyRef key) {
  if (auto throttle = detail::write_throttle(ctx, table, key)) {
    throw throttling_error(ctx, table, *throttle);
  }
}

void charge_write(const RequestContext& ctx, const engine::Table& table, KeyRef key,
                  double table_units, const std::vector<IndexUnits>& indexes) {
  const int64_t now = now_us(ctx);
  if (ctx.database.capacity_enforced()) {
    std::vector<engine::IndexCharge> charges;
    charges.reserve(indexes.size());
    for (const IndexUnits& index : indexes) {
      charges.push_back({index.name, index.kind == engine::IndexKind::Global, index.units});
    }
    table.capacity().charge_write(*hash_of(key), table_units, charges, now);
  }
  if (table.contributors().enabled()) {
    table.contributors().accessed({}, *key.partition, key.sort, table_units, now);
  }
}

void admit_transaction(const RequestContext& ctx, const std::vector<TransactionAccess>& accesses) {
  std::vector<engine::CancellationReason> reasons;
  bool throttled = false;
  for (const TransactionAccess& access : accesses) {
    std::optional<engine::Throttle> throttle =
        access.write ? detail::write_throttle(ctx, *access.table, access.key)
                     : detail::read_throttle(ctx, *access.table, {}, access.key);
    if (throttle) {
      throttled = true;
      reasons.push_back({"ThrottlingError", std::string(message_of(*throttle)), std::nullopt});
    } else {
      reasons.push_back({"None", "", std::nullopt});
    }
  }
  if (throttled) throw engine::transaction_canceled(std::move(reasons));
}

}  // namespace detail

}  // namespace ddb::protocol
