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
      // Evicting costs a pass over the keys, only while more distinct keys arrive than fit.
      auto fewest = std::min_element(keys_.begin(), keys_.end(), [](const auto& a, const auto& b) {
        return a.second.units < b.second.units;
      });
      inherited = fewest->second.units;
      keys_.erase(fewest);
    }
    it = keys_.emplace(std::string(key), Key{std::string(key), inherited, inherited}).first;
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
