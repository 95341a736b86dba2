#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/transfers/transfer_json.h"

namespace ddb::protocol {

// The exports of the caller's namespace, oldest first, of one table when TableArn is given;
// MaxResults (1 to 25) at a time, NextToken resuming.
Json list_exports(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_arn = get_string(request, "TableArn");
  auto max_results = get_integer(request, "MaxResults");
  auto token = get_string(request, "NextToken");
  constraints.length(table_arn, 1, 1024, "tableArn");
  constraints.min(max_results, 1, "maxResults");
  constraints.max(max_results, 25, "maxResults");
  constraints.check();
  Transfers& transfers = require_transfers(ctx, "ListExports");
  std::optional<std::string> next;
  const auto page = page_of(transfers.exports(ctx.region, table_arn.value_or("")), token,
                            static_cast<std::size_t>(max_results.value_or(25)), next);
  Json summaries = Json::array();
  for (const ExportJob& job : page) summaries.push_back(export_summary(job));
  Json out = {{"ExportSummaries", std::move(summaries)}};
  if (next) out["NextToken"] = *next;
  return out;
}

}  // namespace ddb::protocol
