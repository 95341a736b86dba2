#include "engine/key_hash.h"

#include <string>
#include <string_view>

namespace ddb::engine {

namespace {

constexpr uint64_t kFnvOffset = 14695981039346656037ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;

uint64_t fnv1a(uint64_t hash, std::string_view bytes) {
  for (unsigned char c : bytes) hash = (hash ^ c) * kFnvPrime;
  return hash;
}

// splitmix64's finalizer: FNV's low-entropy high bits would put similar keys in one shard.
uint64_t mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

uint64_t partition_hash(const AttributeValue& key) {
  uint64_t hash = fnv1a(kFnvOffset, type_name(key.type()));
  switch (key.type()) {
    case Type::S:
      hash = fnv1a(hash, key.as_string());
      break;
    case Type::B:
      hash = fnv1a(hash, key.as_binary());
      break;
    case Type::N: {
      const Number& n = key.as_number();
      hash = fnv1a(hash, n.is_negative() ? "-" : "+");
      hash = fnv1a(hash, n.digits());
      hash = fnv1a(hash, "e");
      hash = fnv1a(hash, std::to_string(n.exponent()));
      break;
    }
    default:
      break;
  }
  return mix(hash);
}

}  // namespace ddb::engine
