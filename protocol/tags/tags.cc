#include "protocol/tags/tags.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "engine/error.h"
#include "protocol/tags/tag_characters.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// The messages are DynamoDB's, from the ack-api-quirks live captures of 2026 (DDB-TABLE-105, -107,
// -108, -110, -372): a tag key or value of the wrong length or with a character outside the set is
// "provided is invalid" (not the model's "1 validation error detected" form, although the model
// gives the same bounds), and an absent member prints as null.
constexpr std::size_t kMaxKeyCharacters = 128;
constexpr std::size_t kMaxValueCharacters = 256;

// The number of characters of `text` if each is a tag character, else std::nullopt. Characters are
// code points, the "Unicode characters" of the Developer Guide's "Tagging restrictions in
// DynamoDB"; bytes that are not UTF-8 fail.
std::optional<std::size_t> tag_characters(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++count) {
    auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : 4;
    if ((lead >= 0x80 && lead < 0xC0) || lead > 0xF4 || i + length > text.size()) {
      return std::nullopt;
    }
    char32_t code_point = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
      auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return std::nullopt;
      code_point = (code_point << 6) | (next & 0x3F);
    }
    if (!is_tag_character(code_point)) return std::nullopt;
    i += length;
  }
  return count;
}

bool valid_text(const std::optional<std::string>& text, std::size_t min, std::size_t max) {
  if (!text) return false;
  std::optional<std::size_t> characters = tag_characters(*text);
  return characters && *characters >= min && *characters <= max;
}

bool reserved_prefix(const std::string& key) {
  static constexpr std::string_view kPrefix = "aws:";
  if (key.size() < kPrefix.size()) return false;
  for (std::size_t i = 0; i < kPrefix.size(); ++i) {
    char lower = key[i] >= 'A' && key[i] <= 'Z' ? static_cast<char>(key[i] - 'A' + 'a') : key[i];
    if (lower != kPrefix[i]) return false;
  }
  return true;
}

}  // namespace

void check_tag_key(const std::optional<std::string>& key) {
  if (!valid_text(key, 1, kMaxKeyCharacters)) {
    throw Error::validation("The Tag Key provided is invalid, Key: " + key.value_or("null"));
  }
  if (reserved_prefix(*key)) {
    throw Error::validation("Tag Key cannot be prefixed with aws:, Key: " + *key);
  }
}

std::vector<engine::Tag> parse_tags(const Json& list) {
  std::vector<engine::Tag> tags;
  for (const Json& element : list) {
    expect_structure_element(element, "Tag");
    std::optional<std::string> key = get_string(element, "Key");
    std::optional<std::string> value = get_string(element, "Value");
    check_tag_key(key);
    if (!valid_text(value, 0, kMaxValueCharacters)) {
      throw Error::validation("The Tag Value provided is invalid, Value: " +
                              value.value_or("null"));
    }
    tags.push_back({std::move(*key), std::move(*value)});
  }
  // Keys are case-sensitive: Env and env are two tags (ack-api-quirks DDB-TABLE-106).
  std::unordered_set<std::string_view> keys;
  for (const engine::Tag& tag : tags) {
    if (!keys.insert(tag.key).second) {
      throw Error::validation("Duplicate Tag Keys provided as input: Duplicate Tag Key found " +
                              tag.key);
    }
  }
  return tags;
}

void check_tag_count(std::size_t count) {
  if (count > kMaxTagsPerResource) {
    // A ValidationException, not the LimitExceededException the API reference lists
    // (ack-api-quirks DDB-TABLE-108).
    throw Error::validation("Number of Tags exceed the current limit for the provided ResourceArn");
  }
}

void upsert_tags(std::vector<engine::Tag>& tags, const std::vector<engine::Tag>& added) {
  for (const engine::Tag& tag : added) {
    auto found = std::find_if(tags.begin(), tags.end(),
                              [&](const engine::Tag& existing) { return existing.key == tag.key; });
    if (found != tags.end()) {
      found->value = tag.value;
    } else {
      tags.push_back(tag);
    }
  }
}

}  // namespace ddb::protocol
