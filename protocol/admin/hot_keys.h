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
// memory: Filtered Space-Saving (Homem and Carvalho, 2010). Up to `capacity` keys are counted
// exactly. Once they are all taken, a new key's units go to one of kFilterBuckets counters (by
// hash), and the key replaces the followed key with the fewest units only when its counter
// outweighs that key; it then starts from the counter, which may include other keys' units
// (`error`). The filter keeps the common case, many keys each met a few times, to a hash and an
// addition: no search for the least key and no allocation per request. A key that consumed more
// than total_units() / capacity is followed. Not thread-safe: the AccessReport's lock guards it.
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
  static constexpr std::size_t kFilterBuckets = 256;

  std::size_t capacity_ = 64;
  std::unordered_map<std::string, Key, Hash, std::equal_to<>> keys_;
  std::vector<double> filter_;  // kFilterBuckets counters, once the followed keys are all taken
  double least_units_ = 0;      // the units of the least followed key, when last looked up
  double total_units_ = 0;
  uint64_t total_requests_ = 0;
};

// The name of a KeyedOperation as DynamoDB spells the operation ("GetItem").
std::string_view keyed_operation_name(KeyedOperation operation);

// The KeyedOperation `operation` ("GetItem") is; Other for the rest.
KeyedOperation keyed_operation(std::string_view operation);

}  // namespace ddb::protocol
