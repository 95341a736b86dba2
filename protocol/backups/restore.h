#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/table.h"
#include "protocol/context.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/index_definitions.h"
#include "protocol/tables/table_settings.h"

namespace ddb::protocol {

// What RestoreTableFromBackup and RestoreTableToPointInTime share: the target table's name, the
// overrides, and making a copy of the source into the new table.

// The overrides of a restore request, each std::nullopt when absent.
struct RestoreOverrides {
  std::optional<std::string> billing_mode;                  // BillingModeOverride
  std::optional<engine::ProvisionedThroughput> throughput;  // ProvisionedThroughputOverride
  std::optional<std::vector<IndexRequest>> global;          // GlobalSecondaryIndexOverride
  std::optional<std::vector<IndexRequest>> local;           // LocalSecondaryIndexOverride
  std::optional<SseSpecification> sse;                      // SSESpecificationOverride
  std::optional<UnitPair> on_demand;                        // OnDemandThroughputOverride
};

// Reads TargetTableName (3-255 characters of a table name) into `target`, and the overrides,
// adding the model's violations to `constraints`.
RestoreOverrides parse_restore_request(const Json& request, std::optional<std::string>& target,
                                       Constraints& constraints);

// TableAlreadyExistsException ("Table already exists: <name>") when the caller has a table named
// `target`. Checked before the copy is made, and again when the table is added.
void check_target_free(const RequestContext& ctx, const std::string& target);

// Turns `table`, a copy of the source that no client has seen, into the restored table `target`:
// the overrides applied (indexes left out are dropped, new or changed GSIs filled from the items),
// a new ARN and creation time, no tags, TTL, stream, point-in-time recovery, policies or deletion
// protection (the settings a restore does not carry: API Reference, RestoreTableFromBackup), and
// `summary` as its RestoreSummary. Then adds it to the caller's tables and answers the
// TableDescription of the restore's response: TableStatus CREATING, RestoreInProgress true.
Json finish_restore(RequestContext& ctx, const std::shared_ptr<engine::Table>& table,
                    const std::string& target, const RestoreOverrides& overrides,
                    engine::RestoreSummary summary);

}  // namespace ddb::protocol
