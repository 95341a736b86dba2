#include "protocol/tables/table_settings.h"

#include <algorithm>
#include <cstdio>
#include <tuple>
#include <utility>

#include "engine/error.h"
#include "protocol/messages.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// The messages of this file are DynamoDB's, from the ack-api-quirks live captures of 2026
// (DDB-TABLE-039, -059 and the ValidationException catalogue DDB-TABLE-442) and
// nubo-db/dynoxide#159 (captures of 2026-07-24). Where a capture gives the table's text only, the
// index's follows the spelling the catalogue gives for that family.

[[noreturn]] void invalid(const std::string& message) {
  throw Error::validation(std::string(kInvalidParameterValues) + message);
}

// DynamoDB's starting warm throughput of an on-demand table or GSI (Developer Guide, "Understanding
// DynamoDB warm throughput in different scenarios").
constexpr int64_t kOnDemandWarmReads = 12000;
constexpr int64_t kOnDemandWarmWrites = 4000;

constexpr std::string_view kOnDemandInitialUrl =
    "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
    "on-demand-capacity-mode.html#on-demand-capacity-mode-initial";

std::string subject_text(ThroughputSubject subject, std::string_view index_prefix) {
  if (subject.index_name.empty()) return "table";
  return std::string(index_prefix) + std::string(subject.index_name);
}

std::optional<UnitPair> parse_pair(const Json& object, std::string_view member,
                                   std::string_view shape, const char* read, const char* write) {
  const Json* json = get_structure(object, member, shape);
  if (!json) return std::nullopt;
  return UnitPair{get_long(*json, read), get_long(*json, write)};
}

// A deterministic key ID for a name (an alias) that this server cannot ask KMS about: the same
// name always gives the same ID, shaped like KMS's (a UUID).
std::string key_id_for(std::string_view name) {
  uint64_t a = 0xcbf29ce484222325ULL, b = 0x84222325cbf29ce4ULL;
  for (unsigned char c : name) {
    a = (a ^ c) * 0x100000001b3ULL;
    b = (b ^ c) * 0x100000001b3ULL + 1;
  }
  char text[37];
  std::snprintf(text, sizeof text, "%08x-%04x-4%03x-%04x-%012llx", static_cast<unsigned>(a >> 32),
                static_cast<unsigned>((a >> 16) & 0xffff), static_cast<unsigned>(a & 0xfff),
                static_cast<unsigned>(0x8000 | ((b >> 48) & 0x3fff)),
                static_cast<unsigned long long>(b & 0xffffffffffffULL));
  return text;
}

// The OnDemandThroughput and WarmThroughput members of a table's or a GSI's description: the
// maximums set, if any, and the effective warm throughput with `status`.
void add_throughput_settings(const engine::OnDemandThroughput& limits,
                             const engine::WarmThroughput& warm, std::string_view status,
                             Json& description) {
  if (!limits.empty()) {
    Json json = Json::object();
    if (limits.max_read_request_units != 0) {
      json["MaxReadRequestUnits"] = limits.max_read_request_units;
    }
    if (limits.max_write_request_units != 0) {
      json["MaxWriteRequestUnits"] = limits.max_write_request_units;
    }
    description["OnDemandThroughput"] = std::move(json);
  }
  description["WarmThroughput"] = {{"ReadUnitsPerSecond", warm.read_units_per_second},
                                   {"WriteUnitsPerSecond", warm.write_units_per_second},
                                   {"Status", status}};
}

}  // namespace

std::optional<UnitPair> parse_warm_throughput(const Json& object) {
  return parse_pair(object, "WarmThroughput", "WarmThroughput", "ReadUnitsPerSecond",
                    "WriteUnitsPerSecond");
}

std::optional<UnitPair> parse_on_demand_throughput(const Json& object) {
  return parse_pair(object, "OnDemandThroughput", "OnDemandThroughput", "MaxReadRequestUnits",
                    "MaxWriteRequestUnits");
}

TableSettings parse_table_settings(const Json& request, Constraints& constraints) {
  TableSettings settings;
  settings.table_class = get_string(request, "TableClass");
  if (const Json* sse = get_structure(request, "SSESpecification", "SSESpecification")) {
    SseSpecification spec;
    spec.enabled = get_bool(*sse, "Enabled").value_or(false);
    spec.sse_type = get_string(*sse, "SSEType");
    spec.kms_master_key_id = get_string(*sse, "KMSMasterKeyId");
    constraints.one_of(spec.sse_type, {"AES256", "KMS"}, "sSESpecification.sSEType");
    // ack-api-quirks: "Value '' at 'sSESpecification.kMSMasterKeyId' failed to satisfy
    // constraint: Member must have length greater than or equal to 1".
    if (spec.kms_master_key_id && spec.kms_master_key_id->empty()) {
      constraints.add(constraint_violation("''", "sSESpecification.kMSMasterKeyId", kMinLengthOne));
    }
    settings.sse = std::move(spec);
  }
  settings.warm = parse_warm_throughput(request);
  settings.on_demand = parse_on_demand_throughput(request);
  return settings;
}

