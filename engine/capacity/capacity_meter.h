#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/capacity/token_bucket.h"
#include "engine/table_definition.h"

namespace ddb::engine {

// Why a request was throttled: the limit its table or index reached.
enum class ThroughputLimit {
  Provisioned,  // the provisioned read or write capacity, burst credit spent
  KeyRange,     // a partition key's share: 3,000 read or 1,000 write units a second
  MaxOnDemand,  // an on-demand table's or GSI's OnDemandThroughput maximum
};

struct Throttle {
  std::string index;  // the GSI that ran short; empty: the table
  bool write = false;
  ThroughputLimit limit = ThroughputLimit::Provisioned;
};

// The units one GSI or LSI of a write consumed.
struct IndexCharge {
  std::string_view index;
  bool global = true;
  double units = 0;
};

// Enforces one table's capacity (--capacity enforce), as DynamoDB throttles:
// - a PROVISIONED table and each of its GSIs spend from token buckets at their read and write
//   capacity units, with up to 300 seconds of unused capacity banked (burst capacity);
// - an on-demand table or GSI with OnDemandThroughput maxima spends from buckets at those maxima,
//   with no burst credit;
// - in both modes, each partition key of the table (and of a GSI, for reads of the GSI) may use
//   3,000 read and 1,000 write units a second, with no burst credit;
// - a write waits for every GSI's write capacity too: a GSI short of write capacity throttles
//   writes to its table.
// LSIs share their table's capacity. A request is admitted while each bucket it draws from holds
// at least the smallest unit it can cost (half a read unit, one write unit), and then charged what
// it consumed. Times are microseconds of the server's clock. Thread-safe.
class CapacityMeter {
 public:
  static constexpr double kBurstSeconds = 300;
  static constexpr double kPartitionReadUnits = 3000;
  static constexpr double kPartitionWriteUnits = 1000;

  explicit CapacityMeter(const TableDefinition& definition);

  // Takes the rates of a changed definition; buckets keep their balances.
  void configure(const TableDefinition& definition);

  // The limit a read of the table (`index` empty, or an LSI's name) or of GSI `index`, in the
  // partition whose hash is `partition` (nullopt: a Scan), would exceed now; nullopt: admitted.
  std::optional<Throttle> admit_read(std::string_view index, std::optional<uint64_t> partition,
                                     int64_t now_us);
  // The limit a write to the partition `partition` would exceed now; nullopt: admitted.
  std::optional<Throttle> admit_write(uint64_t partition, int64_t now_us);

  void charge_read(std::string_view index, std::optional<uint64_t> partition, double units,
                   int64_t now_us);
  void charge_write(uint64_t partition, double table_units, const std::vector<IndexCharge>& indexes,
                    int64_t now_us);

 private:
  // A table's or GSI's own buckets; nullopt where nothing limits it.
  struct Resource {
    std::optional<TokenBucket> read;
    std::optional<TokenBucket> write;
  };
  struct PartitionBuckets {
    TokenBucket read;
    TokenBucket write;
  };
  // A table's or GSI's read and write rates (0: unlimited), and how long their buckets bank.
  struct Rates {
    double read = 0;
    double write = 0;
    double burst_seconds = 1;
  };

  static void set_rates(Resource& resource, const Rates& rates);
  // The GSI `index`'s resource, or nullptr when `index` is empty or not a GSI (an LSI).
  Resource* global_index(std::string_view index);
  PartitionBuckets& partition_buckets(std::string_view index, uint64_t partition, int64_t now_us);
  // Drops the partitions' buckets that are full (as new ones would be), when there are many.
  void prune(int64_t now_us);

  std::mutex mutex_;
  ThroughputLimit table_limit_ = ThroughputLimit::Provisioned;
  Resource table_;
  std::map<std::string, Resource, std::less<>> global_indexes_;
  std::unordered_map<uint64_t, PartitionBuckets> partitions_;
  std::size_t prune_at_ = 4096;
};

}  // namespace ddb::engine
