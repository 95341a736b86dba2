#include "protocol/backups/restore.h"

#include <algorithm>
#include <utility>

#include "engine/error.h"
#include "protocol/messages.h"
#include "protocol/tables/table_description.h"
#include "protocol/tables/table_fields.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// The overrides' lists and structures are CreateTable's, under other names: each is read with
// CreateTable's reader from a request that names it as CreateTable would.
std::optional<std::vector<IndexRequest>> parse_override_indexes(const Json& request,
                                                                const char* member,
                                                                engine::IndexKind kind,
                                                                const std::string& path,
                                                                Constraints& constraints) {
  const Json* list = get_list(request, member);
  if (!list) return std::nullopt;
  std::vector<IndexRequest> indexes;
  for (std::size_t i = 0; i < list->size(); ++i) {
    expect_structure_element((*list)[i], kind == engine::IndexKind::Global ? "GlobalSecondaryIndex"
                                                                           : "LocalSecondaryIndex");
    indexes.push_back(
        parse_index((*list)[i], kind, path + "." + std::to_string(i + 1) + ".member", constraints));
  }
  return indexes;
}

bool same_shape(const engine::IndexDefinition& a, const engine::IndexDefinition& b) {
  return a.kind == b.kind && a.key_schema == b.key_schema &&
         a.projection.type == b.projection.type &&
         a.projection.non_key_attributes == b.projection.non_key_attributes;
}

// The indexes the restored table gets: the source's, or the overrides' for each kind overridden
// (an empty list leaves every index of that kind out). An LSI cannot be added after a table's
// creation, so an LSI override may only keep or leave out the source's LSIs.
std::vector<engine::IndexDefinition> restored_indexes(const engine::TableDefinition& source,
                                                      const RestoreOverrides& overrides,
                                                      bool on_demand,
                                                      const std::string& table_arn) {
  TableIndexRequests requested;
  if (overrides.global && !overrides.global->empty()) requested.global = overrides.global;
  if (overrides.local && !overrides.local->empty()) requested.local = overrides.local;
  std::vector<engine::IndexDefinition> defined;
  if (requested.present()) {
    defined = table_index_definitions(requested, source.attribute_definitions, source.key_schema,
                                      on_demand, table_arn);
  }
  std::vector<engine::IndexDefinition> indexes;
  for (engine::IndexKind kind : {engine::IndexKind::Global, engine::IndexKind::Local}) {
    const auto& override_list =
        kind == engine::IndexKind::Global ? overrides.global : overrides.local;
    if (!override_list) {
      for (engine::IndexDefinition index : source.indexes) {
        if (index.kind != kind) continue;
        index.arn = table_arn + "/index/" + index.name;
        if (on_demand) index.throughput = {};
        indexes.push_back(std::move(index));
      }
      continue;
    }
    for (const engine::IndexDefinition& index : defined) {
      if (index.kind != kind) continue;
      if (kind == engine::IndexKind::Local) {
        auto kept = std::find_if(source.indexes.begin(), source.indexes.end(),
                                 [&index](const auto& other) { return other.name == index.name; });
        if (kept == source.indexes.end() || !same_shape(*kept, index)) {
          // ddblocal's own message: the API Reference says only that the indexes "should match
          // existing secondary indexes".
          throw Error::validation(std::string(kInvalidParameterValues) +
                                  "LocalSecondaryIndexOverride can only keep local secondary "
                                  "indexes of the source table as they are: " +
                                  index.name);
        }
      }
      indexes.push_back(index);
    }
  }
  return indexes;
}

// Makes the table's indexes those of `wanted`: drops the ones left out or changed, and adds and
// fills (from the items, before any client sees the table) the new and changed ones.
void reshape_indexes(engine::Table& table, const std::vector<engine::IndexDefinition>& wanted) {
  for (const engine::IndexDefinition& index : table.definition().indexes) {
    auto match = std::find_if(wanted.begin(), wanted.end(),
                              [&index](const auto& other) { return other.name == index.name; });
    if (match == wanted.end() || !same_shape(*match, index)) table.remove_index(index.name);
  }
  for (const engine::IndexDefinition& index : wanted) {
    if (!table.find_index(index.name)) table.backfill(*table.add_index(index));
  }
}

}  // namespace

