#include "protocol/context.h"

#include "engine/error.h"

namespace ddb::protocol {

std::shared_ptr<engine::Table> require_table(const RequestContext& ctx, std::string_view name) {
  auto table = ctx.database.find_table(name);
  if (!table) throw engine::Error::resource_not_found("Requested resource not found");
  return table;
}

std::string table_arn(const RequestContext& ctx, std::string_view table_name) {
  return "arn:aws:dynamodb:" + ctx.caller.region + ":000000000000:table/" + std::string(table_name);
}

}  // namespace ddb::protocol
