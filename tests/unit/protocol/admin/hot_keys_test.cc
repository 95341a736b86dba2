// The hot-key sketch: exact while the keys fit, and bounded when they do not.

#include "protocol/admin/hot_keys.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::protocol {
namespace {

TEST(HotKeys, RanksKeysByUnitsWithTheirOperations) {
  HotKeys keys;
  for (int i = 0; i < 8; ++i) keys.add("hot", 1.0, KeyedOperation::GetItem);
  keys.add("hot", 2.0, KeyedOperation::PutItem);
  keys.add("cold", 0.5, KeyedOperation::Query);
  auto top = keys.top(10);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].key, "hot");
  EXPECT_DOUBLE_EQ(top[0].units, 10.0);
  EXPECT_EQ(top[0].requests, 9u);
  EXPECT_EQ(top[0].operations[static_cast<int>(KeyedOperation::GetItem)], 8u);
  EXPECT_EQ(top[0].operations[static_cast<int>(KeyedOperation::PutItem)], 1u);
  EXPECT_EQ(top[1].key, "cold");
  EXPECT_DOUBLE_EQ(keys.total_units(), 10.5);
  EXPECT_EQ(keys.total_requests(), 10u);
}

TEST(HotKeys, KeepsAHeavyKeyAmongManyLightOnes) {
  HotKeys keys(8);
  for (int i = 0; i < 1000; ++i) {
    keys.add("light" + std::to_string(i), 1.0, KeyedOperation::GetItem);
    if (i % 2 == 0) keys.add("heavy", 1.0, KeyedOperation::GetItem);
  }
  auto top = keys.top(3);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0].key, "heavy");
  // Its count is exact or over by its error, never under.
  EXPECT_GE(top[0].units, 500.0);
  EXPECT_LE(top[0].units - top[0].error, 500.0);
  EXPECT_EQ(keys.top(100).size(), 8u);
  EXPECT_DOUBLE_EQ(keys.total_units(), 1500.0);
}

TEST(HotKeys, NamesOperations) {
  EXPECT_EQ(keyed_operation("UpdateItem"), KeyedOperation::UpdateItem);
  EXPECT_EQ(keyed_operation("BatchGetItem"), KeyedOperation::Other);
  EXPECT_EQ(keyed_operation_name(KeyedOperation::Query), "Query");
}

}  // namespace
}  // namespace ddb::protocol
