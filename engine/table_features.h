#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ddb::engine {

// The control-plane settings a table keeps beside its definition: stored and reported, none of
// them acted on (no policy is enforced, no backup taken, no figure computed, nothing sent).

// A resource-based policy (PutResourcePolicy, CreateTable's ResourcePolicy).
struct ResourcePolicy {
  std::string document;     // the JSON text as given
  std::string revision_id;  // decimal digits, greater for each new document
};

// Point-in-time recovery (UpdateContinuousBackups).
struct PointInTimeRecovery {
  bool enabled = false;
  int64_t recovery_period_days = 35;
  double enabled_time = 0;  // epoch seconds of the latest enabling; 0 while disabled
};

enum class ContributorInsightsMode { AccessedAndThrottledKeys, ThrottledKeys };

// CloudWatch Contributor Insights of the table or of one of its GSIs (UpdateContributorInsights).
struct ContributorInsights {
  std::string index_name;  // empty: the table itself
  bool enabled = false;
  ContributorInsightsMode mode = ContributorInsightsMode::AccessedAndThrottledKeys;
  double last_update_time = 0;  // epoch seconds
};

enum class CreationTimePrecision { Millisecond, Microsecond };

// A Kinesis data stream the table's changes would go to (EnableKinesisStreamingDestination).
struct KinesisDestination {
  std::string stream_arn;
  bool active = true;  // false once disabled
  CreationTimePrecision precision = CreationTimePrecision::Millisecond;
};

struct TableFeatures {
  std::optional<ResourcePolicy> resource_policy;
  // The policies of the table's streams, by stream ARN.
  std::map<std::string, ResourcePolicy> stream_policies;
  PointInTimeRecovery point_in_time_recovery;
  std::vector<ContributorInsights> contributor_insights;  // in the order first set
  std::vector<KinesisDestination> kinesis_destinations;   // in the order first enabled
};

}  // namespace ddb::engine
