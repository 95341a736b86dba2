#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace ddb::protocol::expr {

// Token kinds of DynamoDB's expression language. The rules follow the grammar AWS ships with its
// DAX clients (Tokens.g4): whitespace is space, tab, CR and LF; keywords are case-insensitive and
// win over identifiers of the same length; anything else is a one-character Unknown token, so the
// lexer itself never fails and the parser reports the first token that does not fit.
enum class TokenKind {
  Eq,                // =
  Ne,                // <>
  Lt,                // <
  Le,                // <=
  Gt,                // >
  Ge,                // >=
  Plus,              // +
  Minus,             // -
  LParen,            // (
  RParen,            // )
  LBracket,          // [
  RBracket,          // ]
  Comma,             // ,
  Dot,               // .
  In,                // IN (any case)
  Between,           // BETWEEN
  Not,               // NOT
  And,               // AND
  Or,                // OR
  Set,               // SET
  Add,               // ADD
  Delete,            // DELETE
  Remove,            // REMOVE
  Index,             // 0 or [1-9][0-9]*; "007" is three Index tokens
  Identifier,        // [a-zA-Z][a-zA-Z0-9_]*
  NamePlaceholder,   // #[a-zA-Z0-9_]+
  ValuePlaceholder,  // :[a-zA-Z0-9_]+
  StringLiteral,     // "..." or '...'; never valid in an expression, but one token in messages
  Unknown,           // any other character (a whole UTF-8 sequence when it is one)
  End,               // end of input; its text is "<EOF>"
};

// One token. `text` views the source (or the literal "<EOF>"); [begin, end) are byte offsets into
// the source, and an End token has begin == end == source size.
struct Token {
  TokenKind kind;
  std::string_view text;
  std::size_t begin;
  std::size_t end;
};

// Splits `source` into tokens, skipping whitespace. The result always ends with one End token.
// The tokens view `source`, which must outlive them.
std::vector<Token> tokenize(std::string_view source);

}  // namespace ddb::protocol::expr
