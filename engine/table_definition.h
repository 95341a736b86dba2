#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/item.h"
#include "engine/table_features.h"

namespace ddb::engine {

// What a DynamoDB stream record carries besides the keys (StreamSpecification.StreamViewType).
enum class StreamViewType { KeysOnly, NewImage, OldImage, NewAndOldImages };

enum class BillingMode { Provisioned, PayPerRequest };

struct ProvisionedThroughput {
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
  double last_increase_time = 0;  // epoch seconds; 0 = never
  double last_decrease_time = 0;
  int64_t decreases_today = 0;
};

// The read and write units per second a table or a GSI can serve at once (WarmThroughput). Zero
// members mean none was set: DynamoDB's defaults then apply (protocol/tables/table_settings.h).
struct WarmThroughput {
  int64_t read_units_per_second = 0;
  int64_t write_units_per_second = 0;
  bool operator==(const WarmThroughput&) const = default;
};

// The most request units per second an on-demand table or GSI may use (OnDemandThroughput). Zero
// means that member was never set or was removed (-1 in UpdateTable).
struct OnDemandThroughput {
  int64_t max_read_request_units = 0;
  int64_t max_write_request_units = 0;
  bool empty() const { return max_read_request_units == 0 && max_write_request_units == 0; }
  bool operator==(const OnDemandThroughput&) const = default;
};

// The storage class a table is billed in (TableClass).
enum class TableClass { Standard, StandardInfrequentAccess };

struct Tag {
  std::string key;
  std::string value;
};

enum class IndexKind { Global, Local };

// Which attributes an index entry holds besides the table's and the index's key attributes.
enum class ProjectionType { KeysOnly, Include, All };

struct IndexProjection {
  ProjectionType type = ProjectionType::All;
  std::vector<std::string> non_key_attributes;  // INCLUDE only
};

// CREATING covers the backfill of a GSI added to an existing table; DELETING the moment its removal
// is reported.
enum class IndexStatus { Creating, Updating, Deleting, Active };

// An index's key: its partition-key attributes, then its sort-key attributes. Since November 2025 a
// GSI may have up to four of each (a multi-attribute key); an LSI has one of each, as a table has.
struct IndexKeySchema {
  std::vector<KeyAttribute> partition;  // at least one
  std::vector<KeyAttribute> sort;

  IndexKeySchema() = default;
  // Implicit: every table key is an index key.
  IndexKeySchema(const KeySchema& key) : partition{key.partition} {
    if (key.sort) sort.push_back(*key.sort);
  }
  // The key as a KeySchema when it has one partition attribute and at most one sort attribute.
  std::optional<KeySchema> single() const {
    if (partition.size() != 1 || sort.size() > 1) return std::nullopt;
    KeySchema key{partition[0], std::nullopt};
    if (!sort.empty()) key.sort = sort[0];
    return key;
  }
  bool contains(std::string_view name) const {
    const auto named = [name](const KeyAttribute& attribute) { return attribute.name == name; };
    return std::any_of(partition.begin(), partition.end(), named) ||
           std::any_of(sort.begin(), sort.end(), named);
  }
  friend bool operator==(const IndexKeySchema&, const IndexKeySchema&) = default;
};

// A secondary index, as CreateTable or UpdateTable defines it and DescribeTable reports it.
struct IndexDefinition {
  std::string name;
  IndexKind kind = IndexKind::Global;
  IndexKeySchema key_schema;
  IndexProjection projection;
  ProvisionedThroughput throughput;         // GSIs of provisioned tables; zeros otherwise
  OnDemandThroughput on_demand_throughput;  // GSIs only
  WarmThroughput warm_throughput;           // GSIs only
  IndexStatus status = IndexStatus::Active;
  // Set only for a GSI that UpdateTable is creating: false while DynamoDB allocates resources,
  // true while it backfills. DescribeTable reports it only then.
  std::optional<bool> backfilling;
  std::string arn;  // <table arn>/index/<name>
};

// Where a restored table came from (RestoreTableFromBackup, RestoreTableToPointInTime), as
// DescribeTable's RestoreSummary reports it. A restore here completes within its request, so the
// table is never seen with the restore in progress.
struct RestoreSummary {
  std::string source_backup_arn;  // empty for a point-in-time restore
  std::string source_table_arn;
  double restore_time = 0;  // epoch seconds: the backup's creation, or the point in time
};

// A table's metadata, as CreateTable defines it and DescribeTable reports it.
struct TableDefinition {
  std::string name;
  KeySchema key_schema;
  std::vector<KeyAttribute> attribute_definitions;
  BillingMode billing_mode = BillingMode::Provisioned;
  ProvisionedThroughput throughput;      // zeros under PAY_PER_REQUEST, as DynamoDB reports them
  double billing_mode_changed_time = 0;  // epoch seconds; 0 = never changed
  std::vector<Tag> tags;
  double creation_time = 0;  // epoch seconds
  std::string table_id;      // a UUID
  std::string arn;           // arn:aws:dynamodb:<region>:<account>:table/<name>
  bool deletion_protection = false;
  // TableClass once CreateTable or UpdateTable named one; when UpdateTable last changed it (epoch
  // seconds, 0 = never).
  std::optional<TableClass> table_class;
  double table_class_changed_time = 0;
  // The ARN of the KMS key that encrypts the table when SSESpecification enabled KMS encryption;
  // empty for the AWS owned key (DynamoDB's default).
  std::string kms_master_key_arn;
  OnDemandThroughput on_demand_throughput;
  WarmThroughput warm_throughput;
  std::vector<IndexDefinition> indexes;  // GSIs and LSIs, in the order they were defined
  // The Time to Live attribute while TTL is enabled (UpdateTimeToLive); std::nullopt while it is
  // disabled, as DynamoDB forgets the attribute once TTL is disabled.
  std::optional<std::string> ttl_attribute;
  // DynamoDB Streams: the view type while a stream is enabled; the latest stream's ARN and label
  // stay after it is disabled.
  std::optional<StreamViewType> stream_view_type;
  std::string latest_stream_arn;
  std::string latest_stream_label;
  // Resource policies, point-in-time recovery, Contributor Insights, Kinesis destinations.
  TableFeatures features;
  std::optional<RestoreSummary> restore_summary;  // set on a table a restore created
};

}  // namespace ddb::engine
