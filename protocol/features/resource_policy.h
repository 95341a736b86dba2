#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engine/table.h"
#include "engine/table_definition.h"
#include "protocol/context.h"
#include "protocol/tags/resource_arn.h"

namespace ddb::protocol {

// The rules of resource-based policies, which PutResourcePolicy, GetResourcePolicy,
// DeleteResourcePolicy and CreateTable's ResourcePolicy share. Policies are stored and returned,
// never enforced (docs/COMPATIBILITY.md).

// The largest policy document: 20 KB, whitespace included (API Reference, PutResourcePolicy).
inline constexpr std::size_t kMaxPolicyBytes = 20 * 1024;

// The ExpectedRevisionId that asks for the resource to have no policy yet.
inline constexpr std::string_view kNoPolicyRevision = "NO_POLICY";

// Checks a policy document: at most kMaxPolicyBytes, and a JSON object. ValidationException
// otherwise.
void check_policy_document(const std::string& document);

// A new policy holding `document`, with a revision ID greater than `previous`'s (when given):
// the epoch milliseconds of now, in decimal.
engine::ResourcePolicy new_policy(const std::string& document,
                                  const std::optional<engine::ResourcePolicy>& previous);

// A policy operation's ResourceArn, checked as the tagging operations check it, and the table it
// names (itself, or the table of the stream it names).
struct PolicyTarget {
  TaggedResource resource;
  std::shared_ptr<engine::Table> table;
};

// ResourceNotFoundException when the table, or the table's latest stream, is not `arn`.
PolicyTarget find_policy_target(const RequestContext& ctx, const std::string& arn);

// The policy `resource` has in `definition`, or std::nullopt.
std::optional<engine::ResourcePolicy> policy_of(const engine::TableDefinition& definition,
                                                const TaggedResource& resource);
// Sets (or, with std::nullopt, removes) the policy of `resource` in `definition`.
void set_policy(engine::TableDefinition& definition, const TaggedResource& resource,
                std::optional<engine::ResourcePolicy> policy);

// PolicyNotFoundException unless `current` meets `expected` (an ExpectedRevisionId; std::nullopt
// meets anything): the revision ID of `current`, or kNoPolicyRevision with no policy.
void check_expected_revision(const std::optional<std::string>& expected,
                             const std::optional<engine::ResourcePolicy>& current,
                             const PolicyTarget& target);

// PolicyNotFoundException for a resource without a policy.
engine::Error policy_not_found(const std::string& arn);

}  // namespace ddb::protocol
