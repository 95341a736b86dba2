#include "protocol/tags/resource_arn.h"

#include <array>
#include <string_view>

#include "engine/error.h"
#include "protocol/messages.h"
#include "protocol/namespaces.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// The messages and the order of the checks are DynamoDB's, from the ack-api-quirks live captures of
// 2026 (DDB-TABLE-011, -070, -071, -446, BACKUP-013 and the ValidationException catalogue
// DDB-TABLE-442) and ExtendDB/extenddb#227 (checked against DynamoDB): account before region, and
// both after the resource type. Two cases were not captured and are this server's choice: an ARN
// without its six colon-separated parts gets the other-region text, and the account ID a table's
// ARN carries here (kAccountId, as DynamoDB Local) is the only one that is not another account.
constexpr std::size_t kMaxArnLength = 1283;

Error invalid_table_arn(const std::string& arn) {
  return Error::validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
}

Error access_denied() { return Error(engine::ErrorType::AccessDenied, "Access is denied"); }

}  // namespace

void constrain_resource_arn(const std::optional<std::string>& arn, Constraints& constraints) {
  constraints.not_null(arn.has_value(), "resourceArn");
  constraints.length(arn, 1, kMaxArnLength, "resourceArn");
}

TaggedResource parse_resource_arn(const RequestContext& ctx, const std::string& arn) {
  if (!arn.starts_with("arn:")) {
    throw Error::validation(std::string(kInvalidParameterValues) +
                            "ARNs must start with 'arn:': " + arn);
  }
  // arn:partition:service:region:account:resource; the resource may hold colons.
  std::array<std::string_view, 6> parts;
  std::string_view rest = arn;
  for (std::size_t i = 0; i < 5; ++i) {
    std::size_t colon = rest.find(':');
    if (colon == std::string_view::npos) throw invalid_table_arn(arn);
    parts[i] = rest.substr(0, colon);
    rest.remove_prefix(colon + 1);
  }
  parts[5] = rest;
  std::string_view partition = parts[1], service = parts[2], region = parts[3], account = parts[4],
                   resource = parts[5];

  if (service != "dynamodb") throw access_denied();
  // table/<name>, table/<name>/stream/<label> or table/<name>/index/<index>.
  std::string_view path = resource;
  if (!path.starts_with("table/")) {
    throw Error::validation(std::string(kInvalidParameterValues) +
                            "Provided Arn is not a DynamoDB resource arn: " + arn);
  }
  path.remove_prefix(6);
  std::size_t slash = path.find('/');
  std::string_view name = path.substr(0, slash);
  std::string_view kind = slash == std::string_view::npos ? "" : path.substr(slash + 1);
  bool stream = kind.starts_with("stream/") && kind.size() > 7;
  if (kind.starts_with("index/") && kind.size() > 6) {
    throw Error::validation(std::string(kInvalidParameterValues) +
                            "Invalid resource arn provided, only table or stream is accepted. "
                            "Provided resource arn: " +
                            arn);
  }
  if (name.empty() || (slash != std::string_view::npos && !stream)) {
    throw Error::validation(std::string(kInvalidParameterValues) +
                            "Provided Arn is not a DynamoDB resource arn: " + arn);
  }

  if (account != kAccountId) throw access_denied();
  // Under Namespaces::Shared a table's ARN names the region of the client that created it, so any
  // region may be this server's: find_tagged_table compares the whole ARN instead.
  bool shared = ctx.region == kSharedNamespace;
  if (partition != "aws" || (!shared && region != ctx.caller.region)) throw invalid_table_arn(arn);
  return {arn, std::string(name), stream};
}

ListRequest read_list_request(const RequestContext& ctx, const Json& request,
                              std::string_view member, std::string_view path,
                              const char* empty_message) {
  Constraints constraints;
  auto arn = get_string(request, "ResourceArn");
  const Json* list = get_list(request, member);
  constrain_resource_arn(arn, constraints);
  constraints.not_null(list != nullptr, path);
  constraints.check();
  TaggedResource resource = parse_resource_arn(ctx, *arn);
  if (list->empty()) throw Error::validation(empty_message);
  return {std::move(resource), *list};
}

std::shared_ptr<engine::Table> find_tagged_table(const RequestContext& ctx,
                                                 const TaggedResource& resource) {
  // A stream ARN passes the checks but has no tags to find (ack-api-quirks DDB-TABLE-071). The
  // message is the one DynamoDB gives since 2026; a 2022 capture (turbot/steampipe-plugin-aws#1516)
  // spelled it "ResourcArn".
  std::shared_ptr<engine::Table> table;
  if (!resource.stream) table = ctx.database.find_table(ctx.region, resource.table_name);
  if (!table || table->definition().arn != resource.arn) {
    throw Error::resource_not_found("Requested resource not found: ResourceArn: " + resource.arn +
                                    " not found");
  }
  return table;
}

}  // namespace ddb::protocol
