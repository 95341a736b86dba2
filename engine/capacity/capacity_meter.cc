#include "engine/capacity/capacity_meter.h"

#include <functional>

namespace ddb::engine {

namespace {

// The smallest units a read or a write can cost: what a bucket must hold to admit one.
constexpr double kLeastReadUnits = 0.5;
constexpr double kLeastWriteUnits = 1;

// The key of a partition's buckets: the partition's hash, mixed with the GSI's name for a GSI's
// partitions.
uint64_t partition_slot(std::string_view index, uint64_t partition) {
  if (index.empty()) return partition;
  return partition ^ (std::hash<std::string_view>{}(index)*0x9e3779b97f4a7c15ULL);
}

}  // namespace

CapacityMeter::CapacityMeter(const TableDefinition& definition) { configure(definition); }

void CapacityMeter::set_rates(Resource& resource, const Rates& rates) {
  const auto set = [&](std::optional<TokenBucket>& bucket, double rate) {
    if (rate <= 0) {
      bucket.reset();
    } else if (bucket) {
      bucket->set_rate(rate, rates.burst_seconds);
    } else {
      bucket.emplace(rate, rates.burst_seconds);
    }
  };
  set(resource.read, rates.read);
  set(resource.write, rates.write);
}

void CapacityMeter::configure(const TableDefinition& definition) {
  const bool provisioned = definition.billing_mode == BillingMode::Provisioned;
  const auto rates_of = [provisioned](const ProvisionedThroughput& throughput,
                                      const OnDemandThroughput& on_demand) {
    if (provisioned) {
      return Rates{static_cast<double>(throughput.read_capacity_units),
                   static_cast<double>(throughput.write_capacity_units), kBurstSeconds};
    }
    return Rates{static_cast<double>(on_demand.max_read_request_units),
                 static_cast<double>(on_demand.max_write_request_units), 1};
  };
  std::lock_guard lock(mutex_);
  table_limit_ = provisioned ? ThroughputLimit::Provisioned : ThroughputLimit::MaxOnDemand;
  set_rates(table_, rates_of(definition.throughput, definition.on_demand_throughput));
  std::map<std::string, Resource, std::less<>> global_indexes;
  for (const IndexDefinition& index : definition.indexes) {
    if (index.kind != IndexKind::Global) continue;
    Resource& resource = global_indexes[index.name];
    if (auto old = global_indexes_.find(index.name); old != global_indexes_.end()) {
      resource = std::move(old->second);
    }
    set_rates(resource, rates_of(index.throughput, index.on_demand_throughput));
  }
  global_indexes_ = std::move(global_indexes);
}

CapacityMeter::Resource* CapacityMeter::global_index(std::string_view index) {
  if (index.empty()) return nullptr;
  auto found = global_indexes_.find(index);
  return found == global_indexes_.end() ? nullptr : &found->second;
}

CapacityMeter::PartitionBuckets& CapacityMeter::partition_buckets(std::string_view index,
                                                                  uint64_t partition,
                                                                  int64_t now_us) {
  const uint64_t slot = partition_slot(index, partition);
  if (partitions_.size() >= prune_at_ && !partitions_.contains(slot)) prune(now_us);
  return partitions_
      .try_emplace(slot, PartitionBuckets{TokenBucket(kPartitionReadUnits, 1),
                                          TokenBucket(kPartitionWriteUnits, 1)})
      .first->second;
}

void CapacityMeter::prune(int64_t now_us) {
  for (auto it = partitions_.begin(); it != partitions_.end();) {
    auto& buckets = it->second;
    it = buckets.read.full(now_us) && buckets.write.full(now_us) ? partitions_.erase(it) : ++it;
  }
  prune_at_ = std::max<std::size_t>(4096, partitions_.size() * 2);
}

std::optional<Throttle> CapacityMeter::admit_read(std::string_view index,
                                                  std::optional<uint64_t> partition,
                                                  int64_t now_us) {
  std::lock_guard lock(mutex_);
  Resource* gsi = global_index(index);
  const std::string_view owner = gsi ? index : std::string_view();
  Resource& resource = gsi ? *gsi : table_;
  if (partition &&
      !partition_buckets(owner, *partition, now_us).read.holds(kLeastReadUnits, now_us)) {
    return Throttle{std::string(owner), false, ThroughputLimit::KeyRange};
  }
  if (resource.read && !resource.read->holds(kLeastReadUnits, now_us)) {
    return Throttle{std::string(owner), false, table_limit_};
  }
  return std::nullopt;
}

std::optional<Throttle> CapacityMeter::admit_write(uint64_t partition, int64_t now_us) {
  std::lock_guard lock(mutex_);
  if (!partition_buckets({}, partition, now_us).write.holds(kLeastWriteUnits, now_us)) {
    return Throttle{"", true, ThroughputLimit::KeyRange};
  }
  if (table_.write && !table_.write->holds(kLeastWriteUnits, now_us)) {
    return Throttle{"", true, table_limit_};
  }
  for (auto& [name, resource] : global_indexes_) {
    if (resource.write && !resource.write->holds(kLeastWriteUnits, now_us)) {
      return Throttle{name, true, table_limit_};
    }
  }
  return std::nullopt;
}

void CapacityMeter::charge_read(std::string_view index, std::optional<uint64_t> partition,
                                double units, int64_t now_us) {
  std::lock_guard lock(mutex_);
  Resource* gsi = global_index(index);
  Resource& resource = gsi ? *gsi : table_;
  if (partition)
    partition_buckets(gsi ? index : std::string_view(), *partition, now_us)
        .read.spend(units, now_us);
  if (resource.read) resource.read->spend(units, now_us);
}

void CapacityMeter::charge_write(uint64_t partition, double table_units,
                                 const std::vector<IndexCharge>& indexes, int64_t now_us) {
  std::lock_guard lock(mutex_);
  double units = table_units;
  for (const IndexCharge& charge : indexes) {
    Resource* gsi = charge.global ? global_index(charge.index) : nullptr;
    if (gsi == nullptr) {
      units += charge.units;  // an LSI's writes draw on its table
    } else if (gsi->write) {
      gsi->write->spend(charge.units, now_us);
    }
  }
  partition_buckets({}, partition, now_us).write.spend(units, now_us);
  if (table_.write) table_.write->spend(units, now_us);
}

}  // namespace ddb::engine
