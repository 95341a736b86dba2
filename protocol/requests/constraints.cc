#include "protocol/requests/constraints.h"

#include <algorithm>

#include "engine/error.h"

namespace ddb::protocol {

std::string constraint_violation(std::string_view value_text, std::string_view path,
                                 std::string_view rule) {
  std::string text = "Value ";
  text += value_text;
  text += " at '";
  text += path;
  text += "' failed to satisfy constraint: ";
  text += rule;
  return text;
}

std::size_t utf16_length(std::string_view text) {
  std::size_t units = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) != 0x80) units += (c >= 0xF0) ? 2 : 1;
  }
  return units;
}

namespace {

// Not named quoted(): an argument of type std::string would find std::quoted by ADL wherever
// <iomanip> is included.
std::string single_quoted(std::string_view value) { return "'" + std::string(value) + "'"; }

// The TableArn shape's maximum length, which TableName members have had since DynamoDB accepts
// ARNs in them (botocore's service model, 2024).
constexpr std::size_t kMaxTableArnLength = 1024;

bool valid_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.';
}

}  // namespace

void Constraints::not_null(bool present, std::string_view path) {
  if (!present) add(constraint_violation("null", path, "Member must not be null"));
}

void Constraints::name(const std::optional<std::string>& value, std::string_view path,
                       bool required) {
  if (!value) {
    if (required) not_null(false, path);
    return;
  }
  bool pattern_ok = !value->empty();
  for (char c : *value) pattern_ok = pattern_ok && valid_name_char(c);
  if (!pattern_ok) {
    add(constraint_violation(single_quoted(*value), path,
                             "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"));
  }
  if (value->size() < 3) {
    add(constraint_violation(single_quoted(*value), path,
                             "Member must have length greater than or equal to 3"));
  }
  if (value->size() > 255) {
    add(constraint_violation(single_quoted(*value), path,
                             "Member must have length less than or equal to 255"));
  }
}

void Constraints::table_name(const std::optional<std::string>& value, std::string_view path,
                             bool required) {
  if (value && value->starts_with("arn:")) {
    length(value, 1, kMaxTableArnLength, path);
    return;
  }
  name(value, path, required);
}

void Constraints::min(const std::optional<int64_t>& value, int64_t minimum, std::string_view path) {
  if (value && *value < minimum) {
    add(constraint_violation(
        single_quoted(std::to_string(*value)), path,
        "Member must have value greater than or equal to " + std::to_string(minimum)));
  }
}

void Constraints::max(const std::optional<int64_t>& value, int64_t maximum, std::string_view path) {
  if (value && *value > maximum) {
    add(constraint_violation(
        single_quoted(std::to_string(*value)), path,
        "Member must have value less than or equal to " + std::to_string(maximum)));
  }
}

void Constraints::length(const std::optional<std::string>& value, std::size_t minimum,
                         std::size_t maximum, std::string_view path) {
  if (!value) return;
  std::size_t units = utf16_length(*value);
  if (units < minimum) {
    add(constraint_violation(
        single_quoted(*value), path,
        "Member must have length greater than or equal to " + std::to_string(minimum)));
  }
  if (units > maximum) {
    add(constraint_violation(
        single_quoted(*value), path,
        "Member must have length less than or equal to " + std::to_string(maximum)));
  }
}

void Constraints::one_of(const std::optional<std::string>& value,
                         const std::vector<std::string_view>& allowed, std::string_view path) {
  if (!value) return;
  std::string list = "[";
  for (std::size_t i = 0; i < allowed.size(); ++i) {
    if (allowed[i] == *value) return;
    if (i > 0) list += ", ";
    list += allowed[i];
  }
  add(constraint_violation(single_quoted(*value), path,
                           "Member must satisfy enum value set: " + list + "]"));
}

void Constraints::check() const {
  if (violations_.empty()) return;
  // DynamoDB lists at most ten, and counts only those: "10 validation errors detected: ..."
  // (issue 20).
  const std::size_t listed = std::min(violations_.size(), kMaxListedViolations);
  std::string message = std::to_string(listed) + (listed == 1 ? " validation error detected: "
                                                              : " validation errors detected: ");
  for (std::size_t i = 0; i < listed; ++i) {
    if (i > 0) message += "; ";
    message += violations_[i];
  }
  throw engine::Error::validation(message);
}

}  // namespace ddb::protocol
