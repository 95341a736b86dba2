#include "engine/error.h"
#include "protocol/constraints.h"
#include "protocol/operations.h"
#include "protocol/table_description.h"
#include "protocol/table_fields.h"

namespace ddb::protocol {

namespace {

constexpr const char* kInvalid = "One or more parameter values were invalid: ";

}  // namespace

Json update_table(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.name(name, "tableName");
  auto billing_mode = get_string(request, "BillingMode");
  constraints.one_of(billing_mode, {"PROVISIONED", "PAY_PER_REQUEST"}, "billingMode");
  auto throughput = parse_throughput(request, constraints);
  auto deletion_protection = get_bool(request, "DeletionProtectionEnabled");
  constraints.check();

  if (get_list(request, "GlobalSecondaryIndexUpdates") ||
      get_structure(request, "StreamSpecification", "StreamSpecification")) {
    throw engine::Error::validation("ddblocal does not support index or stream updates yet");
  }
  // Settings with no meaning locally are accepted and kept as they were.
  bool ignored_setting = false;
  for (std::string_view member :
       {"SSESpecification", "ReplicaUpdates", "TableClass", "MultiRegionConsistency",
        "GlobalTableWitnessUpdates", "OnDemandThroughput", "WarmThroughput",
        "GlobalTableSettingsReplicationMode"}) {
    ignored_setting = ignored_setting || find_member(request, member) != nullptr;
  }
  if (!billing_mode && !throughput && !deletion_protection && !ignored_setting) {
    throw engine::Error::validation(
        "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
        "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, "
        "ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, "
        "OnDemandThroughput, WarmThroughput or TableClass is required");
  }
  auto table = ctx.database.find_table(*name);
  if (!table) {
    throw table_not_found(*name);
  }

  engine::TableDefinition current = table->definition();
  bool on_demand = billing_mode ? *billing_mode == "PAY_PER_REQUEST"
                                : current.billing_mode == engine::BillingMode::PayPerRequest;
  if (on_demand && throughput) {
    throw engine::Error::validation(std::string(kInvalid) +
                                    "Neither ReadCapacityUnits nor WriteCapacityUnits can be "
                                    "specified when BillingMode is PAY_PER_REQUEST");
  }
  bool switching_to_provisioned =
      !on_demand && current.billing_mode == engine::BillingMode::PayPerRequest;
  if (switching_to_provisioned && !throughput) {
    throw engine::Error::validation(std::string(kInvalid) +
                                    "ProvisionedThroughput must be specified when BillingMode is "
                                    "PROVISIONED");
  }
  if (throughput && !switching_to_provisioned &&
      throughput->read_capacity_units == current.throughput.read_capacity_units &&
      throughput->write_capacity_units == current.throughput.write_capacity_units &&
      !billing_mode && !deletion_protection) {
    throw engine::Error::validation(
        "The provisioned throughput for the table will not change. The requested value equals the "
        "current value. Current ReadCapacityUnits provisioned for the table: " +
        std::to_string(current.throughput.read_capacity_units) +
        ". Requested ReadCapacityUnits: " + std::to_string(throughput->read_capacity_units) +
        ". Current WriteCapacityUnits provisioned for the table: " +
        std::to_string(current.throughput.write_capacity_units) +
        ". Requested WriteCapacityUnits: " + std::to_string(throughput->write_capacity_units) +
        ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request "
        "higher limits.");
  }

  double now = now_seconds();
  table->update_definition([&](engine::TableDefinition& definition) {
    auto mode = on_demand ? engine::BillingMode::PayPerRequest : engine::BillingMode::Provisioned;
    if (mode != definition.billing_mode) {
      definition.billing_mode = mode;
      definition.billing_mode_changed_time = now;
      if (on_demand) definition.throughput = {};
    }
    if (throughput) {
      auto& current_throughput = definition.throughput;
      bool increase = throughput->read_capacity_units > current_throughput.read_capacity_units ||
                      throughput->write_capacity_units > current_throughput.write_capacity_units;
      bool decrease = throughput->read_capacity_units < current_throughput.read_capacity_units ||
                      throughput->write_capacity_units < current_throughput.write_capacity_units;
      if (increase) current_throughput.last_increase_time = now;
      if (decrease) {
        current_throughput.last_decrease_time = now;
        ++current_throughput.decreases_today;
      }
      current_throughput.read_capacity_units = throughput->read_capacity_units;
      current_throughput.write_capacity_units = throughput->write_capacity_units;
    }
    if (deletion_protection) definition.deletion_protection = *deletion_protection;
  });
  return {{"TableDescription", table_description(*table, "ACTIVE")}};
}

}  // namespace ddb::protocol
