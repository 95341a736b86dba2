#include "engine/error.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// The service settles an update at once as far as DescribeTimeToLive shows: ENABLED (with the
// attribute) or DISABLED (without it, so a disabled table looks like one never configured);
// ENABLING and DISABLING were never observed (ack-api-quirks DDB-TABLE-144 and -145, live, 2026).
Json describe_time_to_live(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.table_name(name, "tableName");
  constraints.check();
  auto table = find_table(ctx, *name);
  if (!table) throw table_not_found(*name);
  std::optional<std::string> attribute = table->definition().ttl_attribute;
  Json description = {{"TimeToLiveStatus", attribute ? "ENABLED" : "DISABLED"}};
  if (attribute) description["AttributeName"] = *attribute;
  return {{"TimeToLiveDescription", std::move(description)}};
}

}  // namespace ddb::protocol
