#include "engine/error.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/transfers/transfer_json.h"

namespace ddb::protocol {

// The import an ARN names, with its status and its counts so far (updated after each object).
Json describe_import(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "ImportArn");
  constraints.not_null(arn.has_value(), "importArn");
  constraints.length(arn, 37, 1024, "importArn");
  constraints.check();
  Transfers& transfers = require_transfers(ctx, "DescribeImport");
  auto job = transfers.find_import(ctx.region, *arn);
  // ddblocal's text; the API Reference names the exception only.
  if (!job) throw engine::Error(engine::ErrorType::ImportNotFound, "Import not found: " + *arn);
  return {{"ImportTableDescription", import_description(*job)}};
}

}  // namespace ddb::protocol
