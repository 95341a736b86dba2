#include <vector>

#include "protocol/operations.h"
#include "protocol/tags/resource_arn.h"
#include "protocol/tags/tags.h"

namespace ddb::protocol {

// Adds or overwrites tags, all or none (ack-api-quirks DDB-TABLE-105, -107, -108, live, 2026):
// the whole request is checked first, and the limit of 50 is checked against the set the table
// would hold afterwards, so overwriting existing keys of a table at the limit succeeds. DynamoDB
// applies tags a second or two later and refuses another tag write meanwhile; here they apply at
// once, under the table's definition lock, and a table is ACTIVE (or UPDATING, which DynamoDB
// accepts too) from the moment it exists: see docs/COMPATIBILITY.md.
void tag_resource(RequestContext& ctx, const Json& request) {
  // "Atleast" is DynamoDB's spelling (DDB-TABLE-107).
  auto [resource, list] = read_list_request(ctx, request, "Tags", "tags",
                                            "Atleast one Tag needs to be provided as Input.");
  std::vector<engine::Tag> added = parse_tags(list);
  auto table = find_tagged_table(ctx, resource);
  table->update_definition([&](engine::TableDefinition& definition) {
    std::vector<engine::Tag> tags = definition.tags;
    upsert_tags(tags, added);
    check_tag_count(tags.size());
    definition.tags = std::move(tags);
  });
}

}  // namespace ddb::protocol
