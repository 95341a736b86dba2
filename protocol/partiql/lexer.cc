#include "protocol/partiql/lexer.h"

#include <cctype>

#include "engine/error.h"
#include "protocol/partiql/messages.h"

namespace ddb::protocol::partiql {

namespace {

bool is_word_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// DynamoDB answers what its lexer cannot read with the envelope and nothing after the colon (an
// unterminated block comment, a `#`: captured from AWS, eu-west-2, 2026, by dynoxide's tests).
[[noreturn]] void unreadable() { throw engine::Error::validation(kNotWellFormed); }

// Reads a quoted run starting at `i` (on the opening quote); a doubled quote stands for one.
std::string quoted(std::string_view text, std::size_t& i, char quote) {
  std::string out;
  for (++i; i < text.size(); ++i) {
    if (text[i] != quote) {
      out += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == quote) {
      out += quote;
      ++i;
      continue;
    }
    ++i;
    return out;
  }
  unreadable();
}

}  // namespace

bool Token::is_word(std::string_view keyword) const {
  if (kind != Kind::Word || text.size() != keyword.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(text[i])) != keyword[i]) return false;
  }
  return true;
}

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (text.substr(i, 2) == "--") {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (text.substr(i, 2) == "/*") {
      std::size_t close = text.find("*/", i + 2);
      if (close == std::string_view::npos) unreadable();
      i = close + 2;
      continue;
    }
    Token token;
    token.offset = i;
    if (is_word_start(c)) {
      std::size_t start = i;
      while (i < text.size() && is_word_char(text[i])) ++i;
      token.kind = Token::Kind::Word;
      token.text = text.substr(start, i - start);
    } else if (c == '"') {
      token.kind = Token::Kind::Quoted;
      token.text = quoted(text, i, '"');
    } else if (c == '\'') {
      token.kind = Token::Kind::String;
      token.text = quoted(text, i, '\'');
    } else if (is_digit(c) || (c == '.' && i + 1 < text.size() && is_digit(text[i + 1]))) {
      std::size_t start = i;
      while (i < text.size() && is_digit(text[i])) ++i;
      if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && is_digit(text[i])) ++i;
      }
      if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        std::size_t exponent = i + 1;
        if (exponent < text.size() && (text[exponent] == '+' || text[exponent] == '-')) ++exponent;
        if (exponent < text.size() && is_digit(text[exponent])) {
          i = exponent;
          while (i < text.size() && is_digit(text[i])) ++i;
        }
      }
      token.kind = Token::Kind::Number;
      token.text = text.substr(start, i - start);
    } else {
      static constexpr std::string_view kTwo[] = {"<>", "!=", "<=", ">=", "<<", ">>"};
      token.kind = Token::Kind::Symbol;
      for (std::string_view two : kTwo) {
        if (text.substr(i, 2) == two) token.text = two;
      }
      if (token.text.empty()) {
        if (std::string_view("()[]{},.*;?=<>+-:").find(c) == std::string_view::npos) unreadable();
        token.text = std::string(1, c);
      }
      i += token.text.size();
    }
    tokens.push_back(std::move(token));
  }
  Token end;
  end.offset = text.size();
  tokens.push_back(std::move(end));
  return tokens;
}

}  // namespace ddb::protocol::partiql
