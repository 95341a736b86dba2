#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

#include "protocol/partiql/lexer.h"

namespace ddb::protocol::partiql {

// Throws Error::validation "Statement wasn't well formed, can't be processed: <detail>".
[[noreturn]] void malformed(std::string_view detail);

// Whether `token` is a word the grammar reserves (a name must then be double-quoted).
bool is_keyword(const Token& token);

// The parsers' view of a statement's tokens: the next one, and DynamoDB's syntax errors.
class TokenCursor {
 public:
  explicit TokenCursor(std::string_view text) : tokens_(tokenize(text)) {}

  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  const Token& next() {
    const Token& token = peek();
    if (pos_ < tokens_.size() - 1) ++pos_;
    return token;
  }
  bool accept_word(std::string_view keyword) {
    if (!peek().is_word(keyword)) return false;
    ++pos_;
    return true;
  }
  bool accept_symbol(std::string_view symbol) {
    if (!peek().is_symbol(symbol)) return false;
    ++pos_;
    return true;
  }
  void expect_word(std::string_view keyword) {
    if (!accept_word(keyword)) unexpected();
  }
  void expect_symbol(std::string_view symbol) {
    if (!accept_symbol(symbol)) unexpected();
  }
  bool at_end() const { return peek().kind == Token::Kind::End || peek().is_symbol(";"); }

  // Throws the detail DynamoDB gives for the next token where a term should start.
  [[noreturn]] void unexpected() const;

  void skip() { next(); }

 private:
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
};

}  // namespace ddb::protocol::partiql
