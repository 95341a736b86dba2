#include "protocol/features/resource_policy.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// Attaches a policy to a table or stream; stored and returned, never enforced. Putting the
// document the resource already has keeps its revision ID (the operation is idempotent: API
// Reference, PutResourcePolicy). ExpectedRevisionId must be the current revision, or NO_POLICY
// for a resource without one. ConfirmRemoveSelfResourceAccess is accepted and changes nothing:
// no policy can lock a caller out here.
Json put_resource_policy(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto arn = get_string(request, "ResourceArn");
  auto document = get_string(request, "Policy");
  auto expected = get_string(request, "ExpectedRevisionId");
  get_bool(request, "ConfirmRemoveSelfResourceAccess");  // for its type
  constrain_resource_arn(arn, constraints);
  constraints.not_null(document.has_value(), "policy");
  constraints.length(expected, 1, 255, "expectedRevisionId");
  constraints.check();

  PolicyTarget target = find_policy_target(ctx, *arn);
  check_policy_document(*document);
  std::string revision;
  target.table->update_definition([&](engine::TableDefinition& definition) {
    std::optional<engine::ResourcePolicy> current = policy_of(definition, target.resource);
    check_expected_revision(expected, current, target);
    if (current && current->document == *document) {
      revision = current->revision_id;
      return;
    }
    engine::ResourcePolicy policy = new_policy(*document, current);
    revision = policy.revision_id;
    set_policy(definition, target.resource, std::move(policy));
  });
  return {{"RevisionId", revision}};
}

}  // namespace ddb::protocol
