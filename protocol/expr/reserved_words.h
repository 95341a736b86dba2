#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace ddb::protocol::expr {

// How many words DynamoDB reserves.
inline constexpr std::size_t kReservedWordCount = 573;

// DynamoDB's reserved words, upper case, in ascending order. Copied from the Developer Guide page
// "Reserved words in DynamoDB" (docs.aws.amazon.com/amazondynamodb/latest/developerguide/
// ReservedWords.html), including its misspellings (FLATTERN, INNTER, LOGED).
const std::array<std::string_view, kReservedWordCount>& reserved_words();

// True when `name` is a reserved word, compared case-insensitively (ASCII): "name", "Name" and
// "NAME" are all reserved. A bare attribute name in an expression must not be one.
bool is_reserved_word(std::string_view name);

}  // namespace ddb::protocol::expr
