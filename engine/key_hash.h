#pragma once

#include <cstdint>

#include "engine/value.h"

namespace ddb::engine {

// A stable 64-bit hash of a partition key value (S, N or B). Equal numbers hash equally whatever
// their spelling. Stable across runs and builds, because scan order and parallel-scan segments are
// defined by it.
uint64_t partition_hash(const AttributeValue& partition_key);

}  // namespace ddb::engine
