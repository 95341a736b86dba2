#include "protocol/backups/backup_json.h"

#include <cstdio>
#include <random>

#include "engine/error.h"
#include "protocol/tables/stream_specification.h"
#include "protocol/tables/table_description.h"

namespace ddb::protocol {

namespace {

Json capacity_json(const Json& throughput) {
  return {{"ReadCapacityUnits", throughput.value("ReadCapacityUnits", 0)},
          {"WriteCapacityUnits", throughput.value("WriteCapacityUnits", 0)}};
}

// The indexes of a TableDescription as SourceTableFeatureDetails lists them: name, key schema,
// projection and (for a GSI) its provisioned capacity.
Json feature_indexes(const Json& described, const char* member, bool global) {
  Json indexes = Json::array();
  for (const Json& index : described.value(member, Json::array())) {
    Json entry = {{"IndexName", index.at("IndexName")},
                  {"KeySchema", index.at("KeySchema")},
                  {"Projection", index.at("Projection")}};
    if (global) entry["ProvisionedThroughput"] = capacity_json(index.at("ProvisionedThroughput"));
    indexes.push_back(std::move(entry));
  }
  return indexes;
}

}  // namespace

std::string new_backup_arn(std::string_view table_arn, int64_t created_ms) {
  static thread_local std::mt19937 random{std::random_device{}()};
  char suffix[32];
  std::snprintf(suffix, sizeof suffix, "%014lld-%08x", static_cast<long long>(created_ms),
                static_cast<unsigned>(random()));
  return std::string(table_arn) + "/backup/" + suffix;
}

engine::Error backup_not_found(const std::string& arn) {
  return {engine::ErrorType::BackupNotFound, "Backup not found: " + arn};
}

std::shared_ptr<const engine::Backup> require_backup(const RequestContext& ctx,
                                                     const std::string& arn) {
  auto backup = ctx.database.backups().find(ctx.region, arn);
  if (!backup) throw backup_not_found(arn);
  return backup;
}

void check_backup_arn(const std::optional<std::string>& arn, std::string_view path,
                      Constraints& constraints) {
  constraints.not_null(arn.has_value(), path);
  constraints.length(arn, 37, 1024, path);
}

Json backup_details_json(const engine::Backup& backup, std::string_view status) {
  return {{"BackupArn", backup.arn},
          {"BackupName", backup.name},
          {"BackupSizeBytes", backup.table->size_bytes()},
          {"BackupStatus", status},
          {"BackupType", "USER"},
          {"BackupCreationDateTime", static_cast<double>(backup.created_ms) / 1000.0}};
}

Json backup_description_json(const engine::Backup& backup, std::string_view status) {
  const engine::TableDefinition definition = backup.table->definition();
  const Json described = table_description(*backup.table, definition, "ACTIVE");
  const bool on_demand = definition.billing_mode == engine::BillingMode::PayPerRequest;
  Json source = {{"TableName", definition.name},
                 {"TableId", definition.table_id},
                 {"TableArn", definition.arn},
                 {"TableSizeBytes", backup.table->size_bytes()},
                 {"KeySchema", described.at("KeySchema")},
                 {"TableCreationDateTime", definition.creation_time},
                 {"ProvisionedThroughput", capacity_json(described.at("ProvisionedThroughput"))},
                 {"ItemCount", backup.table->item_count()},
                 {"BillingMode", on_demand ? "PAY_PER_REQUEST" : "PROVISIONED"}};
  if (described.contains("OnDemandThroughput")) {
    source["OnDemandThroughput"] = described.at("OnDemandThroughput");
  }
  Json features = Json::object();
  Json locals = feature_indexes(described, "LocalSecondaryIndexes", false);
  Json globals = feature_indexes(described, "GlobalSecondaryIndexes", true);
  if (!locals.empty()) features["LocalSecondaryIndexes"] = std::move(locals);
  if (!globals.empty()) features["GlobalSecondaryIndexes"] = std::move(globals);
  if (definition.stream_view_type) {
    features["StreamDescription"] = {
        {"StreamEnabled", true},
        {"StreamViewType", stream_view_type_name(*definition.stream_view_type)}};
  }
  Json ttl = {{"TimeToLiveStatus", definition.ttl_attribute ? "ENABLED" : "DISABLED"}};
  if (definition.ttl_attribute) ttl["AttributeName"] = *definition.ttl_attribute;
  features["TimeToLiveDescription"] = std::move(ttl);
  if (described.contains("SSEDescription"))
    features["SSEDescription"] = described["SSEDescription"];
  return {{"BackupDetails", backup_details_json(backup, status)},
          {"SourceTableDetails", std::move(source)},
          {"SourceTableFeatureDetails", std::move(features)}};
}

Json backup_summary_json(const engine::Backup& backup) {
  const engine::TableDefinition definition = backup.table->definition();
  return {{"TableName", definition.name},
          {"TableId", definition.table_id},
          {"TableArn", definition.arn},
          {"BackupArn", backup.arn},
          {"BackupName", backup.name},
          {"BackupCreationDateTime", static_cast<double>(backup.created_ms) / 1000.0},
          {"BackupStatus", "AVAILABLE"},
          {"BackupType", "USER"},
          {"BackupSizeBytes", backup.table->size_bytes()}};
}

std::optional<double> get_timestamp(const Json& object, std::string_view name) {
  const Json* member = find_member(object, name);
  if (!member) return std::nullopt;
  // The deserializer's wording for other scalars (json_fields.cc), for a Date; not captured.
  if (member->is_string()) {
    throw engine::Error::serialization("STRING_VALUE cannot be converted to Date");
  }
  if (!member->is_number())
    throw engine::Error::serialization("Unexpected token received from parser");
  return member->get<double>();
}

}  // namespace ddb::protocol
