#include "protocol/admin/seed/seed_table.h"

#include <array>
#include <initializer_list>
#include <string_view>

#include "protocol/admin/seed/seed.h"

namespace ddb::protocol {

namespace {

// The member `name` of `object` when it is present and not null (absent, as DynamoDB reads JSON).
const Json* member(const Json& object, std::string_view name) {
  auto it = object.find(name);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

void copy_members(const Json& from, Json& to, std::initializer_list<std::string_view> names) {
  for (std::string_view name : names) {
    if (const Json* value = member(from, name)) to[std::string(name)] = *value;
  }
}

bool is_description(const Json& table) {
  static constexpr std::array<std::string_view, 8> kDescriptionOnly = {
      "TableStatus",    "TableArn",           "TableId",          "CreationDateTime", "ItemCount",
      "TableSizeBytes", "BillingModeSummary", "TableClassSummary"};
  for (std::string_view name : kDescriptionOnly) {
    if (member(table, name)) return true;
  }
  return false;
}

// A ProvisionedThroughputDescription's capacities, without its dates and decrease count.
Json capacities(const Json& throughput) {
  Json input = Json::object();
  copy_members(throughput, input, {"ReadCapacityUnits", "WriteCapacityUnits"});
  return input;
}

// An OnDemandThroughput's maximums, without -1 ("no maximum", which CreateTable does not take);
// null when none is left.
Json on_demand_limits(const Json& throughput) {
  Json input = Json::object();
  for (const char* name : {"MaxReadRequestUnits", "MaxWriteRequestUnits"}) {
    const Json* value = member(throughput, name);
    if (value && *value != -1) input[name] = *value;
  }
  return input.empty() ? Json() : input;
}

// The throughput members of a description (the table's or a GSI's) that CreateTable takes under
// the table's billing mode.
void copy_throughput(const Json& from, bool on_demand, Json& to) {
  if (const Json* throughput = member(from, "ProvisionedThroughput"); throughput && !on_demand) {
    to["ProvisionedThroughput"] = capacities(*throughput);
  }
  if (const Json* limits = member(from, "OnDemandThroughput"); limits && on_demand) {
    Json input = on_demand_limits(*limits);
    if (!input.is_null()) to["OnDemandThroughput"] = std::move(input);
  }
  if (const Json* warm = member(from, "WarmThroughput")) {
    Json input = Json::object();
    copy_members(*warm, input, {"ReadUnitsPerSecond", "WriteUnitsPerSecond"});
    to["WarmThroughput"] = std::move(input);
  }
}

Json indexes_input(const Json& descriptions, bool global, bool on_demand) {
  if (!descriptions.is_array()) return descriptions;
  Json input = Json::array();
  for (const Json& description : descriptions) {
    if (!description.is_object()) {
      input.push_back(description);
      continue;
    }
    Json index = Json::object();
    copy_members(description, index, {"IndexName", "KeySchema", "Projection"});
    if (global) copy_throughput(description, on_demand, index);
    input.push_back(std::move(index));
  }
  return input;
}

Json create_input_of_description(const Json& table) {
  Json input = Json::object();
  copy_members(table, input,
               {"TableName", "AttributeDefinitions", "KeySchema", "StreamSpecification",
                "DeletionProtectionEnabled"});
  std::string billing_mode = "PROVISIONED";
  if (const Json* summary = member(table, "BillingModeSummary")) {
    if (const Json* mode = summary->is_object() ? member(*summary, "BillingMode") : nullptr;
        mode && mode->is_string()) {
      billing_mode = mode->get<std::string>();
    }
  }
  input["BillingMode"] = billing_mode;
  const bool on_demand = billing_mode == "PAY_PER_REQUEST";
  copy_throughput(table, on_demand, input);
  if (const Json* locals = member(table, "LocalSecondaryIndexes")) {
    input["LocalSecondaryIndexes"] = indexes_input(*locals, false, on_demand);
  }
  if (const Json* globals = member(table, "GlobalSecondaryIndexes")) {
    input["GlobalSecondaryIndexes"] = indexes_input(*globals, true, on_demand);
  }
  if (const Json* summary = member(table, "TableClassSummary"); summary && summary->is_object()) {
    copy_members(*summary, input, {"TableClass"});
  }
  if (const Json* sse = member(table, "SSEDescription"); sse && sse->is_object()) {
    const Json* status = member(*sse, "Status");
    if (status && (*status == "ENABLED" || *status == "ENABLING" || *status == "UPDATING")) {
      Json specification = {{"Enabled", true}};
      copy_members(*sse, specification, {"SSEType"});
      if (const Json* key = member(*sse, "KMSMasterKeyArn")) {
        specification["KMSMasterKeyId"] = *key;
      }
      input["SSESpecification"] = std::move(specification);
    }
  }
  return input;
}

// The TTL specification a table object carries, if it enables TTL. A specification that does not
// say Enabled false is passed on as written, for UpdateTimeToLive to check.
std::optional<Json> time_to_live_of(const Json& object) {
  if (const Json* specification = member(object, "TimeToLiveSpecification")) {
    const Json* enabled = specification->is_object() ? member(*specification, "Enabled") : nullptr;
    if (enabled && *enabled == false) return std::nullopt;
    return *specification;
  }
  if (const Json* description = member(object, "TimeToLiveDescription");
      description && description->is_object()) {
    const Json* status = member(*description, "TimeToLiveStatus");
    if (!status || (*status != "ENABLED" && *status != "ENABLING")) return std::nullopt;
    Json specification = {{"Enabled", true}};
    copy_members(*description, specification, {"AttributeName"});
    return specification;
  }
  return std::nullopt;
}

}  // namespace

SeedTableRequests seed_table_requests(const Json& table) {
  if (!table.is_object()) {
    throw SeedError("", "a table must be a JSON object: CreateTable input or DescribeTable output");
  }
  SeedTableRequests requests;
  requests.time_to_live = time_to_live_of(table);
  const Json* wrapped = member(table, "Table");
  if (wrapped && wrapped->is_object()) {
    if (!requests.time_to_live) requests.time_to_live = time_to_live_of(*wrapped);
    requests.create_table = create_input_of_description(*wrapped);
  } else if (is_description(table)) {
    requests.create_table = create_input_of_description(table);
  } else {
    requests.create_table = table;
    requests.create_table.erase("TimeToLiveSpecification");
    requests.create_table.erase("TimeToLiveDescription");
  }
  return requests;
}

}  // namespace ddb::protocol
