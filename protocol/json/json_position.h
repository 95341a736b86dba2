#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// Where a value sits in a JSON document: object member names and array indexes, outermost first.
using JsonStep = std::variant<std::string, std::size_t>;
using JsonPath = std::vector<JsonStep>;

// The path as a person reads it: "items.Users[2]" (members joined by '.', indexes in brackets).
std::string path_text(const JsonPath& path);

// The 1-based line of `text` on which the value at `path` starts; 0 when `text` has no value
// there. For error messages about a document already parsed (the JSON DOM keeps no positions), so
// it scans only as far as the value. Of a member given twice it finds the first. Requires: `text`
// is one valid JSON value. Pure function; thread-safe.
std::size_t line_of(std::string_view text, const JsonPath& path);

// Why a text is not one JSON value: the 1-based line of the fault and nlohmann's account of it
// ("syntax error while parsing object key - unexpected '}'; expected string literal").
class JsonSyntaxError : public std::runtime_error {
 public:
  JsonSyntaxError(std::size_t line, const std::string& reason)
      : std::runtime_error(reason), line_(line) {}
  std::size_t line() const { return line_; }

 private:
  std::size_t line_;
};

// `text` parsed as read_json parses it (protocol/json/json_reader.h); throws JsonSyntaxError when
// it is not one JSON value, or nests deeper than kMaxJsonNesting.
Json read_json_or_throw(std::string_view text);

}  // namespace ddb::protocol
