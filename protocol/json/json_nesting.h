#pragma once

#include <cstddef>
#include <string_view>

namespace ddb::protocol {

// The deepest nesting of JSON objects and arrays a request body may have. DynamoDB's own limit is
// on attribute values (32 levels of M and L, two JSON levels each, checked with its message when
// values are decoded); this one only keeps a hostile body from making the parser build, and the
// code after it walk, millions of levels. Deeper bodies get SerializationException, as malformed
// JSON does.
inline constexpr std::size_t kMaxJsonNesting = 1000;

// Whether `text` opens more than `limit` objects or arrays inside one another. Brackets inside
// JSON strings don't count. Does not validate the JSON otherwise. Pure function; thread-safe.
bool json_nesting_exceeds(std::string_view text, std::size_t limit = kMaxJsonNesting);

}  // namespace ddb::protocol
