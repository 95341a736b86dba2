#include "protocol/tables/table_description.h"

#include <algorithm>
#include <string>
#include <vector>

#include "protocol/tables/stream_specification.h"
#include "protocol/tables/table_settings.h"

namespace ddb::protocol {

namespace {

Json key_schema_json(const engine::IndexKeySchema& schema) {
  Json elements = Json::array();
  for (const auto& attribute : schema.partition) {
    elements.push_back({{"AttributeName", attribute.name}, {"KeyType", "HASH"}});
  }
  for (const auto& attribute : schema.sort) {
    elements.push_back({{"AttributeName", attribute.name}, {"KeyType", "RANGE"}});
  }
  return elements;
}

Json throughput_json(const engine::ProvisionedThroughput& throughput) {
  Json json = {{"NumberOfDecreasesToday", throughput.decreases_today},
               {"ReadCapacityUnits", throughput.read_capacity_units},
               {"WriteCapacityUnits", throughput.write_capacity_units}};
  if (throughput.last_increase_time > 0)
    json["LastIncreaseDateTime"] = throughput.last_increase_time;
  if (throughput.last_decrease_time > 0)
    json["LastDecreaseDateTime"] = throughput.last_decrease_time;
  return json;
}

const char* projection_type_name(engine::ProjectionType type) {
  switch (type) {
    case engine::ProjectionType::KeysOnly:
      return "KEYS_ONLY";
    case engine::ProjectionType::Include:
      return "INCLUDE";
    case engine::ProjectionType::All:
      break;
  }
  return "ALL";
}

const char* index_status_name(engine::IndexStatus status) {
  switch (status) {
    case engine::IndexStatus::Creating:
      return "CREATING";
    case engine::IndexStatus::Updating:
      return "UPDATING";
    case engine::IndexStatus::Deleting:
      return "DELETING";
    case engine::IndexStatus::Active:
      break;
  }
  return "ACTIVE";
}

// DynamoDB returns NonKeyAttributes sorted by name, whatever order they were sent in
// (ack-api-quirks DDB-TABLE-125, a live capture of 2026).
Json projection_json(const engine::IndexProjection& projection) {
  Json json = {{"ProjectionType", projection_type_name(projection.type)}};
  if (projection.type == engine::ProjectionType::Include) {
    std::vector<std::string> names = projection.non_key_attributes;
    std::sort(names.begin(), names.end());
    json["NonKeyAttributes"] = names;
  }
  return json;
}

Json index_json(const engine::Table& table, const engine::TableDefinition& definition,
                const engine::IndexDefinition& index) {
  auto live = table.find_index(index.name);
  Json json = {
      {"IndexName", index.name},
      {"KeySchema", key_schema_json(index.key_schema)},
      {"Projection", projection_json(index.projection)},
      {"IndexSizeBytes", live ? live->size_bytes() : 0},
      {"ItemCount", live ? live->item_count() : 0},
      {"IndexArn", index.arn},
  };
  // An LSI has no status and no throughput of its own.
  if (index.kind == engine::IndexKind::Global) {
    json["IndexStatus"] = index_status_name(index.status);
    if (index.backfilling) json["Backfilling"] = *index.backfilling;
    json["ProvisionedThroughput"] = throughput_json(index.throughput);
    add_index_settings(definition, index, index_status_name(index.status), json);
  }
  return json;
}

// DynamoDB reports a billing mode summary for on-demand tables and for tables whose mode changed.
void add_billing_mode_summary(const engine::TableDefinition& definition, Json& description) {
  bool on_demand = definition.billing_mode == engine::BillingMode::PayPerRequest;
  if (!on_demand && definition.billing_mode_changed_time == 0) return;
  Json summary = {{"BillingMode", on_demand ? "PAY_PER_REQUEST" : "PROVISIONED"}};
  double changed = definition.billing_mode_changed_time > 0 ? definition.billing_mode_changed_time
                                                            : definition.creation_time;
  summary["LastUpdateToPayPerRequestDateTime"] = changed;
  description["BillingModeSummary"] = std::move(summary);
}

// The members of a TableDescription that a table being deleted keeps too: its identity, size,
// capacity, deletion protection, stream and settings.
Json described_table(const engine::Table& table, const engine::TableDefinition& definition,
                     std::string_view status) {
  Json description = {
      {"TableName", definition.name},
      {"TableStatus", status},
      {"ProvisionedThroughput", throughput_json(definition.throughput)},
      {"TableSizeBytes", table.size_bytes()},
      {"ItemCount", table.item_count()},
      {"TableArn", definition.arn},
      {"TableId", definition.table_id},
      {"DeletionProtectionEnabled", definition.deletion_protection},
  };
  add_billing_mode_summary(definition, description);
  add_stream_description(definition, description);
  add_table_settings(definition, description);
  if (const auto& restore = definition.restore_summary) {
    // A restore's response shows the table CREATING with the restore in progress; by the next
    // DescribeTable it has finished (it completes within the request here).
    Json summary = {{"SourceTableArn", restore->source_table_arn},
                    {"RestoreDateTime", restore->restore_time},
                    {"RestoreInProgress", status == "CREATING"}};
    if (!restore->source_backup_arn.empty()) {
      summary["SourceBackupArn"] = restore->source_backup_arn;
    }
    description["RestoreSummary"] = std::move(summary);
  }
  return description;
}

}  // namespace

Json table_description(const engine::Table& table, std::string_view status) {
  return table_description(table, table.definition(), status);
}

Json table_description(const engine::Table& table, const engine::TableDefinition& definition,
                       std::string_view status) {
  Json description = described_table(table, definition, status);
  // DynamoDB returns AttributeDefinitions sorted by name (ack-api-quirks DDB-TABLE-125 and -151).
  std::vector<engine::KeyAttribute> sorted_attributes = definition.attribute_definitions;
  std::sort(sorted_attributes.begin(), sorted_attributes.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
  Json attributes = Json::array();
  for (const auto& attribute : sorted_attributes) {
    attributes.push_back(
        {{"AttributeName", attribute.name}, {"AttributeType", engine::type_name(attribute.type)}});
  }
  description["AttributeDefinitions"] = std::move(attributes);
  description["KeySchema"] = key_schema_json(engine::IndexKeySchema(definition.key_schema));
  description["CreationDateTime"] = definition.creation_time;
  // Each list keeps the order the indexes were defined in, and is left out when empty.
  Json globals = Json::array();
  Json locals = Json::array();
  for (const auto& index : definition.indexes) {
    (index.kind == engine::IndexKind::Global ? globals : locals)
        .push_back(index_json(table, definition, index));
  }
  if (!globals.empty()) description["GlobalSecondaryIndexes"] = std::move(globals);
  if (!locals.empty()) description["LocalSecondaryIndexes"] = std::move(locals);
  return description;
}

Json deleted_table_description(const engine::Table& table) {
  // What DynamoDB reports of a table it is deleting (API Reference, DeleteTable's example, and
  // DynamoDB's responses as the AWS CLI prints them): no key schema, attribute definitions,
  // creation time or indexes.
  return described_table(table, table.definition(), "DELETING");
}

std::string_view table_status(const engine::TableDefinition& definition) {
  for (const auto& index : definition.indexes) {
    bool allocating = index.status == engine::IndexStatus::Creating && index.backfilling == false;
    if (allocating || index.status == engine::IndexStatus::Deleting) return "UPDATING";
  }
  return "ACTIVE";
}

}  // namespace ddb::protocol
