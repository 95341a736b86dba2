#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/table.h"
#include "protocol/context.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// The ResourceArn of TagResource, UntagResource and ListTagsOfResource, and the table it names.

// Adds the model's constraints on the member (required, 1 to 1283 characters) to `constraints`.
void constrain_resource_arn(const std::optional<std::string>& arn, Constraints& constraints);

// What a well-formed ResourceArn of the caller's account and region names.
struct TaggedResource {
  std::string arn;         // as the request gave it
  std::string table_name;  // the table, or the stream's table
  bool stream = false;     // a stream ARN (<table arn>/stream/<label>), which holds no tags here
};

// Checks `arn` as DynamoDB does before it looks for the resource: ValidationException for a string
// that is not an ARN, a DynamoDB resource that is neither a table nor a stream, or another region
// (or partition); AccessDeniedException for another service's or another account's ARN.
TaggedResource parse_resource_arn(const RequestContext& ctx, const std::string& arn);

// The opening of a TagResource or UntagResource request: the ResourceArn and the list member
// `member` ("Tags", "TagKeys"; `path` is its model path, "tags"), both required, checked in
// DynamoDB's order (the model's constraints, then the ARN, then an empty list, refused with
// `empty_message`). The list's elements are left to the caller.
struct ListRequest {
  TaggedResource resource;
  const Json& list;
};
ListRequest read_list_request(const RequestContext& ctx, const Json& request,
                              std::string_view member, std::string_view path,
                              const char* empty_message);

// The table `resource` names. ResourceNotFoundException for a stream, a table that does not exist,
// or (under Namespaces::Shared) a table whose ARN names another region than `resource` does.
std::shared_ptr<engine::Table> find_tagged_table(const RequestContext& ctx,
                                                 const TaggedResource& resource);

}  // namespace ddb::protocol
