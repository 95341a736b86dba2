#include "protocol/admin/hot_keys.h"

#include <algorithm>
#include <array>

namespace ddb::protocol {

namespace {

constexpr std::array<std::string_view, kKeyedOperations> kNames = {
    "GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Other"};

}  // namespace

std::string_view keyed_operation_name(KeyedOperation operation) {
  return kNames[static_cast<std::size_t>(operation)];
}

KeyedOperation keyed_operation(std::string_view operation) {
  for (std::size_t i = 0; i + 1 < kNames.size(); ++i) {
    if (kNames[i] == operation) return static_cast<KeyedOperation>(i);
  }
  return KeyedOperation::Other;
}

void HotKeys::add(std::string_view key, double units, KeyedOperation operation) {
  total_units_ += units;
  ++total_requests_;
  if (capacity_ == 0) return;
  auto it = keys_.find(key);
  if (it == keys_.end()) {
    double inherited = 0;
    if (keys_.size() >= capacity_) {
      if (filter_.empty()) filter_.assign(kFilterBuckets, 0.0);
      double& bucket = filter_[Hash{}(key) % kFilterBuckets];
      bucket += units;
      // The least key's units only grow, so a stale reading is a lower bound: look again only
      // when the counter passes it.
      if (bucket <= least_units_) return;
      auto fewest = std::min_element(keys_.begin(), keys_.end(), [](const auto& a, const auto& b) {
        return a.second.units < b.second.units;
      });
      least_units_ = fewest->second.units;
      if (bucket <= least_units_) return;
      // The key let go keeps its units in its own counter, should it come back.
      double& evicted = filter_[Hash{}(fewest->first) % kFilterBuckets];
      evicted = std::max(evicted, fewest->second.units);
      keys_.erase(fewest);
      inherited = bucket - units;
    }
    it = keys_.try_emplace(std::string(key)).first;
    it->second.key = it->first;
    it->second.units = inherited;
    it->second.error = inherited;
  }
  Key& figures = it->second;
  figures.units += units;
  ++figures.requests;
  ++figures.operations[static_cast<std::size_t>(operation)];
}

std::vector<HotKeys::Key> HotKeys::top(std::size_t n) const {
  std::vector<Key> keys;
  keys.reserve(keys_.size());
  for (const auto& [name, figures] : keys_) keys.push_back(figures);
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    return a.units != b.units ? a.units > b.units : a.key < b.key;
  });
  if (keys.size() > n) keys.resize(n);
  return keys;
}

}  // namespace ddb::protocol
