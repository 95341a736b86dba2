#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/table_definition.h"
#include "protocol/context.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// The settings CreateTable and UpdateTable store and DescribeTable echoes besides keys, capacity
// and indexes: TableClass, SSESpecification, WarmThroughput and OnDemandThroughput. None of them
// changes how this server stores or serves data.

// A pair of optional members as a request gives them: WarmThroughput's ReadUnitsPerSecond and
// WriteUnitsPerSecond, or OnDemandThroughput's MaxReadRequestUnits and MaxWriteRequestUnits.
struct UnitPair {
  std::optional<int64_t> read;
  std::optional<int64_t> write;
};

struct SseSpecification {
  bool enabled = false;  // absent reads as false: the AWS owned key
  std::optional<std::string> sse_type;
  std::optional<std::string> kms_master_key_id;
};

// The settings of a CreateTable or UpdateTable request, each std::nullopt when absent.
struct TableSettings {
  std::optional<std::string> table_class;
  std::optional<SseSpecification> sse;
  std::optional<UnitPair> warm;
  std::optional<UnitPair> on_demand;
};

// Reads the request's settings, adding the model's violations to `constraints`.
TableSettings parse_table_settings(const Json& request, Constraints& constraints);

// Reads the WarmThroughput and OnDemandThroughput members of `object` (a request, an index, an
// index update).
std::optional<UnitPair> parse_warm_throughput(const Json& object);
std::optional<UnitPair> parse_on_demand_throughput(const Json& object);

// The table class `name` names; ValidationException for any other value.
engine::TableClass table_class_of(const std::string& name);

// The checks of SSESpecification that CreateTable and UpdateTable share, in DynamoDB's order.
void check_sse_specification(const SseSpecification& sse);

// The KMSMasterKeyArn that `sse` gives a table of the caller's region: empty for the AWS owned
// key (Enabled false), the AWS managed key aws/dynamodb's ARN when no KMSMasterKeyId is given, and
// otherwise the key's ARN (a key ID, alias or alias ARN becomes a key ARN of this account).
std::string kms_master_key_arn(const RequestContext& ctx, const SseSpecification& sse);

// Who a throughput message is about: "table", or an index by name. Each message spells an index
// its own way ("for index g", "for index: g", "for index : g").
struct ThroughputSubject {
  std::string_view index_name;  // empty for the table
};

// CreateTable's checks of an OnDemandThroughput (for the table or a GSI) and what it stores.
engine::OnDemandThroughput on_demand_for_create(const UnitPair& requested, bool on_demand,
                                                ThroughputSubject subject);

// CreateTable's checks of a WarmThroughput and what it stores: the requested units, each at least
// the default (warm_default) of a table or GSI with `provisioned` capacity (or on demand).
engine::WarmThroughput warm_for_create(const UnitPair& requested, bool on_demand,
                                       const engine::ProvisionedThroughput& provisioned,
                                       ThroughputSubject subject);

// The warm throughput DescribeTable reports for `stored` units: DynamoDB's starting values, 12000
// reads and 4000 writes per second on demand or the provisioned capacity, raised by the stored
// units and by capacity provisioned since.
engine::WarmThroughput effective_warm(const engine::WarmThroughput& stored, bool on_demand,
                                      const engine::ProvisionedThroughput& provisioned);

// UpdateTable's checks of an OnDemandThroughput against the billing mode the request leaves, and
// the stored value it merges into (-1 removes a member).
engine::OnDemandThroughput on_demand_for_update(const UnitPair& requested,
                                                const engine::OnDemandThroughput& current,
                                                bool on_demand, ThroughputSubject subject);

// UpdateTable's checks of a WarmThroughput against the current effective value, and the value it
// stores: warm throughput never decreases.
engine::WarmThroughput warm_for_update(const UnitPair& requested,
                                       const engine::WarmThroughput& current,
                                       ThroughputSubject subject);

// The GSI settings of CreateTable's GlobalSecondaryIndexes (OnDemandThroughput, WarmThroughput),
// checked and stored in the definitions of `indexes` of the same name.
void apply_index_settings(const Json& request, bool on_demand,
                          std::vector<engine::IndexDefinition>& indexes);

// DescribeTable's members for the settings of `definition`: TableClassSummary, SSEDescription,
// OnDemandThroughput and WarmThroughput, each when the table has it.
void add_table_settings(const engine::TableDefinition& definition, Json& description);

// A GSI's OnDemandThroughput (when set) and WarmThroughput, with `status` as the latter's Status.
void add_index_settings(const engine::TableDefinition& table, const engine::IndexDefinition& index,
                        std::string_view status, Json& description);

}  // namespace ddb::protocol
