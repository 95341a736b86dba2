#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/clock.h"
#include "engine/table_definition.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// The time of the server's `clock` in epoch seconds, with milliseconds, as DynamoDB's *DateTime
// fields carry it.
double now_seconds(const engine::Clock& clock);

// Reads the ProvisionedThroughput member of `object` (a CreateTable or UpdateTable request, an
// index, an index update), adding the model's constraint violations to `constraints` under
// `path` ("provisionedThroughput", "globalSecondaryIndexes.1.member.provisionedThroughput");
// std::nullopt when the member is absent.
std::optional<engine::ProvisionedThroughput> parse_throughput(
    const Json& object, Constraints& constraints, std::string_view path = "provisionedThroughput");

// DynamoDB's bound on provisioned capacity units.
inline constexpr int64_t kMaxCapacityUnits = 1'000'000'000'000;

// DynamoDB's bound on a table's provisioned capacity units, kMaxCapacityUnits: "Given value
// 1000000000001 for ReadCapacityUnits is out of bounds", ReadCapacityUnits checked first
// (dynalite's validations/createTable.js and updateTable.js, recorded against AWS). CreateTable and
// UpdateTable check it after the model's constraints and before they look at any table.
void check_capacity_bounds(const engine::ProvisionedThroughput& throughput);

// Sets `current` to the requested capacity units, recording an increase or a decrease at `now`
// as DescribeTable reports them (LastIncreaseDateTime, NumberOfDecreasesToday).
void apply_throughput(engine::ProvisionedThroughput& current,
                      const engine::ProvisionedThroughput& requested, double now);

// The model's KeySchemaAttributeName and NonKeyAttributeName: 1 to 255 characters. A longer name in
// a KeySchema, an AttributeDefinition or a projection's NonKeyAttributes is a constraint violation,
// reported before any check of the schema's consistency (issue 20).
inline constexpr std::size_t kMaxKeyAttributeNameLength = 255;

// One element of a KeySchema as the request states it; KeyType is checked later.
struct KeySchemaElement {
  std::string name;
  std::string key_type;
};

// Reads a KeySchema list (`list` may be nullptr when the member is absent), adding the model's
// violations at `path` ("keySchema", "globalSecondaryIndexes.1.member.keySchema"): not null,
// 1 to `max_length` elements, each with an AttributeName of 1 to 255 characters and a KeyType of
// [HASH, RANGE].
std::vector<KeySchemaElement> parse_key_schema(const Json* list, const std::string& path,
                                               std::size_t max_length, Constraints& constraints);

// Reads the AttributeDefinitions member of a CreateTable or UpdateTable request, adding the
// model's violations; `required` adds "Member must not be null" when it is absent. Absent reads as
// an empty list.
std::vector<engine::KeyAttribute> parse_attribute_definitions(const Json& request,
                                                              Constraints& constraints,
                                                              bool required);

// "[a, b]": a list of names as DynamoDB's messages print them (Java's List.toString).
std::string join_names(const std::vector<std::string>& names);

// The names of `attributes`, in their order.
std::vector<std::string> attribute_names(const std::vector<engine::KeyAttribute>& attributes);

}  // namespace ddb::protocol
