#include <mutex>

#include "engine/error.h"
#include "protocol/messages.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/index_updates.h"
#include "protocol/tables/stream_specification.h"
#include "protocol/tables/table_description.h"
#include "protocol/tables/table_fields.h"
#include "protocol/tables/table_settings.h"

namespace ddb::protocol {

namespace {

// UpdateTable calls run one at a time, so that each one's checks (one online index operation per
// table, the index names in use) see the changes of the others.
std::mutex update_mutex;

[[noreturn]] void invalid(const std::string& detail) {
  throw engine::Error::validation(std::string(kInvalidParameterValues) + detail);
}

// The members of an UpdateTable request that change the table, for the rules that want some of
// them alone in their request.
struct Modifications {
  bool billing_mode, throughput, index_changes, index_create, stream, deletion_protection, sse,
      table_class, warm, on_demand;
  int count() const {
    return billing_mode + throughput + index_changes + stream + deletion_protection + sse +
           table_class + warm + on_demand;
  }
};

// DynamoDB's rules on settings that must be changed alone (ack-api-quirks DDB-TABLE-442, the
// ValidationException catalogue, and its capture val_sse_plus_dp: SSESpecification with
// DeletionProtectionEnabled names the SSE rule). The order among them is this server's where no
// capture combined them.
void check_alone(const Modifications& m) {
  if (m.sse && m.count() > 1) {
    invalid("Server-Side Encryption modification must be the only operation in the request");
  }
  if (m.table_class && m.count() > 1) {
    invalid("TableClass modification must be the only operation in the request");
  }
  if (m.warm && m.index_create) {
    invalid("Create global secondary index cannot be specified when updating WarmThroughput");
  }
  if (m.warm && m.count() > 1) invalid("WarmThroughput must be the only operation in the request");
  if (m.on_demand && m.count() - m.billing_mode > 1) {
    invalid("OnDemandThroughput can only be combined with BillingMode in an UpdateTable request");
  }
}

void mark_index(engine::TableDefinition& definition, const std::string& name,
                engine::IndexStatus status) {
  for (auto& index : definition.indexes) {
    if (index.name == name) index.status = status;
  }
}

}  // namespace

Json update_table(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.table_name(name, "tableName");
  std::optional<std::vector<engine::KeyAttribute>> request_attributes;
  if (find_member(request, "AttributeDefinitions")) {
    request_attributes = parse_attribute_definitions(request, constraints, /*required=*/false);
  }
  auto billing_mode = get_string(request, "BillingMode");
  constraints.one_of(billing_mode, {"PROVISIONED", "PAY_PER_REQUEST"}, "billingMode");
  auto throughput = parse_throughput(request, constraints);
  auto deletion_protection = get_bool(request, "DeletionProtectionEnabled");
  auto index_updates = parse_index_updates(request, constraints);
  auto stream = parse_stream_specification(request, constraints);
  TableSettings settings = parse_table_settings(request, constraints);
  constraints.check();
  // The stored settings count as changes, and so do the members with no meaning locally, which
  // are accepted and ignored.
  bool setting_change = settings.table_class || settings.sse || settings.warm || settings.on_demand;
  for (std::string_view member :
       {"ReplicaUpdates", "MultiRegionConsistency", "GlobalTableWitnessUpdates",
        "GlobalTableSettingsReplicationMode"}) {
    setting_change = setting_change || find_member(request, member) != nullptr;
  }
  // An empty GlobalSecondaryIndexUpdates counts as absent here, and is rejected once something
  // else makes the request valid (ack-api-quirks DDB-TABLE-359).
  bool index_changes = index_updates && !index_updates->empty();
  if (!billing_mode && !throughput && !deletion_protection && !setting_change && !index_changes &&
      !stream) {
    throw engine::Error::validation(
        "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
        "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, "
        "ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, "
        "OnDemandThroughput, WarmThroughput or TableClass is required");
  }
  if (index_updates && index_updates->empty()) {
    throw engine::Error::validation(std::string(kInvalidParameterValues) +
                                    "List of GlobalSecondaryIndexUpdates is empty");
  }
  // Before the table is looked up: a table that does not exist gets this too.
  if (throughput) check_capacity_bounds(*throughput);
  std::optional<engine::TableClass> table_class;
  if (settings.table_class) table_class = table_class_of(*settings.table_class);
  if (settings.sse) check_sse_specification(*settings.sse);
  check_alone({billing_mode.has_value(), throughput.has_value(), index_changes,
               index_changes && creates_or_deletes(*index_updates), stream.has_value(),
               deletion_protection.has_value(), settings.sse.has_value(),
               settings.table_class.has_value(), settings.warm.has_value(),
               settings.on_demand.has_value()});
  if (index_changes) {
    check_index_update_list(*index_updates);
    // An index may be created or deleted alongside a billing mode switch or index updates only
    // (ack-api-quirks DDB-TABLE-174).
    if (creates_or_deletes(*index_updates) && throughput) {
      throw engine::Error::validation(
          std::string(kInvalidParameterValues) +
          "You cannot create or delete index while updating table IOPS");
    }
    if (deletion_protection) {
      throw engine::Error::validation(
          std::string(kInvalidParameterValues) +
          "DeletionProtection modification must be the only operation in the request");
    }
  }
  if (stream) check_stream_specification(*stream);
  auto table = find_table(ctx, *name);
  if (!table) {
    throw table_not_found(*name);
  }

  std::lock_guard lock(update_mutex);
  engine::TableDefinition current = table->definition();
  bool on_demand = billing_mode ? *billing_mode == "PAY_PER_REQUEST"
                                : current.billing_mode == engine::BillingMode::PayPerRequest;
  const bool was_on_demand = current.billing_mode == engine::BillingMode::PayPerRequest;
  std::optional<std::string> kms_key;
  if (settings.sse) {
    kms_key = kms_master_key_arn(ctx, *settings.sse);
    // A request that would leave the encryption as it is (ack-api-quirks DDB-TABLE-442).
    if (kms_key->empty() && current.kms_master_key_arn.empty()) {
      invalid("Table is already encrypted by default");
    }
    if (!kms_key->empty() && *kms_key == current.kms_master_key_arn) {
      invalid(
          "Table is already encrypted with given KMSMasterKeyId. Use KMSMasterKeyId parameter if "
          "you want to change Master Key");
    }
  }
  std::optional<engine::OnDemandThroughput> on_demand_limits;
  if (settings.on_demand) {
    on_demand_limits =
        on_demand_for_update(*settings.on_demand, current.on_demand_throughput, on_demand, {});
  }
  std::optional<engine::WarmThroughput> warm;
  if (settings.warm) {
    warm = warm_for_update(
        *settings.warm, effective_warm(current.warm_throughput, was_on_demand, current.throughput),
        {});
  }
  if (on_demand && throughput) {
    throw engine::Error::validation(std::string(kInvalidParameterValues) +
                                    "Neither ReadCapacityUnits nor WriteCapacityUnits can be "
                                    "specified when BillingMode is PAY_PER_REQUEST");
  }
  bool switching_to_provisioned =
      !on_demand && current.billing_mode == engine::BillingMode::PayPerRequest;
  if (switching_to_provisioned && !throughput) {
    throw engine::Error::validation(std::string(kInvalidParameterValues) +
                                    "ProvisionedThroughput must be specified when BillingMode is "
                                    "PROVISIONED");
  }
  // A switch to PROVISIONED needs the capacity of every GSI, even with no index updates.
  IndexChanges changes;
  if (index_changes || switching_to_provisioned) {
    changes =
        plan_index_changes(index_updates.value_or(std::vector<IndexUpdate>{}),
                           {current, request_attributes, on_demand, switching_to_provisioned});
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

  double now = now_seconds(ctx.database.clock());
  auto mode = on_demand ? engine::BillingMode::PayPerRequest : engine::BillingMode::Provisioned;
  bool mode_changes = mode != current.billing_mode;
  const auto apply_index_throughput = [&](engine::TableDefinition& definition) {
    for (const auto& [index_name, requested] : changes.throughput) {
      for (auto& index : definition.indexes) {
        if (index.name == index_name) apply_throughput(index.throughput, requested, now);
      }
    }
  };
  if (stream) update_stream(ctx, *table, *stream);
  table->update_definition([&](engine::TableDefinition& definition) {
    if (mode_changes) {
      // Warm throughput stays what it was before the switch, at least (it never decreases); a
      // switch to PROVISIONED drops the on-demand maximums (dynoxide#159, a capture of 2026).
      definition.warm_throughput =
          effective_warm(definition.warm_throughput, was_on_demand, definition.throughput);
      for (auto& index : definition.indexes) {
        index.warm_throughput =
            effective_warm(index.warm_throughput, was_on_demand, index.throughput);
        if (!on_demand) index.on_demand_throughput = {};
      }
      if (!on_demand) definition.on_demand_throughput = {};
      definition.billing_mode = mode;
      definition.billing_mode_changed_time = now;
      if (on_demand) {
        definition.throughput = {};
        for (auto& index : definition.indexes) index.throughput = {};
      }
      // A billing switch reports the new index capacity at once (ack-api-quirks DDB-TABLE-165).
      apply_index_throughput(definition);
    }
    if (throughput) apply_throughput(definition.throughput, *throughput, now);
    if (deletion_protection) definition.deletion_protection = *deletion_protection;
    if (table_class) {
      definition.table_class = table_class;
      definition.table_class_changed_time = now;
    }
    if (kms_key) definition.kms_master_key_arn = *kms_key;
    if (on_demand_limits) definition.on_demand_throughput = *on_demand_limits;
    if (warm) definition.warm_throughput = *warm;
    for (auto& index : definition.indexes) {
      for (const auto& [index_name, limits] : changes.on_demand) {
        if (index.name == index_name) index.on_demand_throughput = limits;
      }
      for (const auto& [index_name, units] : changes.warm) {
        if (index.name == index_name) index.warm_throughput = units;
      }
    }
    for (const auto& attribute : changes.new_attributes) {
      definition.attribute_definitions.push_back(attribute);
    }
  });

  // The response shows the index operations under way: an index being updated as UPDATING with
  // its old capacity, one being deleted as DELETING, a new one as CREATING before its backfill
  // (Backfilling false, no items), with the table UPDATING for a create or delete (the
  // ack-api-quirks live captures of 2026).
  engine::TableDefinition reported = table->definition();
  for (const auto& [index_name, requested] : changes.throughput) {
    mark_index(reported, index_name, engine::IndexStatus::Updating);
  }
  if (changes.deleted) mark_index(reported, *changes.deleted, engine::IndexStatus::Deleting);
  if (changes.created) reported.indexes.push_back(*changes.created);
  bool online = changes.created || changes.deleted;
  Json description = table_description(*table, reported, online ? "UPDATING" : "ACTIVE");

  if (!mode_changes && !changes.throughput.empty())
    table->update_definition(apply_index_throughput);
  if (changes.deleted) {
    table->remove_index(*changes.deleted);
    table->update_definition(prune_attribute_definitions);
  }
  if (changes.created) ctx.database.add_global_index(table, *changes.created);
  return {{"TableDescription", std::move(description)}};
}

}  // namespace ddb::protocol
