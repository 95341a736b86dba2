#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/table_definition.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// What the Contributor Insights operations share. Only the status and mode are kept: no top-key
// figures are computed (docs/COMPATIBILITY.md).

// The wire names of ContributorInsightsMode, and back (std::nullopt for another string).
const char* contributor_insights_mode_name(engine::ContributorInsightsMode mode);
std::optional<engine::ContributorInsightsMode> parse_contributor_insights_mode(
    const std::string& name);

// The settings of the table (`index` empty) or of its GSI `index` in `definition`; a default,
// disabled entry when none were ever set.
engine::ContributorInsights insights_of(const engine::TableDefinition& definition,
                                        const std::string& index);

// The CloudWatch rules DynamoDB creates for enabled insights, as DescribeContributorInsights lists
// them: DynamoDBContributorInsights-<PKC|SKC|PKT|SKT>-<table>-<epoch ms of enabling> (AWS CLI
// example), the consumed-capacity ones (C) only in ACCESSED_AND_THROTTLED_KEYS mode, the sort key
// ones (SK) only when the table or index has a sort key.
std::vector<std::string> contributor_insights_rules(const engine::TableDefinition& definition,
                                                    const engine::ContributorInsights& insights);

// Whether `definition` has a global secondary index named `index`.
bool has_global_index(const engine::TableDefinition& definition, const std::string& index);

// A ContributorInsightsSummary, as ListContributorInsights lists it.
Json contributor_insights_summary(const std::string& table,
                                  const engine::ContributorInsights& insights);

}  // namespace ddb::protocol
