#include <cstddef>
#include <optional>
#include <string>

#include "engine/error.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

namespace {

std::string current_attribute_message(const std::string& attribute) {
  return "TimeToLive is active on a different AttributeName: current AttributeName is " + attribute;
}

}  // namespace

// DynamoDB's rules, from live captures (ack-api-quirks DDB-TABLE-146, -147, -143, 2026): enabling
// an enabled table fails ("TimeToLive is already enabled" for the same attribute, "active on a
// different AttributeName" for another one); disabling needs the enabled attribute's name and fails
// on a disabled table ("TimeToLive is already disabled"); the key attribute is an accepted TTL
// attribute. The ~1 hour cooldown between two successful updates ("Time to live has been modified
// multiple times within a fixed interval") is not reproduced: see docs/COMPATIBILITY.md.
Json update_time_to_live(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.table_name(name, "tableName");
  const Json* specification =
      get_structure(request, "TimeToLiveSpecification", "TimeToLiveSpecification");
  constraints.not_null(specification != nullptr, "timeToLiveSpecification");
  std::optional<bool> enabled;
  std::optional<std::string> attribute;
  if (specification) {
    enabled = get_bool(*specification, "Enabled");
    attribute = get_string(*specification, "AttributeName");
    // The model's order of the members: Enabled, then AttributeName (1 to 255 characters).
    constraints.not_null(enabled.has_value(), "timeToLiveSpecification.enabled");
    constraints.not_null(attribute.has_value(), "timeToLiveSpecification.attributeName");
    constraints.length(attribute, 1, 255, "timeToLiveSpecification.attributeName");
  }
  constraints.check();

  auto table = find_table(ctx, *name);
  if (!table) throw table_not_found(*name);
  // Checked and changed under the definition's lock, so that two concurrent updates cannot both
  // pass the checks.
  table->update_definition([&](engine::TableDefinition& definition) {
    const std::optional<std::string>& current = definition.ttl_attribute;
    if (current && *current != *attribute) {
      throw engine::Error::validation(current_attribute_message(*current));
    }
    if (*enabled && current) throw engine::Error::validation("TimeToLive is already enabled");
    if (!*enabled && !current) throw engine::Error::validation("TimeToLive is already disabled");
    definition.ttl_attribute = *enabled ? attribute : std::nullopt;
  });
  // The response echoes the request's specification; the status shows in DescribeTimeToLive.
  return {{"TimeToLiveSpecification", {{"Enabled", *enabled}, {"AttributeName", *attribute}}}};
}

}  // namespace ddb::protocol
