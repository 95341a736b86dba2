#include "protocol/features/resource_policy.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// Removes the policy of a table or stream and answers its revision ID. Idempotent: a resource
// without a policy answers without RevisionId ("empty if you make a request against a resource
// without a policy"), unless ExpectedRevisionId was given, which then fails with
// PolicyNotFoundException (API Reference, DeleteResourcePolicy).
Json delete_resource_policy(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "ResourceArn");
  auto expected = get_string(request, "ExpectedRevisionId");
  constrain_resource_arn(arn, constraints);
  constraints.length(expected, 1, 255, "expectedRevisionId");
  constraints.check();

  PolicyTarget target = find_policy_target(ctx, *arn);
  std::optional<engine::ResourcePolicy> removed;
  target.table->update_definition([&](engine::TableDefinition& definition) {
    removed = policy_of(definition, target.resource);
    if (expected && !removed) throw policy_not_found(*arn);
    check_expected_revision(expected, removed, target);
    if (removed) set_policy(definition, target.resource, std::nullopt);
  });
  Json response = Json::object();
  if (removed) response["RevisionId"] = removed->revision_id;
  return response;
}

}  // namespace ddb::protocol
