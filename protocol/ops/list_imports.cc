#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/transfers/transfer_json.h"

namespace ddb::protocol {

// The imports of the caller's namespace, oldest first, of one table when TableArn is given;
// PageSize (1 to 25) at a time, NextToken resuming.
Json list_imports(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto table_arn = get_string(request, "TableArn");
  auto page_size = get_integer(request, "PageSize");
  auto token = get_string(request, "NextToken");
  constraints.length(table_arn, 1, 1024, "tableArn");
  constraints.min(page_size, 1, "pageSize");
  constraints.max(page_size, 25, "pageSize");
  constraints.length(token, 112, 1024, "nextToken");
  constraints.check();
  Transfers& transfers = require_transfers(ctx, "ListImports");
  std::optional<std::string> next;
  const auto page = page_of(transfers.imports(ctx.region, table_arn.value_or("")), token,
                            static_cast<std::size_t>(page_size.value_or(25)), next);
  Json summaries = Json::array();
  for (const ImportJob& job : page) summaries.push_back(import_summary(job));
  Json out = {{"ImportSummaryList", std::move(summaries)}};
  if (next) out["NextToken"] = *next;
  return out;
}

}  // namespace ddb::protocol
