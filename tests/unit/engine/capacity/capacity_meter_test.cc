#include "engine/capacity/capacity_meter.h"

#include <gtest/gtest.h>

#include <optional>

namespace ddb::engine {
namespace {

constexpr int64_t kSecond = 1'000'000;
constexpr uint64_t kHot = 7;
constexpr uint64_t kCold = 8;

TableDefinition provisioned(int64_t read, int64_t write) {
  TableDefinition definition;
  definition.name = "t";
  definition.billing_mode = BillingMode::Provisioned;
  definition.throughput.read_capacity_units = read;
  definition.throughput.write_capacity_units = write;
  return definition;
}

TableDefinition on_demand() {
  TableDefinition definition;
  definition.name = "t";
  definition.billing_mode = BillingMode::PayPerRequest;
  return definition;
}

IndexDefinition global_index(std::string name, int64_t read, int64_t write) {
  IndexDefinition index;
  index.name = std::move(name);
  index.kind = IndexKind::Global;
  index.throughput.read_capacity_units = read;
  index.throughput.write_capacity_units = write;
  return index;
}

void expect_throttle(const std::optional<Throttle>& throttle, std::string_view index, bool write,
                     ThroughputLimit limit) {
  ASSERT_TRUE(throttle.has_value());
  EXPECT_EQ(throttle->index, index);
  EXPECT_EQ(throttle->write, write);
  EXPECT_EQ(throttle->limit, limit);
}

TEST(CapacityMeterTest, AProvisionedTableWritesItsUnitsThenThrottles) {
  CapacityMeter meter(provisioned(5, 5));
  for (int i = 0; i < 5; ++i) {
    ASSERT_FALSE(meter.admit_write(kHot + i, 0)) << i;
    meter.charge_write(kHot + i, 1, {}, 0);
  }
  expect_throttle(meter.admit_write(kCold, 0), "", true, ThroughputLimit::Provisioned);
  // A fifth of a second later one unit has come back.
  EXPECT_FALSE(meter.admit_write(kCold, kSecond / 5));
}

TEST(CapacityMeterTest, UnusedCapacityBanksForBurstsOfUpToFiveMinutes) {
  CapacityMeter meter(provisioned(5, 5));
  ASSERT_FALSE(meter.admit_write(kHot, 0));
  meter.charge_write(kHot, 5, {}, 0);
  // An hour idle banks 300 seconds' worth, no more.
  const int64_t later = 3600 * kSecond;
  double spent = 0;
  uint64_t key = 100;
  while (!meter.admit_write(key, later)) {
    meter.charge_write(key++, 10, {}, later);
    spent += 10;
    ASSERT_LT(spent, 2000);
  }
  EXPECT_EQ(spent, 1500);
}

TEST(CapacityMeterTest, ReadsAndWritesHaveTheirOwnBuckets) {
  CapacityMeter meter(provisioned(1, 5));
  ASSERT_FALSE(meter.admit_read({}, kHot, 0));
  meter.charge_read({}, kHot, 1, 0);
  expect_throttle(meter.admit_read({}, kHot, 0), "", false, ThroughputLimit::Provisioned);
  EXPECT_FALSE(meter.admit_write(kHot, 0));
}

TEST(CapacityMeterTest, AnOnDemandTableLimitsEachPartitionKeyAlone) {
  CapacityMeter meter(on_demand());
  ASSERT_FALSE(meter.admit_write(kHot, 0));
  meter.charge_write(kHot, 1000, {}, 0);
  expect_throttle(meter.admit_write(kHot, 0), "", true, ThroughputLimit::KeyRange);
  EXPECT_FALSE(meter.admit_write(kCold, 0));
  // Reads of the hot key have their own 3,000 units.
  EXPECT_FALSE(meter.admit_read({}, kHot, 0));
  meter.charge_read({}, kHot, 3000, 0);
  expect_throttle(meter.admit_read({}, kHot, 0), "", false, ThroughputLimit::KeyRange);
  // A Scan names no partition.
  EXPECT_FALSE(meter.admit_read({}, std::nullopt, 0));
  // One second later, no burst credit: the key has one second's worth again.
  EXPECT_FALSE(meter.admit_write(kHot, kSecond));
  meter.charge_write(kHot, 1000, {}, kSecond);
  expect_throttle(meter.admit_write(kHot, kSecond), "", true, ThroughputLimit::KeyRange);
}

TEST(CapacityMeterTest, OnDemandMaximaThrottleTheTableWithoutBurst) {
  TableDefinition definition = on_demand();
  definition.on_demand_throughput.max_read_request_units = 10;
  CapacityMeter meter(definition);
  meter.charge_read({}, kHot, 10, 0);
  expect_throttle(meter.admit_read({}, kCold, 0), "", false, ThroughputLimit::MaxOnDemand);
  // Writes have no maximum.
  EXPECT_FALSE(meter.admit_write(kCold, 0));
  // An hour later there is one second's worth, not more.
  meter.charge_read({}, kHot, 10, 3600 * kSecond);
  expect_throttle(meter.admit_read({}, kCold, 3600 * kSecond), "", false,
                  ThroughputLimit::MaxOnDemand);
}

TEST(CapacityMeterTest, AGlobalIndexShortOfWriteCapacityThrottlesItsTablesWrites) {
  TableDefinition definition = provisioned(100, 100);
  definition.indexes.push_back(global_index("byStatus", 5, 1));
  CapacityMeter meter(definition);
  ASSERT_FALSE(meter.admit_write(kHot, 0));
  meter.charge_write(kHot, 1, {{"byStatus", true, 1}}, 0);
  expect_throttle(meter.admit_write(kCold, 0), "byStatus", true, ThroughputLimit::Provisioned);
  // Reads of the table are not the index's business.
  EXPECT_FALSE(meter.admit_read({}, kHot, 0));
}

TEST(CapacityMeterTest, ReadsOfAGlobalIndexSpendItsCapacityAndALocalIndexsItsTables) {
  TableDefinition definition = provisioned(2, 5);
  definition.indexes.push_back(global_index("byStatus", 1, 5));
  IndexDefinition local;
  local.name = "byDate";
  local.kind = IndexKind::Local;
  definition.indexes.push_back(local);
  CapacityMeter meter(definition);
  meter.charge_read("byStatus", kHot, 1, 0);
  expect_throttle(meter.admit_read("byStatus", kHot, 0), "byStatus", false,
                  ThroughputLimit::Provisioned);
  EXPECT_FALSE(meter.admit_read({}, kHot, 0));
  meter.charge_read("byDate", kHot, 2, 0);
  expect_throttle(meter.admit_read({}, kHot, 0), "", false, ThroughputLimit::Provisioned);
  // An LSI's writes count against the table.
  CapacityMeter writes(definition);
  writes.charge_write(kHot, 1, {{"byDate", false, 4}}, 0);
  expect_throttle(writes.admit_write(kCold, 0), "", true, ThroughputLimit::Provisioned);
}

TEST(CapacityMeterTest, ANewDefinitionTakesEffectAndKeepsBalances) {
  CapacityMeter meter(provisioned(5, 1));
  meter.charge_write(kHot, 1, {}, 0);
  expect_throttle(meter.admit_write(kCold, 0), "", true, ThroughputLimit::Provisioned);
  meter.configure(on_demand());
  EXPECT_FALSE(meter.admit_write(kCold, 0));
  meter.configure(provisioned(5, 1));
  // The old bucket went with the provisioned mode: a new one holds a second's worth.
  EXPECT_FALSE(meter.admit_write(kCold, 0));
}

TEST(CapacityMeterTest, ManyQuietPartitionsAreForgotten) {
  CapacityMeter meter(on_demand());
  meter.charge_write(kHot, 1000, {}, 0);
  for (uint64_t key = 100; key < 20'000; ++key) meter.admit_write(key, 0);
  // The hot key's debt outlived the pruning of the quiet ones.
  expect_throttle(meter.admit_write(kHot, 0), "", true, ThroughputLimit::KeyRange);
}

}  // namespace
}  // namespace ddb::engine
