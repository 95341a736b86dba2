#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "protocol/json/json_fields.h"
#include "protocol/json/json_shape.h"

namespace ddb::protocol {

// Parses a request body into the same Json that `Json::parse(text, nullptr, false)` returns
// (discarded when the text is not one JSON value), in less time for the common request.
//
// A fast reader takes documents whose strings are plain ASCII without escapes, whose numbers are
// integers of up to 18 digits, and that nest at most 128 deep: those are most DynamoDB requests,
// and their 1 KB string values are copied in one piece instead of byte by byte. Anything else
// (escapes, UTF-8, fractions, exponents, deep nesting, and every malformed document) is parsed
// again by nlohmann's own parser, so the result and what counts as valid are nlohmann's in every
// case, except that a document nested deeper than kMaxJsonNesting (protocol/json_nesting) is
// discarded without being parsed. Pure function; thread-safe.
Json read_json(std::string_view text);

// read_json, checking the document against a request's model `shape` (json_shape.h) as it reads
// it: `type_error` receives the SerializationException message of the first value, in document
// order, of a JSON type its slot does not take (nothing when every value fits, or when the text is
// not JSON). The check costs no second pass over the text: the fast reader makes it member by
// member; only the documents handed to nlohmann are walked once more.
Json read_json(std::string_view text, const Shape& shape, std::optional<std::string>& type_error);

}  // namespace ddb::protocol
