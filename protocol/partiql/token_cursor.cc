#include "protocol/partiql/token_cursor.h"

#include <array>
#include <string>

#include "engine/error.h"
#include "protocol/partiql/messages.h"

namespace ddb::protocol::partiql {

namespace {

// Operators that cannot start a term: "Unexpected operator" (captured from AWS for IS and LIKE).
bool is_operator_word(const Token& token) {
  return token.is_word("IS") || token.is_word("LIKE") || token.is_word("AND") ||
         token.is_word("OR") || token.is_word("IN") || token.is_word("BETWEEN");
}

}  // namespace

[[noreturn]] void malformed(std::string_view detail) {
  throw engine::Error::validation(std::string(kNotWellFormed) + std::string(detail));
}

// Words the grammar gives a meaning to, which a path may use only double-quoted (DynamoDB rejects
// `WHERE pad = 'x'` and accepts `WHERE "pad" = 'x'`). DynamoDB reserves every SQL-92 word; this
// list holds those the dialect uses and the commonest others.
bool is_keyword(const Token& token) {
  static constexpr std::array<std::string_view, 48> kKeywords = {
      "SELECT",  "FROM",     "WHERE",  "AND",     "OR",     "NOT",    "IN",        "IS",
      "BETWEEN", "LIKE",     "NULL",   "MISSING", "TRUE",   "FALSE",  "INSERT",    "INTO",
      "VALUE",   "VALUES",   "UPDATE", "SET",     "REMOVE", "DELETE", "RETURNING", "ORDER",
      "BY",      "ASC",      "DESC",   "EXISTS",  "AS",     "AT",     "JOIN",      "GROUP",
      "HAVING",  "LIMIT",    "OFFSET", "UNION",   "CASE",   "WHEN",   "THEN",      "ELSE",
      "END",     "DISTINCT", "CAST",   "ON",      "PAD",    "CREATE", "DROP",      "TABLE"};
  if (token.kind != Token::Kind::Word) return false;
  return std::any_of(kKeywords.begin(), kKeywords.end(),
                     [&token](std::string_view k) { return token.is_word(k); });
}

void TokenCursor::unexpected() const {
  const Token& token = peek();
  if (is_operator_word(token)) malformed("Unexpected operator");
  if (is_keyword(token)) malformed("Unexpected keyword");
  malformed("Unexpected term");
}

}  // namespace ddb::protocol::partiql
