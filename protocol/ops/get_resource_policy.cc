#include "protocol/features/resource_policy.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// The policy of a table or stream and its revision ID; PolicyNotFoundException without one.
// DynamoDB reads policies eventually consistently; here a put is visible at once.
Json get_resource_policy(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "ResourceArn");
  constrain_resource_arn(arn, constraints);
  constraints.check();

  PolicyTarget target = find_policy_target(ctx, *arn);
  auto policy = policy_of(target.table->definition(), target.resource);
  if (!policy) throw policy_not_found(*arn);
  return {{"Policy", policy->document}, {"RevisionId", policy->revision_id}};
}

}  // namespace ddb::protocol
