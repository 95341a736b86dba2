#include "engine/error.h"
#include "protocol/constraints.h"
#include "protocol/operations.h"
#include "protocol/table_description.h"

namespace ddb::protocol {

Json delete_table(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.name(name, "tableName");
  constraints.check();
  auto existing = ctx.database.find_table(*name);
  if (existing && existing->definition().deletion_protection) {
    throw engine::Error::validation(
        "Resource cannot be deleted as it is currently protected against "
        "deletion. Disable deletion protection first.");
  }
  auto table = ctx.database.delete_table(*name);
  if (!table) {
    throw table_not_found(*name);
  }
  return {{"TableDescription", table_description(*table, "DELETING")}};
}

}  // namespace ddb::protocol
