#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ddb::protocol::partiql {

// One token of a PartiQL statement.
struct Token {
  enum class Kind : uint8_t {
    Word,    // a bare identifier or keyword, as written
    Quoted,  // a "double-quoted" identifier, unquoted ("" stands for ")
    String,  // a 'single-quoted' string, unquoted ('' stands for ')
    Number,  // a number literal, as written
    Symbol,  // punctuation or an operator: ( ) [ ] { } , . * ; ? = <> != < <= > >= + - << >>
    End,
  };
  Kind kind = Kind::End;
  std::string text;
  std::size_t offset = 0;  // where the token starts in the statement

  bool is_symbol(std::string_view s) const { return kind == Kind::Symbol && text == s; }
  // A bare word equal to `keyword` (upper case) ignoring case.
  bool is_word(std::string_view keyword) const;
};

// Splits `statement` into tokens, ending with one End token. Skips white space, `--` line comments
// and `/* */` block comments. Throws Error::validation "Statement wasn't well formed, can't be
// processed: " (nothing after the colon, as DynamoDB answers a character or comment its lexer
// cannot read) for an unterminated string, identifier or comment, or a character outside the
// language.
std::vector<Token> tokenize(std::string_view statement);

}  // namespace ddb::protocol::partiql
