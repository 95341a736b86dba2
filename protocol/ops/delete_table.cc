#include "engine/error.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tables/stream_specification.h"
#include "protocol/tables/table_description.h"

namespace ddb::protocol {

Json delete_table(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto name = get_string(request, "TableName");
  constraints.table_name(name, "tableName");
  constraints.check();
  // Checked as the table is removed: an UpdateTable cannot slip in between.
  const bool by_arn = name->starts_with("arn:");
  auto table = ctx.database.delete_table(
      ctx.region, table_name_of(ctx, *name), [&](const engine::Table& existing) {
        engine::TableDefinition definition = existing.definition();
        // Under Namespaces::Shared, the ARN of a table another region's client created names that
        // region (see find_table).
        if (by_arn && definition.arn != *name) throw table_not_found(*name);
        if (definition.deletion_protection) {
          throw engine::Error::validation(
              "Resource cannot be deleted as it is currently protected against "
              "deletion. Disable deletion protection first.");
        }
        for (const auto& index : definition.indexes) {
          if (index.status != engine::IndexStatus::Active) {
            // ack-api-quirks DDB-TABLE-150 (live, 2026): refused until every GSI is ACTIVE.
            throw engine::Error::resource_in_use(
                "Attempt to change a resource which is still in use: Cannot delete table while "
                "indexes are being created, updated, or deleted.");
          }
        }
      });
  if (!table) {
    throw table_not_found(*name);
  }
  Json description = deleted_table_description(*table);
  // The table's stream is disabled and stays readable until its records expire (Developer Guide,
  // "Change data capture for DynamoDB Streams": deleting a table disables its stream).
  disable_stream(ctx, *table);
  return {{"TableDescription", std::move(description)}};
}

}  // namespace ddb::protocol
