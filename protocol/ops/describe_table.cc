#include "engine/error.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/table_description.h"

namespace ddb::protocol {

Json describe_table(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.table_name(name, "tableName");
  constraints.check();
  auto table = find_table(ctx, *name);
  if (!table) {
    throw table_not_found(*name);
  }
  engine::TableDefinition definition = table->definition();
  return {{"Table", table_description(*table, definition, table_status(definition))}};
}

}  // namespace ddb::protocol
