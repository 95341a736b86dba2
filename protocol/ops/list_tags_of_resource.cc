#include "engine/error.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/tags/resource_arn.h"

namespace ddb::protocol {

// Every tag of the table, in the order the keys were first set (DynamoDB's order is unspecified).
// One page, never a NextToken: DynamoDB returned none at 50 tags, the most a table holds
// (ack-api-quirks DDB-TABLE-108), and its service team says the operation does not paginate
// (aws/aws-sdk#583). A NextToken in the request is accepted and changes nothing.
Json list_tags_of_resource(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "ResourceArn");
  get_string(request, "NextToken");  // for its type: a string, or a SerializationException
  constrain_resource_arn(arn, constraints);
  constraints.check();

  auto table = find_tagged_table(ctx, parse_resource_arn(ctx, *arn));
  Json tags = Json::array();
  for (const engine::Tag& tag : table->definition().tags) {
    tags.push_back({{"Key", tag.key}, {"Value", tag.value}});
  }
  return {{"Tags", std::move(tags)}};
}

}  // namespace ddb::protocol
