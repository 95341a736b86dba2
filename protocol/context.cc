#include "protocol/context.h"

#include "engine/error.h"

namespace ddb::protocol {

std::shared_ptr<engine::Table> require_table(const RequestContext& ctx, std::string_view name) {
  auto table = ctx.database.find_table(ctx.region, name);
  if (!table) throw engine::Error::resource_not_found("Requested resource not found");
  return table;
}

engine::Error table_not_found(std::string_view name) {
  return engine::Error::resource_not_found(
      "Requested resource not found: Table: " + std::string(name) + " not found");
}

std::string table_arn(const RequestContext& ctx, std::string_view table_name) {
  return "arn:aws:dynamodb:" + ctx.caller.region + ":" + std::string(kAccountId) + ":table/" +
         std::string(table_name);
}

}  // namespace ddb::protocol
