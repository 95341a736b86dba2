#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/table_definition.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/index_definitions.h"
#include "protocol/tables/table_settings.h"

namespace ddb::protocol {

// One entry of UpdateTable's GlobalSecondaryIndexUpdates.
struct IndexUpdate {
  enum class Action { Create, Update, Delete };
  Action action = Action::Update;
  int actions = 0;  // how many of Create, Update and Delete the entry holds (1 when valid)
  std::string name;
  std::optional<IndexRequest> create;                       // Action::Create
  std::optional<engine::ProvisionedThroughput> throughput;  // Action::Update
  // OnDemandThroughput and WarmThroughput of a Create or an Update.
  std::optional<UnitPair> on_demand;
  std::optional<UnitPair> warm;
};

// Reads GlobalSecondaryIndexUpdates (std::nullopt when absent), adding the request model's
// violations to `constraints`.
std::optional<std::vector<IndexUpdate>> parse_index_updates(const Json& request,
                                                            Constraints& constraints);

// The checks of the list itself that DynamoDB makes before it looks at the table: one action per
// entry, one entry per index.
void check_index_update_list(const std::vector<IndexUpdate>& updates);

// Whether `updates` creates or deletes an index (an "online index" operation).
bool creates_or_deletes(const std::vector<IndexUpdate>& updates);

// What UpdateTable's index updates change in a table, once checked against it.
struct IndexChanges {
  std::optional<engine::IndexDefinition> created;  // DynamoDB creates at most one at a time
  std::optional<std::string> deleted;              // and deletes at most one
  std::vector<std::pair<std::string, engine::ProvisionedThroughput>> throughput;
  std::vector<std::pair<std::string, engine::OnDemandThroughput>> on_demand;  // merged values
  std::vector<std::pair<std::string, engine::WarmThroughput>> warm;           // new values
  std::vector<engine::KeyAttribute> new_attributes;  // the created index's undefined key attributes
};

// The table an UpdateTable request changes, as the index updates are checked against it.
struct IndexUpdateTarget {
  const engine::TableDefinition& table;
  // The request's AttributeDefinitions, which only an index Create uses.
  const std::optional<std::vector<engine::KeyAttribute>>& request_attributes;
  bool on_demand;                 // the billing mode once the request is applied
  bool switching_to_provisioned;  // from PAY_PER_REQUEST, in this request
};

// Checks `updates` against the table in DynamoDB's order and returns the changes they make.
// Throws ResourceNotFoundException for an index that does not exist, LimitExceededException past
// DynamoDB's limits on online index operations, ValidationException otherwise.
IndexChanges plan_index_changes(const std::vector<IndexUpdate>& updates,
                                const IndexUpdateTarget& target);

// Drops the AttributeDefinitions that no key of `definition` (the table's or an index's) uses, as
// DynamoDB does once an index is deleted.
void prune_attribute_definitions(engine::TableDefinition& definition);

}  // namespace ddb::protocol