engine::TableClass table_class_of(const std::string& name) {
  if (name == "STANDARD") return engine::TableClass::Standard;
  if (name == "STANDARD_INFREQUENT_ACCESS") return engine::TableClass::StandardInfrequentAccess;
  // Not the model's enum constraint: DynamoDB's own text (ack-api-quirks DDB-TABLE-442).
  throw Error::validation(
      "Invalid table-class parameter provided. Please try again with a valid table-class value: "
      "[STANDARD, STANDARD_INFREQUENT_ACCESS].");
}

void check_sse_specification(const SseSpecification& sse) {
  if (!sse.enabled && sse.sse_type) invalid("SSEType can not be specified if Enabled is false");
  if (!sse.enabled && sse.kms_master_key_id) {
    invalid("KMSMasterKeyId can not be specified if Enabled is false");
  }
  if (sse.sse_type == "AES256") invalid("SSEType AES256 is not supported");
  if (sse.kms_master_key_id && sse.sse_type != "KMS") {
    invalid("SSEType KMS is required if KMSMasterKeyId is specified");
  }
}

std::string kms_master_key_arn(const RequestContext& ctx, const SseSpecification& sse) {
  if (!sse.enabled) return "";
  const std::string prefix = "arn:aws:kms:" + ctx.caller.region + ":" + std::string(kAccountId);
  // Without a key, DynamoDB uses the AWS managed key alias/aws/dynamodb.
  std::string id = sse.kms_master_key_id.value_or("alias/aws/dynamodb");
  if (id.starts_with("arn:") && id.find(":key/") != std::string::npos) return id;
  if (id.starts_with("arn:")) {
    std::size_t alias = id.find(":alias/");
    id = alias == std::string::npos ? id : id.substr(alias + 1);
  }
  if (id.starts_with("alias/")) id = key_id_for(id);
  return prefix + ":key/" + id;
}

engine::OnDemandThroughput on_demand_for_create(const UnitPair& requested, bool on_demand,
                                                ThroughputSubject subject) {
  const bool read_first = requested.read.has_value();
  const char* first = read_first ? "MaxReadRequestUnits" : "MaxWriteRequestUnits";
  if (!on_demand && (requested.read || requested.write)) {
    // CreateTable's text has no "the" and ends with a full stop (dynoxide#159).
    std::string of =
        subject.index_name.empty() ? "" : " for index: " + std::string(subject.index_name);
    invalid(std::string(first) + " for OnDemandThroughput" + of +
            " cannot be specified when table BillingMode is PROVISIONED.");
  }
  for (auto [value, name] : {std::pair{requested.read, "MaxReadRequestUnits"},
                             std::pair{requested.write, "MaxWriteRequestUnits"}}) {
    if (value && *value < 1) {
      invalid("Requested " + std::string(name) + " for OnDemandThroughput for " +
              subject_text(subject, "index : ") + " is outside of valid range");
    }
  }
  return {requested.read.value_or(0), requested.write.value_or(0)};
}

engine::WarmThroughput effective_warm(const engine::WarmThroughput& stored, bool on_demand,
                                      const engine::ProvisionedThroughput& provisioned) {
  engine::WarmThroughput warm;
  warm.read_units_per_second =
      on_demand ? kOnDemandWarmReads : std::max<int64_t>(provisioned.read_capacity_units, 1);
  warm.write_units_per_second =
      on_demand ? kOnDemandWarmWrites : std::max<int64_t>(provisioned.write_capacity_units, 1);
  warm.read_units_per_second = std::max(warm.read_units_per_second, stored.read_units_per_second);
  warm.write_units_per_second =
      std::max(warm.write_units_per_second, stored.write_units_per_second);
  return warm;
}

engine::WarmThroughput warm_for_create(const UnitPair& requested, bool on_demand,
                                       const engine::ProvisionedThroughput& provisioned,
                                       ThroughputSubject subject) {
  const std::string who = subject_text(subject, "index ");
  const auto check = [&](const std::optional<int64_t>& value, int64_t floor, const char* name,
                         const char* capacity) {
    if (!value || *value >= floor) return;
    if (on_demand) {
      invalid("Requested " + std::string(name) + " for WarmThroughput for " + who +
              " is lower than initial throughput for OnDemand. See: " +
              std::string(kOnDemandInitialUrl));
    }
    invalid("Requested " + std::string(name) + " for WarmThroughput for " + who +
            " is lower than " + capacity + " of ProvisionedThroughput");
  };
  check(requested.read, on_demand ? kOnDemandWarmReads : provisioned.read_capacity_units,
        "ReadUnitsPerSecond", "ReadCapacityUnits");
  check(requested.write, on_demand ? kOnDemandWarmWrites : provisioned.write_capacity_units,
        "WriteUnitsPerSecond", "WriteCapacityUnits");
  return effective_warm({requested.read.value_or(0), requested.write.value_or(0)}, on_demand,
                        provisioned);
}

