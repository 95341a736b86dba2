#include <cstddef>
#include <string>
#include <vector>

#include "engine/error.h"
#include "protocol/features/contributor_insights.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

namespace {

// The summaries of `table`: with a TableName filter, the table and each of its GSIs whatever
// their status ("a table and all its global secondary indexes": API Reference); without one,
// only what is enabled, as the AWS CLI's example lists it.
void add_summaries(const engine::Table& table, bool every_index, std::vector<Json>& out) {
  engine::TableDefinition definition = table.definition();
  std::vector<std::string> names = {""};
  for (const engine::IndexDefinition& index : definition.indexes) {
    if (index.kind == engine::IndexKind::Global) names.push_back(index.name);
  }
  for (const std::string& name : names) {
    engine::ContributorInsights insights = insights_of(definition, name);
    if (every_index || insights.enabled) {
      out.push_back(contributor_insights_summary(definition.name, insights));
    }
  }
}

// NextToken is the position of the next summary, in decimal; this server's own form.
std::size_t parse_next_token(const std::optional<std::string>& token) {
  if (!token) return 0;
  if (token->empty() || token->size() > 9 ||
      token->find_first_not_of("0123456789") != std::string::npos) {
    throw engine::Error::validation("Invalid NextToken: " + *token);
  }
  return std::stoul(*token);
}

}  // namespace

// The Contributor Insights summaries of a table, or of every table, MaxResults (at most 100) at a
// time. Tables are visited in ListTables order, each followed by its GSIs in definition order.
Json list_contributor_insights(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  auto token = get_string(request, "NextToken");
  auto max_results = get_integer(request, "MaxResults");
  constraints.table_name(name, "tableName", false);
  constraints.max(max_results, 100, "maxResults");
  constraints.check();
  std::size_t start = parse_next_token(token);

  std::vector<Json> summaries;
  if (name) {
    auto table = find_table(ctx, *name);
    if (!table) throw table_not_found(*name);
    add_summaries(*table, true, summaries);
  } else {
    for (const std::string& table_name : ctx.database.table_names(ctx.region)) {
      if (auto table = ctx.database.find_table(ctx.region, table_name)) {
        add_summaries(*table, false, summaries);
      }
    }
  }
  std::size_t page =
      max_results && *max_results > 0 ? static_cast<std::size_t>(*max_results) : summaries.size();
  Json list = Json::array();
  std::size_t at = start;
  for (; at < summaries.size() && list.size() < page; ++at) list.push_back(summaries[at]);
  Json response = {{"ContributorInsightsSummaries", std::move(list)}};
  if (at < summaries.size()) response["NextToken"] = std::to_string(at);
  return response;
}

}  // namespace ddb::protocol
