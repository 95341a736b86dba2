#include "engine/sharded_store.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace ddb::engine {
namespace {

using Store = ShardedStore<Partition>;
using Model = std::map<std::pair<uint64_t, std::string>, bool>;

constexpr uint64_t kHashes = 6;
constexpr int kKeys = 12;

AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }
std::string key_name(int k) { return "k" + std::to_string(k); }

// Every (hash, key) is found exactly when the model holds it, and iteration visits the model's
// slots in its (hash, key) order.
void expect_same(const Store::Map& map, const Model& model) {
  for (uint64_t hash = 0; hash < kHashes; ++hash) {
    for (int k = 0; k < kKeys; ++k) {
      auto it = map.find(Store::Slot{hash, s(key_name(k))});
      bool held = model.count({hash, key_name(k)}) > 0;
      ASSERT_EQ(it != map.end(), held) << "hash " << hash << " key " << key_name(k);
      if (held) {
        EXPECT_EQ(it->first.hash, hash);
        EXPECT_EQ(it->first.key.as_string(), key_name(k));
      }
    }
  }
  std::vector<std::pair<uint64_t, std::string>> visited;
  for (const auto& [slot, partition] : map) visited.emplace_back(slot.hash, slot.key.as_string());
  std::vector<std::pair<uint64_t, std::string>> expected;
  for (const auto& [slot, held] : model) expected.push_back(slot);
  EXPECT_EQ(visited, expected);
}

// Random inserts and erases with few distinct hashes, so that many partitions share one (the
// index keeps only each hash's first partition), checked against a std::map after every step; a
// copy taken halfway keeps what it held while the original changes on.
TEST(ShardedStoreMap, FindsWhatAModelHoldsWhenPartitionsShareHashes) {
  std::mt19937 random(25);
  Store::Map map;
  Model model;
  Model copied_model;
  std::unique_ptr<Store::Map> copy;
  for (int step = 0; step < 3000; ++step) {
    uint64_t hash = random() % kHashes;
    std::string key = key_name(static_cast<int>(random() % kKeys));
    Store::Slot slot{hash, s(key)};
    if (random() % 5 < 3) {
      bool inserted = map.try_emplace(slot).second;
      EXPECT_EQ(inserted, model.emplace(std::pair{hash, key}, true).second);
    } else if (auto it = map.find(slot); it != map.end()) {
      map.erase(it);
      model.erase({hash, key});
    }
    expect_same(map, model);
    if (step == 1500) {
      copy = std::make_unique<Store::Map>(map);
      copied_model = model;
    }
  }
  expect_same(*copy, copied_model);
}

TEST(ShardedStoreMap, LowerBoundOfAHashIsItsFirstPartition) {
  Store::Map map;
  for (const char* key : {"b", "a", "c"}) map.try_emplace(Store::Slot{7, s(key)});
  map.try_emplace(Store::Slot{3, s("z")});
  auto it = map.lower_bound(uint64_t{7});
  ASSERT_NE(it, map.end());
  EXPECT_EQ(it->first.key.as_string(), "a");
  EXPECT_EQ(map.upper_bound(uint64_t{7}), map.end());
}

}  // namespace
}  // namespace ddb::engine
