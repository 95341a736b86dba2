#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/table_definition.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/table_fields.h"

namespace ddb::protocol {

// A secondary index as a request states it: an element of CreateTable's GlobalSecondaryIndexes or
// LocalSecondaryIndexes, or the Create action of UpdateTable's GlobalSecondaryIndexUpdates. The
// checks against the table's key and attributes come later.
struct IndexRequest {
  engine::IndexKind kind = engine::IndexKind::Global;
  std::string name;
  std::vector<KeySchemaElement> key_schema;
  std::optional<std::string> projection_type;
  std::optional<std::vector<std::string>> non_key_attributes;
  std::optional<engine::ProvisionedThroughput> throughput;  // GSIs only
};

// Reads one index structure, adding the request model's violations under `path`
// ("globalSecondaryIndexes.1.member", "globalSecondaryIndexUpdates.1.member.create").
IndexRequest parse_index(const Json& json, engine::IndexKind kind, const std::string& path,
                         Constraints& constraints);

// CreateTable's GlobalSecondaryIndexes and LocalSecondaryIndexes; std::nullopt when absent.
struct TableIndexRequests {
  std::optional<std::vector<IndexRequest>> global;
  std::optional<std::vector<IndexRequest>> local;
  bool present() const { return global || local; }
};
TableIndexRequests parse_table_indexes(const Json& request, Constraints& constraints);

// CreateTable with indexes: every AttributeDefinition must be a key attribute of the table or of
// an index. DynamoDB checks this before any other index rule.
void check_attributes_used(const std::vector<engine::KeyAttribute>& attributes,
                           const std::vector<KeySchemaElement>& table_key,
                           const TableIndexRequests& indexes);

// CreateTable's checks of its indexes in DynamoDB's order (LSIs, then GSIs), then their
// definitions, GSIs first. Requires: the table's own key passed its checks.
std::vector<engine::IndexDefinition> table_index_definitions(
    const TableIndexRequests& indexes, const std::vector<engine::KeyAttribute>& attributes,
    const engine::KeySchema& table_key, bool on_demand, const std::string& table_arn);

// The checks of a GSI's KeySchema and Projection that CreateTable and UpdateTable share, after
// its attributes are known to be defined.
void check_global_index_shape(const IndexRequest& index);

// The definition of a GSI, ACTIVE. Requires: its shape was checked and `attributes` defines its
// key attributes.
engine::IndexDefinition global_index_definition(const IndexRequest& index,
                                                const std::vector<engine::KeyAttribute>& attributes,
                                                const std::string& table_arn);

// DynamoDB's limit on NonKeyAttributes summed over all of a table's indexes: 100.
void check_projected_attribute_total(const std::vector<engine::IndexDefinition>& indexes);

// `names` without repeats, in the order Java's HashSet<String> iterates them, as DynamoDB lists
// the "keys used" of a table.
std::vector<std::string> java_hash_set_order(const std::vector<std::string>& names);

}  // namespace ddb::protocol
