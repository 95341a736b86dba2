#include <algorithm>
#include <string>
#include <vector>

#include "protocol/operations.h"
#include "protocol/tags/resource_arn.h"
#include "protocol/tags/tags.h"

namespace ddb::protocol {

// Removes the tags of the keys given; a key the table does not have is no error (ack-api-quirks
// DDB-TABLE-105, live, 2026). Each key must still be a valid user key, aws: prefix included, and a
// request naming more than 50 keys is refused with the tag-count message (DDB-TABLE-107).
// Whether DynamoDB refuses a key named twice was not captured; it is accepted here.
void untag_resource(RequestContext& ctx, const Json& request) {
  auto [resource, list] = read_list_request(ctx, request, "TagKeys", "tagKeys",
                                            "Atleast one Tag Key needs to be provided as Input.");
  std::vector<std::string> keys;
  for (const Json& key : list) {
    expect_string(key);
    keys.push_back(key.get<std::string>());
    check_tag_key(keys.back());
  }
  check_tag_count(keys.size());
  auto table = find_tagged_table(ctx, resource);
  table->update_definition([&](engine::TableDefinition& definition) {
    std::erase_if(definition.tags, [&](const engine::Tag& tag) {
      return std::find(keys.begin(), keys.end(), tag.key) != keys.end();
    });
  });
}

}  // namespace ddb::protocol
