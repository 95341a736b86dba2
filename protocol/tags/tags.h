#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/table_definition.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// DynamoDB's tag rules, shared by CreateTable, TagResource and UntagResource. Each check throws the
// ValidationException of the first rule broken, with the service's message.

// At most 50 tags per resource (tags DynamoDB assigns itself, prefixed aws:, do not count; it
// assigns none here).
inline constexpr std::size_t kMaxTagsPerResource = 50;

// Reads the Tags list of a TagResource or CreateTable request: each element a Tag structure whose
// Key and Value pass check_tag_key and the value rules (0 to 256 characters of the tag characters),
// and no Key twice. Does not check the count: see check_tag_count.
std::vector<engine::Tag> parse_tags(const Json& list);

// Checks one tag key (std::nullopt: the member is absent): 1 to 128 characters, each one of
// is_tag_character's, and not prefixed with aws: in any case.
void check_tag_key(const std::optional<std::string>& key);

// Throws when `count` is over kMaxTagsPerResource: the tags a resource would hold after a request,
// or the keys an UntagResource request names.
void check_tag_count(std::size_t count);

// Sets each tag of `added` in `tags`: a key already there takes the new value where it stands; a
// new key goes at the end. Requires: no key twice in `added`.
void upsert_tags(std::vector<engine::Tag>& tags, const std::vector<engine::Tag>& added);

}  // namespace ddb::protocol
