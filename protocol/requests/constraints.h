#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ddb::protocol {

// The most violations one ValidationException lists.
inline constexpr std::size_t kMaxListedViolations = 10;

// Collects the request-model constraint violations DynamoDB reports together, before any other
// check: "2 validation errors detected: Value null at 'tableName' failed to satisfy constraint:
// Member must not be null; Value '0' at 'limit' ...". `path` is the member's camelCase path in the
// model.
class Constraints {
 public:
  void not_null(bool present, std::string_view path);
  // The rules for table and index names: 3-255 characters of [a-zA-Z0-9_.-].
  void name(const std::optional<std::string>& value, std::string_view path, bool required = true);
  // A TableName member, which takes a table's name (the rules of name()) or its ARN: a value that
  // starts with "arn:" is held to the model's TableArn length, 1 to 1024 characters, and checked as
  // an ARN when the table is looked up (find_table in protocol/context.h).
  void table_name(const std::optional<std::string>& value, std::string_view path,
                  bool required = true);
  void min(const std::optional<int64_t>& value, int64_t minimum, std::string_view path);
  void max(const std::optional<int64_t>& value, int64_t maximum, std::string_view path);
  // A string member's length bounds, counted as the model counts them (utf16_length).
  void length(const std::optional<std::string>& value, std::size_t minimum, std::size_t maximum,
              std::string_view path);
  // `value` must be one of `allowed` (the model's enum), listed "[A, B]" in the message in the
  // order DynamoDB lists them (its own, not the model's).
  void one_of(const std::optional<std::string>& value, const std::vector<std::string_view>& allowed,
              std::string_view path);
  void add(std::string violation) { violations_.push_back(std::move(violation)); }

  // Throws the ValidationException listing the violations, if there is any: the first
  // kMaxListedViolations of them.
  void check() const;

 private:
  std::vector<std::string> violations_;
};

// The length of UTF-8 `text` as the request model measures it: Java's String length, in UTF-16 code
// units (a character outside the Basic Multilingual Plane counts 2).
std::size_t utf16_length(std::string_view text);

// "Value 'x' at 'path' failed to satisfy constraint: <rule>".
std::string constraint_violation(std::string_view value_text, std::string_view path,
                                 std::string_view rule);

}  // namespace ddb::protocol
