// GET /ddblocal/contributor-insights: what CloudWatch Contributor Insights would graph for every
// table and GSI on which UpdateContributorInsights enabled it (engine/capacity/contributors.h).

#include <algorithm>

#include "engine/database.h"
#include "protocol/admin/admin_operations.h"
#include "protocol/admin/admin_scope.h"
#include "protocol/features/contributor_insights.h"
#include "protocol/json/value_json.h"

namespace ddb::protocol::admin {

namespace {

constexpr std::size_t kDefaultShown = 10;

Json contributors_json(const std::vector<engine::Contributor>& contributors, bool throttled) {
  Json list = Json::array();
  for (const engine::Contributor& contributor : contributors) {
    Json entry = {{"partitionKey", value_to_json(contributor.partition)}};
    if (contributor.sort) entry["sortKey"] = value_to_json(*contributor.sort);
    if (throttled) {
      entry["throttledRequests"] = contributor.requests;
    } else {
      entry["units"] = contributor.units;
      entry["requests"] = contributor.requests;
    }
    list.push_back(std::move(entry));
  }
  return list;
}

// The figures of `insights` (enabled) on `table`, or null when they are not counted yet.
Json target_json(std::string_view space, const engine::Table& table,
                 const engine::TableDefinition& definition,
                 const engine::ContributorInsights& insights, std::size_t shown,
                 std::size_t minutes, int64_t now_us) {
  auto top = table.contributors().top(insights.index_name, shown, minutes, now_us);
  if (!top) return nullptr;
  Json entry = {{"namespace", space},
                {"table", definition.name},
                {"index", insights.index_name.empty() ? Json(nullptr) : Json(insights.index_name)},
                {"mode", contributor_insights_mode_name(insights.mode)},
                {"rules", contributor_insights_rules(definition, insights)}};
  const bool accessed = insights.mode == engine::ContributorInsightsMode::AccessedAndThrottledKeys;
  entry["mostAccessedPartitionKeys"] =
      accessed ? contributors_json(top->accessed_partitions, false) : Json(nullptr);
  entry["mostAccessedItems"] =
      accessed ? contributors_json(top->accessed_items, false) : Json(nullptr);
  entry["mostThrottledPartitionKeys"] = contributors_json(top->throttled_partitions, true);
  entry["mostThrottledItems"] = contributors_json(top->throttled_items, true);
  return entry;
}

}  // namespace

Json get_contributor_insights(AdminCall& call) {
  const engine::Database& database = call.services.database;
  const std::optional<std::string> space = selected_namespace(call);
  const std::optional<std::string_view> only_table = call.query_parameter("table");
  const std::size_t shown = call.whole_number_parameter("limit").value_or(kDefaultShown);
  const std::size_t minutes =
      call.whole_number_parameter("minutes").value_or(engine::Contributors::kWindowMinutes);
  if (minutes < 1 || minutes > engine::Contributors::kWindowMinutes) {
    throw AdminError::bad_request("minutes must be from 1 to " +
                                  std::to_string(engine::Contributors::kWindowMinutes));
  }
  const int64_t now_us = database.clock().now_us();

  Json tables = Json::array();
  std::vector<std::string> spaces = space ? std::vector{*space} : database.region_names();
  for (const std::string& region : spaces) {
    for (const std::string& name : database.table_names(region)) {
      if (only_table && name != *only_table) continue;
      auto table = database.find_table(region, name);
      if (!table) continue;  // deleted meanwhile
      const engine::TableDefinition definition = table->definition();
      // The table first, then its indexes by name.
      auto all = definition.features.contributor_insights;
      std::sort(all.begin(), all.end(),
                [](const auto& a, const auto& b) { return a.index_name < b.index_name; });
      for (const engine::ContributorInsights& insights : all) {
        if (!insights.enabled) continue;
        Json entry = target_json(region, *table, definition, insights, shown, minutes, now_us);
        if (!entry.is_null()) tables.push_back(std::move(entry));
      }
    }
  }
  return {{"windowMinutes", minutes}, {"tables", std::move(tables)}};
}

}  // namespace ddb::protocol::admin