engine::OnDemandThroughput on_demand_for_update(const UnitPair& requested,
                                                const engine::OnDemandThroughput& current,
                                                bool on_demand, ThroughputSubject subject) {
  const char* first = requested.read ? "MaxReadRequestUnits" : "MaxWriteRequestUnits";
  if (!on_demand && (requested.read || requested.write)) {
    std::string of =
        subject.index_name.empty() ? "" : " for index : " + std::string(subject.index_name);
    invalid(std::string(first) + " for OnDemandThroughput" + of +
            " cannot be specified when the table BillingMode is PROVISIONED");
  }
  engine::OnDemandThroughput merged = current;
  for (auto [value, name, stored] :
       {std::tuple{requested.read, "MaxReadRequestUnits", &merged.max_read_request_units},
        std::tuple{requested.write, "MaxWriteRequestUnits", &merged.max_write_request_units}}) {
    if (!value) continue;
    // -1 removes the maximum (API Reference, OnDemandThroughput).
    if (*value < 1 && *value != -1) {
      invalid("Requested " + std::string(name) + " for OnDemandThroughput for " +
              subject_text(subject, "index : ") + " is outside of valid range");
    }
    *stored = *value == -1 ? 0 : *value;
  }
  return merged;
}

engine::WarmThroughput warm_for_update(const UnitPair& requested,
                                       const engine::WarmThroughput& current,
                                       ThroughputSubject subject) {
  const std::string who = subject_text(subject, "index ");
  engine::WarmThroughput warm = current;
  for (auto [value, name, stored] :
       {std::tuple{requested.read, "ReadUnitsPerSecond", &warm.read_units_per_second},
        std::tuple{requested.write, "WriteUnitsPerSecond", &warm.write_units_per_second}}) {
    if (!value) continue;
    if (*value < *stored) {
      invalid("Requested " + std::string(name) + " for WarmThroughput for " + who +
              " is lower than current WarmThroughput, decreasing WarmThroughput is not supported");
    }
    *stored = *value;
  }
  return warm;
}

void apply_index_settings(const Json& request, bool on_demand,
                          std::vector<engine::IndexDefinition>& indexes) {
  const Json* list = get_list(request, "GlobalSecondaryIndexes");
  if (!list) return;
  for (const Json& element : *list) {
    auto name = get_string(element, "IndexName");
    auto index = std::find_if(indexes.begin(), indexes.end(), [&](const auto& candidate) {
      return candidate.kind == engine::IndexKind::Global && candidate.name == name;
    });
    if (!name || index == indexes.end()) continue;
    ThroughputSubject subject{index->name};
    if (auto requested = parse_on_demand_throughput(element)) {
      index->on_demand_throughput = on_demand_for_create(*requested, on_demand, subject);
    }
    if (auto requested = parse_warm_throughput(element)) {
      index->warm_throughput = warm_for_create(*requested, on_demand, index->throughput, subject);
    }
  }
}

void add_table_settings(const engine::TableDefinition& definition, Json& description) {
  if (definition.table_class) {
    Json summary = {{"TableClass", *definition.table_class == engine::TableClass::Standard
                                       ? "STANDARD"
                                       : "STANDARD_INFREQUENT_ACCESS"}};
    if (definition.table_class_changed_time > 0) {
      summary["LastUpdateDateTime"] = definition.table_class_changed_time;
    }
    description["TableClassSummary"] = std::move(summary);
  }
  if (!definition.kms_master_key_arn.empty()) {
    description["SSEDescription"] = {{"Status", "ENABLED"},
                                     {"SSEType", "KMS"},
                                     {"KMSMasterKeyArn", definition.kms_master_key_arn}};
  }
  const bool on_demand = definition.billing_mode == engine::BillingMode::PayPerRequest;
  add_throughput_settings(
      definition.on_demand_throughput,
      effective_warm(definition.warm_throughput, on_demand, definition.throughput), "ACTIVE",
      description);
}

void add_index_settings(const engine::TableDefinition& table, const engine::IndexDefinition& index,
                        std::string_view status, Json& description) {
  const bool on_demand = table.billing_mode == engine::BillingMode::PayPerRequest;
  add_throughput_settings(index.on_demand_throughput,
                          effective_warm(index.warm_throughput, on_demand, index.throughput),
                          status, description);
}

}  // namespace ddb::protocol
