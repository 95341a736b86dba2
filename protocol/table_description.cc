#include "protocol/table_description.h"

namespace ddb::protocol {

namespace {

Json key_schema_json(const engine::KeySchema& schema) {
  Json elements = Json::array();
  elements.push_back({{"AttributeName", schema.partition.name}, {"KeyType", "HASH"}});
  if (schema.sort) elements.push_back({{"AttributeName", schema.sort->name}, {"KeyType", "RANGE"}});
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

}  // namespace

Json table_description(const engine::Table& table, std::string_view status) {
  engine::TableDefinition definition = table.definition();
  Json attributes = Json::array();
  for (const auto& attribute : definition.attribute_definitions) {
    attributes.push_back(
        {{"AttributeName", attribute.name}, {"AttributeType", engine::type_name(attribute.type)}});
  }
  Json description = {
      {"AttributeDefinitions", std::move(attributes)},
      {"TableName", definition.name},
      {"KeySchema", key_schema_json(definition.key_schema)},
      {"TableStatus", status},
      {"CreationDateTime", definition.creation_time},
      {"ProvisionedThroughput", throughput_json(definition.throughput)},
      {"TableSizeBytes", table.size_bytes()},
      {"ItemCount", table.item_count()},
      {"TableArn", definition.arn},
      {"TableId", definition.table_id},
      {"DeletionProtectionEnabled", definition.deletion_protection},
  };
  // DynamoDB reports a billing mode summary for on-demand tables and for tables whose mode changed.
  bool on_demand = definition.billing_mode == engine::BillingMode::PayPerRequest;
  if (on_demand || definition.billing_mode_changed_time > 0) {
    Json summary = {{"BillingMode", on_demand ? "PAY_PER_REQUEST" : "PROVISIONED"}};
    double changed = definition.billing_mode_changed_time > 0 ? definition.billing_mode_changed_time
                                                              : definition.creation_time;
    summary["LastUpdateToPayPerRequestDateTime"] = changed;
    description["BillingModeSummary"] = std::move(summary);
  }
  return description;
}

}  // namespace ddb::protocol
