#include <algorithm>

#include "engine/error.h"
#include "protocol/features/contributor_insights.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/table_fields.h"

namespace ddb::protocol {

// Enables or disables Contributor Insights on a table or one of its GSIs. The answer reports the
// transition DynamoDB reports (ENABLING or DISABLING: the AWS CLI's example); the change is
// complete at once, so DescribeContributorInsights already shows ENABLED or DISABLED. The mode
// defaults to ACCESSED_AND_THROTTLED_KEYS and is kept when an update does not name one.
Json update_contributor_insights(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  auto index = get_string(request, "IndexName");
  auto action = get_string(request, "ContributorInsightsAction");
  auto mode = get_string(request, "ContributorInsightsMode");
  constraints.table_name(name, "tableName");
  constraints.name(index, "indexName", false);
  constraints.not_null(action.has_value(), "contributorInsightsAction");
  constraints.one_of(action, {"ENABLE", "DISABLE"}, "contributorInsightsAction");
  constraints.one_of(mode, {"ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS"},
                     "contributorInsightsMode");
  constraints.check();

  auto table = find_table(ctx, *name);
  if (!table) throw table_not_found(*name);
  const std::string index_name = index.value_or("");
  const bool enable = *action == "ENABLE";
  engine::ContributorInsights result;
  table->update_definition([&](engine::TableDefinition& definition) {
    // This server's text: DynamoDB's for a missing index was not found in its documentation.
    if (index && !has_global_index(definition, *index)) {
      throw engine::Error::resource_not_found("Requested resource not found: Index: " + *index +
                                              " not found for table: " + *name);
    }
    auto& all = definition.features.contributor_insights;
    auto it = std::find_if(all.begin(), all.end(), [&](const engine::ContributorInsights& entry) {
      return entry.index_name == index_name;
    });
    if (it == all.end()) it = all.insert(all.end(), insights_of(definition, index_name));
    it->enabled = enable;
    if (mode) it->mode = *parse_contributor_insights_mode(*mode);
    it->last_update_time = now_seconds(ctx.database.clock());
    result = *it;
  });

  Json response = {{"TableName", table->definition().name}};
  if (index) response["IndexName"] = *index;
  response["ContributorInsightsStatus"] = enable ? "ENABLING" : "DISABLING";
  response["ContributorInsightsMode"] = contributor_insights_mode_name(result.mode);
  return response;
}

}  // namespace ddb::protocol
