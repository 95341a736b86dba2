#include "engine/error.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/transfers/transfer_json.h"

namespace ddb::protocol {

// The export an ARN names, with its status and, once COMPLETED, its item count, billed size and
// manifest key. Exports are the caller's namespace's own, as tables are.
Json describe_export(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "ExportArn");
  constraints.not_null(arn.has_value(), "exportArn");
  constraints.length(arn, 37, 1024, "exportArn");
  constraints.check();
  Transfers& transfers = require_transfers(ctx, "DescribeExport");
  auto job = transfers.find_export(ctx.region, *arn);
  // ddblocal's text; the API Reference names the exception only.
  if (!job) throw engine::Error(engine::ErrorType::ExportNotFound, "Export not found: " + *arn);
  return {{"ExportDescription", export_description(*job)}};
}

}  // namespace ddb::protocol
