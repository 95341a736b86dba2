#include "protocol/features/resource_policy.h"

#include <chrono>
#include <cstdint>
#include <string_view>
#include <utility>

#include "engine/error.h"
#include "protocol/json/json_reader.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// The milliseconds of now. The API Reference says only that a revision ID is "a unique string" to
// compare as a string; decimal epoch milliseconds are this server's choice (recalled, not
// confirmed, as the form DynamoDB's take).
int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

// The texts of the two refusals below are this server's: the API Reference names the size limit
// and requires JSON, but its pages quote no message.
void check_policy_document(const std::string& document) {
  if (document.size() > kMaxPolicyBytes) {
    throw Error::validation("Resource-based policy document size " +
                            std::to_string(document.size()) +
                            " bytes exceeds the maximum allowed size of 20 KB (20480 bytes)");
  }
  Json parsed = read_json(document);
  if (parsed.is_discarded() || !parsed.is_object()) {
    throw Error::validation("Resource-based policy document is not a valid JSON object");
  }
}

engine::ResourcePolicy new_policy(const std::string& document,
                                  const std::optional<engine::ResourcePolicy>& previous) {
  int64_t revision = now_ms();
  if (previous) {
    // Revision IDs only grow, even for two changes within one millisecond.
    int64_t last = std::stoll(previous->revision_id);
    if (revision <= last) revision = last + 1;
  }
  return {document, std::to_string(revision)};
}

PolicyTarget find_policy_target(const RequestContext& ctx, const std::string& arn) {
  TaggedResource resource = parse_resource_arn(ctx, arn);
  auto table = ctx.database.find_table(ctx.region, resource.table_name);
  if (table) {
    engine::TableDefinition definition = table->definition();
    const std::string& own = resource.stream ? definition.latest_stream_arn : definition.arn;
    if (own == arn) return {std::move(resource), std::move(table)};
  }
  throw Error::resource_not_found("Requested resource not found: ResourceArn: " + arn +
                                  " not found");
}

std::optional<engine::ResourcePolicy> policy_of(const engine::TableDefinition& definition,
                                                const TaggedResource& resource) {
  if (!resource.stream) return definition.features.resource_policy;
  auto it = definition.features.stream_policies.find(resource.arn);
  if (it == definition.features.stream_policies.end()) return std::nullopt;
  return it->second;
}

void set_policy(engine::TableDefinition& definition, const TaggedResource& resource,
                std::optional<engine::ResourcePolicy> policy) {
  if (!resource.stream) {
    definition.features.resource_policy = std::move(policy);
  } else if (policy) {
    definition.features.stream_policies[resource.arn] = std::move(*policy);
  } else {
    definition.features.stream_policies.erase(resource.arn);
  }
}

Error policy_not_found(const std::string& arn) {
  return {engine::ErrorType::PolicyNotFound,
          "Resource-based policy not found for the provided ResourceArn: " + arn};
}

// A mismatch is a PolicyNotFoundException (API Reference, PutResourcePolicy and
// DeleteResourcePolicy's ExpectedRevisionId); the text naming both revisions is this server's.
void check_expected_revision(const std::optional<std::string>& expected,
                             const std::optional<engine::ResourcePolicy>& current,
                             const PolicyTarget& target) {
  if (!expected) return;
  std::string_view actual = current ? std::string_view(current->revision_id) : kNoPolicyRevision;
  if (*expected == actual) return;
  if (!current) throw policy_not_found(target.resource.arn);
  throw Error(engine::ErrorType::PolicyNotFound,
              "Resource-based policy not found for the provided ResourceArn: Requested update for "
              "policy with revision id " +
                  *expected + ", but the policy associated to target " + target.resource.arn +
                  " has revision id " + current->revision_id);
}

}  // namespace ddb::protocol
