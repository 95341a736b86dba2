#include "protocol/features/contributor_insights.h"

#include <cmath>
#include <cstdint>

namespace ddb::protocol {

const char* contributor_insights_mode_name(engine::ContributorInsightsMode mode) {
  return mode == engine::ContributorInsightsMode::ThrottledKeys ? "THROTTLED_KEYS"
                                                                : "ACCESSED_AND_THROTTLED_KEYS";
}

std::optional<engine::ContributorInsightsMode> parse_contributor_insights_mode(
    const std::string& name) {
  if (name == "ACCESSED_AND_THROTTLED_KEYS") {
    return engine::ContributorInsightsMode::AccessedAndThrottledKeys;
  }
  if (name == "THROTTLED_KEYS") return engine::ContributorInsightsMode::ThrottledKeys;
  return std::nullopt;
}

engine::ContributorInsights insights_of(const engine::TableDefinition& definition,
                                        const std::string& index) {
  for (const engine::ContributorInsights& insights : definition.features.contributor_insights) {
    if (insights.index_name == index) return insights;
  }
  return {index, false, engine::ContributorInsightsMode::AccessedAndThrottledKeys, 0};
}

bool has_global_index(const engine::TableDefinition& definition, const std::string& index) {
  for (const engine::IndexDefinition& entry : definition.indexes) {
    if (entry.name == index && entry.kind == engine::IndexKind::Global) return true;
  }
  return false;
}

std::vector<std::string> contributor_insights_rules(const engine::TableDefinition& definition,
                                                    const engine::ContributorInsights& insights) {
  if (!insights.enabled) return {};
  bool sort_key = definition.key_schema.sort.has_value();
  for (const engine::IndexDefinition& entry : definition.indexes) {
    if (entry.name == insights.index_name) sort_key = !entry.key_schema.sort.empty();
  }
  const std::string suffix =
      "-" + definition.name + "-" +
      std::to_string(static_cast<int64_t>(std::llround(insights.last_update_time * 1000)));
  std::vector<std::string> kinds;
  if (insights.mode == engine::ContributorInsightsMode::AccessedAndThrottledKeys) {
    kinds.push_back("PKC");
    if (sort_key) kinds.push_back("SKC");
  }
  kinds.push_back("PKT");
  if (sort_key) kinds.push_back("SKT");
  std::vector<std::string> rules;
  for (const std::string& kind : kinds)
    rules.push_back("DynamoDBContributorInsights-" + kind + suffix);
  return rules;
}

Json contributor_insights_summary(const std::string& table,
                                  const engine::ContributorInsights& insights) {
  Json summary = {{"TableName", table}};
  if (!insights.index_name.empty()) summary["IndexName"] = insights.index_name;
  summary["ContributorInsightsStatus"] = insights.enabled ? "ENABLED" : "DISABLED";
  if (insights.enabled) {
    summary["ContributorInsightsMode"] = contributor_insights_mode_name(insights.mode);
  }
  return summary;
}

}  // namespace ddb::protocol
