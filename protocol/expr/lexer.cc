#include "protocol/expr/lexer.h"

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace ddb::protocol::expr {

namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) { return is_letter(c) || is_digit(c) || c == '_'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool equals_ignoring_case(std::string_view text, std::string_view upper) {
  if (text.size() != upper.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != upper[i]) return false;
  }
  return true;
}

TokenKind word_kind(std::string_view word) {
  static constexpr std::array<std::pair<std::string_view, TokenKind>, 9> kKeywords = {{
      {"IN", TokenKind::In},
      {"BETWEEN", TokenKind::Between},
      {"NOT", TokenKind::Not},
      {"AND", TokenKind::And},
      {"OR", TokenKind::Or},
      {"SET", TokenKind::Set},
      {"ADD", TokenKind::Add},
      {"DELETE", TokenKind::Delete},
      {"REMOVE", TokenKind::Remove},
  }};
  for (const auto& [keyword, kind] : kKeywords) {
    if (equals_ignoring_case(word, keyword)) return kind;
  }
  return TokenKind::Identifier;
}

// Length of the UTF-8 sequence starting at `i`, or 1 when it is not a well-formed one. An unknown
// character is reported whole ("ü", not half of it), the way DynamoDB quotes it.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto lead = static_cast<unsigned char>(s[i]);
  std::size_t n = 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    n = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    n = 3;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    n = 4;
  }
  if (i + n > s.size()) return 1;
  for (std::size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 1;
  }
  return n;
}

// Length of a quoted literal starting at `i` (a quote), or 0 when it is not closed. A backslash
// escapes the quote character, as in Tokens.g4's STRING_LITERAL.
std::size_t string_literal_length(std::string_view s, std::size_t i) {
  const char quote = s[i];
  for (std::size_t j = i + 1; j < s.size(); ++j) {
    if (s[j] == '\\' && j + 1 < s.size() && s[j + 1] == quote) {
      ++j;
      continue;
    }
    if (s[j] == quote) return j + 1 - i;
  }
  return 0;
}

}  // namespace

std::vector<Token> tokenize(std::string_view source) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  const std::size_t n = source.size();
  auto emit = [&](TokenKind kind, std::size_t length) {
    tokens.push_back({kind, source.substr(i, length), i, i + length});
    i += length;
  };
  while (i < n) {
    const char c = source[i];
    const char next = i + 1 < n ? source[i + 1] : '\0';
    if (is_space(c)) {
      ++i;
    } else if (is_letter(c)) {
      std::size_t j = i + 1;
      while (j < n && is_name_char(source[j])) ++j;
      emit(word_kind(source.substr(i, j - i)), j - i);
    } else if (c == '0') {
      emit(TokenKind::Index, 1);
    } else if (is_digit(c)) {
      std::size_t j = i + 1;
      while (j < n && is_digit(source[j])) ++j;
      emit(TokenKind::Index, j - i);
    } else if ((c == '#' || c == ':') && is_name_char(next)) {
      std::size_t j = i + 1;
      while (j < n && is_name_char(source[j])) ++j;
      emit(c == '#' ? TokenKind::NamePlaceholder : TokenKind::ValuePlaceholder, j - i);
    } else if (c == '<' && next == '>') {
      emit(TokenKind::Ne, 2);
    } else if (c == '<' && next == '=') {
      emit(TokenKind::Le, 2);
    } else if (c == '>' && next == '=') {
      emit(TokenKind::Ge, 2);
    } else if ((c == '"' || c == '\'') && string_literal_length(source, i) != 0) {
      emit(TokenKind::StringLiteral, string_literal_length(source, i));
    } else {
      switch (c) {
        case '=':
          emit(TokenKind::Eq, 1);
          break;
        case '<':
          emit(TokenKind::Lt, 1);
          break;
        case '>':
          emit(TokenKind::Gt, 1);
          break;
        case '+':
          emit(TokenKind::Plus, 1);
          break;
        case '-':
          emit(TokenKind::Minus, 1);
          break;
        case '(':
          emit(TokenKind::LParen, 1);
          break;
        case ')':
          emit(TokenKind::RParen, 1);
          break;
        case '[':
          emit(TokenKind::LBracket, 1);
          break;
        case ']':
          emit(TokenKind::RBracket, 1);
          break;
        case ',':
          emit(TokenKind::Comma, 1);
          break;
        case '.':
          emit(TokenKind::Dot, 1);
          break;
        default:
          emit(TokenKind::Unknown, utf8_length(source, i));
          break;
      }
    }
  }
  tokens.push_back({TokenKind::End, "<EOF>", n, n});
  return tokens;
}

}  // namespace ddb::protocol::expr
