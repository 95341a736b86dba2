#include "protocol/partiql/parse_cache.h"

#include "protocol/expr/text_cache.h"
#include "protocol/partiql/parser.h"

namespace ddb::protocol::partiql {

std::shared_ptr<const Statement> parse_statement_cached(std::string_view text) {
  thread_local TextCache<Statement, kMaxCachedStatements> cache;
  return cache.get(text, [](std::string_view t) { return parse_statement(t); });
}

}  // namespace ddb::protocol::partiql
