#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/table_definition.h"
#include "engine/value.h"

namespace ddb::engine {

// One contributor of Contributor Insights: a partition key, or an item's partition and sort key,
// and what it accessed or how often it was throttled.
struct Contributor {
  AttributeValue partition;
  std::optional<AttributeValue> sort;
  double units = 0;       // consumed capacity units (accessed keys; 0 for throttled ones)
  uint64_t requests = 0;  // requests (accessed keys) or throttled requests
};

// What Contributor Insights shows of a table or GSI: its most accessed keys (by consumed units)
// and most throttled keys (by throttled requests), each by partition key and by partition and
// sort key (DynamoDB's four rules, PKC, SKC, PKT and SKT). Empty `accessed_*` in THROTTLED_KEYS
// mode, and empty item lists for a table or index without a sort key.
struct ContributorsTop {
  std::vector<Contributor> accessed_partitions;
  std::vector<Contributor> accessed_items;
  std::vector<Contributor> throttled_partitions;
  std::vector<Contributor> throttled_items;
};

// Counts CloudWatch Contributor Insights for real, for the table and each GSI on which
// UpdateContributorInsights enabled it (the definition's features). Every enabled table or index
// keeps one bucket per minute of the server's clock, for the last kWindowMinutes minutes (the
// sliding window), and each bucket follows at most kKeysPerBucket keys per rule with the
// space-saving algorithm (Metwally, Agrawal and El Abbadi, 2005): a key with more than 1/64 of a
// minute's figure is never missed; a key that took a slot over inherits the figures of the one it
// replaced. Enabling or disabling starts the counts over, as DynamoDB deletes and creates its
// rules. Times are microseconds. Thread-safe; enabled() is one atomic load, for the requests of
// tables nobody watches.
class Contributors {
 public:
  static constexpr int64_t kMinuteUs = 60'000'000;
  static constexpr std::size_t kWindowMinutes = 60;
  static constexpr std::size_t kKeysPerBucket = 64;

  explicit Contributors(const TableDefinition& definition) { configure(definition); }

  // Follows the definition's Contributor Insights settings.
  void configure(const TableDefinition& definition);
  // Whether any of the table's insights are enabled.
  bool enabled() const { return enabled_.load(std::memory_order_relaxed); }

  // A successful request on `target` (empty: the table; else a GSI's name) naming `partition`
  // (and one item's `sort`, or nullptr) that consumed `units`. Ignored unless `target`'s insights
  // are enabled in ACCESSED_AND_THROTTLED_KEYS mode.
  void accessed(std::string_view target, const AttributeValue& partition,
                const AttributeValue* sort, double units, int64_t now_us);
  // A request on `target` that was throttled. Ignored unless `target`'s insights are enabled.
  void throttled(std::string_view target, const AttributeValue& partition,
                 const AttributeValue* sort, int64_t now_us);

  // The `n` top contributors of each rule of `target` over the last `minutes` minutes (at most
  // kWindowMinutes), most first; nullopt when `target`'s insights are not enabled.
  std::optional<ContributorsTop> top(std::string_view target, std::size_t n, std::size_t minutes,
                                     int64_t now_us) const;

 private:
  // One rule's keys in one minute, by their key bytes.
  using Counts = std::unordered_map<std::string, Contributor>;
  struct Bucket {
    int64_t minute = 0;
    Counts accessed_partitions, accessed_items, throttled_partitions, throttled_items;
  };
  struct Target {
    ContributorInsightsMode mode = ContributorInsightsMode::AccessedAndThrottledKeys;
    double enabled_at = 0;       // the settings' last_update_time: a change starts the counts over
    std::deque<Bucket> buckets;  // oldest first, at most kWindowMinutes
  };

  Bucket& bucket(Target& target, int64_t now_us);
  static void add(Counts& counts, const AttributeValue& partition, const AttributeValue* sort,
                  double units);

  mutable std::mutex mutex_;
  std::map<std::string, Target, std::less<>> targets_;  // the enabled ones, by index name
  std::atomic<bool> enabled_{false};
};

}  // namespace ddb::engine