RestoreOverrides parse_restore_request(const Json& request, std::optional<std::string>& target,
                                       Constraints& constraints) {
  target = get_string(request, "TargetTableName");
  constraints.name(target, "targetTableName");
  RestoreOverrides overrides;
  overrides.billing_mode = get_string(request, "BillingModeOverride");
  constraints.one_of(overrides.billing_mode, {"PROVISIONED", "PAY_PER_REQUEST"},
                     "billingModeOverride");
  overrides.global =
      parse_override_indexes(request, "GlobalSecondaryIndexOverride", engine::IndexKind::Global,
                             "globalSecondaryIndexOverride", constraints);
  overrides.local =
      parse_override_indexes(request, "LocalSecondaryIndexOverride", engine::IndexKind::Local,
                             "localSecondaryIndexOverride", constraints);
  // CreateTable's readers, given the members under CreateTable's names.
  Json renamed = Json::object();
  if (const Json* throughput = find_member(request, "ProvisionedThroughputOverride")) {
    renamed["ProvisionedThroughput"] = *throughput;
  }
  if (const Json* sse = find_member(request, "SSESpecificationOverride")) {
    renamed["SSESpecification"] = *sse;
  }
  if (const Json* on_demand = find_member(request, "OnDemandThroughputOverride")) {
    renamed["OnDemandThroughput"] = *on_demand;
  }
  overrides.throughput = parse_throughput(renamed, constraints, "provisionedThroughputOverride");
  TableSettings settings = parse_table_settings(renamed, constraints);
  overrides.sse = settings.sse;
  overrides.on_demand = settings.on_demand;
  return overrides;
}

void check_target_free(const RequestContext& ctx, const std::string& target) {
  if (ctx.database.find_table(ctx.region, target)) {
    throw Error(engine::ErrorType::TableAlreadyExists, "Table already exists: " + target);
  }
}

Json finish_restore(RequestContext& ctx, const std::shared_ptr<engine::Table>& table,
                    const std::string& target, const RestoreOverrides& overrides,
                    engine::RestoreSummary summary) {
  const engine::TableDefinition source = table->definition();
  const bool on_demand = overrides.billing_mode
                             ? *overrides.billing_mode == "PAY_PER_REQUEST"
                             : source.billing_mode == engine::BillingMode::PayPerRequest;
  // CreateTable's rules for the billing mode and the capacity it ends up with.
  engine::ProvisionedThroughput throughput = source.throughput;
  if (overrides.throughput) {
    check_capacity_bounds(*overrides.throughput);
    throughput = *overrides.throughput;
  }
  if (on_demand && overrides.throughput) {
    throw Error::validation(std::string(kInvalidParameterValues) +
                            "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified "
                            "when BillingMode is PAY_PER_REQUEST");
  }
  if (!on_demand && (throughput.read_capacity_units == 0 || throughput.write_capacity_units == 0)) {
    throw Error::validation(std::string(kInvalidParameterValues) +
                            "ReadCapacityUnits and WriteCapacityUnits must both be specified when "
                            "BillingMode is PROVISIONED");
  }
  if (on_demand) throughput = {};
  if (overrides.sse) check_sse_specification(*overrides.sse);
  const std::string arn = table_arn(ctx, target);
  std::vector<engine::IndexDefinition> indexes =
      restored_indexes(source, overrides, on_demand, arn);
  engine::OnDemandThroughput on_demand_limits = source.on_demand_throughput;
  if (overrides.on_demand)
    on_demand_limits = on_demand_for_create(*overrides.on_demand, on_demand, {});
  std::string kms_key = source.kms_master_key_arn;
  if (overrides.sse) kms_key = kms_master_key_arn(ctx, *overrides.sse);

  reshape_indexes(*table, indexes);
  const double now = now_seconds(ctx.database.clock());
  table->update_definition([&](engine::TableDefinition& definition) {
    definition.name = target;
    definition.arn = arn;
    definition.creation_time = now;
    definition.billing_mode =
        on_demand ? engine::BillingMode::PayPerRequest : engine::BillingMode::Provisioned;
    definition.throughput = {throughput.read_capacity_units, throughput.write_capacity_units, 0, 0,
                             0};
    definition.billing_mode_changed_time = 0;
    definition.on_demand_throughput = on_demand ? on_demand_limits : engine::OnDemandThroughput{};
    definition.kms_master_key_arn = kms_key;
    definition.indexes = indexes;
    for (engine::IndexDefinition& index : definition.indexes) {
      index.status = engine::IndexStatus::Active;
      index.backfilling.reset();
    }
    definition.tags.clear();
    definition.ttl_attribute.reset();
    definition.stream_view_type.reset();
    definition.latest_stream_arn.clear();
    definition.latest_stream_label.clear();
    definition.features = {};
    definition.deletion_protection = false;
    definition.restore_summary = std::move(summary);
  });
  if (!ctx.database.add_restored_table(ctx.region, table)) {
    throw Error(engine::ErrorType::TableAlreadyExists, "Table already exists: " + target);
  }
  return {{"TableDescription", table_description(*table, "CREATING")}};
}

}  // namespace ddb::protocol
