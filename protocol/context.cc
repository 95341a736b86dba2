#include "protocol/context.h"

#include <array>
#include <string>

#include "engine/error.h"
#include "protocol/json/base64.h"
#include "protocol/messages.h"
#include "protocol/namespaces.h"

namespace ddb::protocol {

namespace {

// DynamoDB's validator checks a TableName given as an ARN before it looks for the table: "1
// validation error detected: Invalid AWS region in '<ARN>'" and its partition and resource type
// variants (ack-api-quirks DDB-TABLE-442, the ValidationException catalogue, 2026: DescribeTable,
// DescribeTimeToLive). Which text a malformed ARN without six parts gets was not captured; it
// gets the resource type's here.
engine::Error invalid_arn(std::string_view what, std::string_view arn) {
  return engine::Error::validation(std::string(kOneValidationError) + "Invalid AWS " +
                                   std::string(what) + " in '" + std::string(arn) + "'");
}

// The table name in `arn` (arn:partition:service:region:account:table/<name>), once its parts are
// checked against the caller's partition, account and region.
std::string table_name_in_arn(const RequestContext& ctx, std::string_view arn) {
  std::array<std::string_view, 6> parts;
  std::string_view rest = arn;
  for (std::size_t i = 0; i < 5; ++i) {
    std::size_t colon = rest.find(':');
    if (colon == std::string_view::npos) throw invalid_arn("resource type", arn);
    parts[i] = rest.substr(0, colon);
    rest.remove_prefix(colon + 1);
  }
  parts[5] = rest;
  const std::string_view partition = parts[1], service = parts[2], region = parts[3],
                         account = parts[4], resource = parts[5];
  if (partition != "aws") throw invalid_arn("partition", arn);
  std::string_view name = resource.substr(resource.starts_with("table/") ? 6 : 0);
  if (service != "dynamodb" || !resource.starts_with("table/") || name.empty() ||
      name.find('/') != std::string_view::npos) {
    throw invalid_arn("resource type", arn);
  }
  // Another account's table needs a resource-based policy that grants access; none does here.
  // The text is DynamoDB's for a refused request (the principal DynamoDB names is unknown here).
  if (account != kAccountId)
    throw engine::Error(engine::ErrorType::AccessDenied, "Access is denied");
  // Under Namespaces::Shared a table's ARN names the region of the client that created it:
  // find_table compares the whole ARN instead.
  if (ctx.region != kSharedNamespace && region != ctx.caller.region) {
    throw invalid_arn("region", arn);
  }
  return std::string(name);
}

}  // namespace

std::string table_name_of(const RequestContext& ctx, std::string_view name) {
  return name.starts_with("arn:") ? table_name_in_arn(ctx, name) : std::string(name);
}

std::shared_ptr<engine::Table> find_table(const RequestContext& ctx, std::string_view name) {
  if (ctx.usage.wanted && ctx.usage.table.empty()) ctx.usage.table = name;
  if (!name.starts_with("arn:")) return ctx.database.find_table(ctx.region, name);
  auto table = ctx.database.find_table(ctx.region, table_name_in_arn(ctx, name));
  if (table && table->definition().arn != name) return nullptr;
  return table;
}

std::shared_ptr<engine::Table> require_table(const RequestContext& ctx, std::string_view name) {
  auto table = find_table(ctx, name);
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

std::string key_text(const engine::AttributeValue& value) {
  switch (value.type()) {
    case engine::Type::S:
      return value.as_string();
    case engine::Type::N:
      return value.as_number().to_string();
    case engine::Type::B:
      return base64_encode(value.as_binary());
    default:
      return {};  // not a key type
  }
}

void RequestUsage::note_key(const engine::Key& key, bool write) {
  partition_key = key_text(key.partition);
  if (!write || !key.sort) return;
  sort_key = key_text(*key.sort);
  sort_key_is_string = key.sort->type() == engine::Type::S;
}

}  // namespace ddb::protocol
