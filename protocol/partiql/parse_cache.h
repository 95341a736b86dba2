#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "protocol/partiql/ast.h"

namespace ddb::protocol::partiql {

// How many parsed statements a thread remembers before it starts over.
inline constexpr std::size_t kMaxCachedStatements = 256;

// parse_statement (parser.h), remembered per thread by text: applications send the same few
// statements with `?` parameters, and lexing and parsing one costs more than a GetItem's whole
// request handling. Parameters stay unbound, so one entry serves every request.
std::shared_ptr<const Statement> parse_statement_cached(std::string_view text);

}  // namespace ddb::protocol::partiql
