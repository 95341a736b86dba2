#include "protocol/features/contributor_insights.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// The Contributor Insights settings of a table or one of its GSIs: DISABLED, without rules, until
// UpdateContributorInsights enables them; then ENABLED with the rule names DynamoDB would create
// (which exist nowhere here) and the mode.
Json describe_contributor_insights(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  auto index = get_string(request, "IndexName");
  constraints.table_name(name, "tableName");
  constraints.name(index, "indexName", false);
  constraints.check();

  auto table = find_table(ctx, *name);
  if (!table) throw table_not_found(*name);
  engine::TableDefinition definition = table->definition();
  if (index && !has_global_index(definition, *index)) {
    throw engine::Error::resource_not_found("Requested resource not found: Index: " + *index +
                                            " not found for table: " + *name);
  }
  engine::ContributorInsights insights = insights_of(definition, index.value_or(""));
  Json response = {{"TableName", definition.name}};
  if (index) response["IndexName"] = *index;
  if (insights.enabled) {
    response["ContributorInsightsRuleList"] = contributor_insights_rules(definition, insights);
  }
  response["ContributorInsightsStatus"] = insights.enabled ? "ENABLED" : "DISABLED";
  if (insights.last_update_time > 0) response["LastUpdateDateTime"] = insights.last_update_time;
  if (insights.enabled) {
    response["ContributorInsightsMode"] = contributor_insights_mode_name(insights.mode);
  }
  return response;
}

}  // namespace ddb::protocol
