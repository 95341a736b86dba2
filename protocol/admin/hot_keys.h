#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ddb::protocol {

// The operations a hot key's figures tell apart: those that name one partition key.
enum class KeyedOperation : uint8_t { GetItem, PutItem, UpdateItem, DeleteItem, Query, Other };
inline constexpr std::size_t kKeyedOperations = 6;

// The partition keys of one table (or index) that consumed the most capacity units, in bounded
// memory: the space-saving algorithm (Metwally, Agrawal, El Abbadi, 2005) tracks at most
// `capacity` keys; a key met when all are taken replaces the one with the fewest units and
// inherits them as its possible overcount (`error`). Any key that consumed more than
// total_units() / capacity is tracked, so with a capacity well above 10 the top 10 are right
// whenever they matter (a hot key). Not thread-safe: the AccessReport's lock guards it.
class HotKeys {
 public:
  HotKeys() = default;
  explicit HotKeys(std::size_t capacity) : capacity_(capacity) {}

  struct Key {
    std::string key;
    double units = 0;  // may exceed the key's true units by `error`
    double error = 0;
    uint64_t requests = 0;
    std::array<uint64_t, kKeyedOperations> operations{};  // requests by KeyedOperation
  };

  // Counts one request on `key` that consumed `units`.
  void add(std::string_view key, double units, KeyedOperation operation);
  // The `n` keys with the most units, most first (ties: by key).
  std::vector<Key> top(std::size_t n) const;
  // Units of every request counted, tracked or not.
  double total_units() const { return total_units_; }
  uint64_t total_requests() const { return total_requests_; }

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view key) const {
      return std::hash<std::string_view>{}(key);
    }
  };
  std::size_t capacity_ = 64;
  std::unordered_map<std::string, Key, Hash, std::equal_to<>> keys_;
  double total_units_ = 0;
  uint64_t total_requests_ = 0;
};

// The name of a KeyedOperation as DynamoDB spells the operation ("GetItem").
std::string_view keyed_operation_name(KeyedOperation operation);

// The KeyedOperation `operation` ("GetItem") is; Other for the rest.
KeyedOperation keyed_operation(std::string_view operation);

}  // namespace ddb::protocol
