#include "protocol/expr/lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace ddb::protocol::expr {
namespace {

// Renders tokens as "Kind:text" separated by spaces.
std::string render(std::string_view source) {
  std::string out;
  for (const Token& token : tokenize(source)) {
    if (!out.empty()) out += ' ';
    switch (token.kind) {
      case TokenKind::Eq:
        out += "Eq";
        break;
      case TokenKind::Ne:
        out += "Ne";
        break;
      case TokenKind::Lt:
        out += "Lt";
        break;
      case TokenKind::Le:
        out += "Le";
        break;
      case TokenKind::Gt:
        out += "Gt";
        break;
      case TokenKind::Ge:
        out += "Ge";
        break;
      case TokenKind::Plus:
        out += "Plus";
        break;
      case TokenKind::Minus:
        out += "Minus";
        break;
      case TokenKind::LParen:
        out += "LParen";
        break;
      case TokenKind::RParen:
        out += "RParen";
        break;
      case TokenKind::LBracket:
        out += "LBracket";
        break;
      case TokenKind::RBracket:
        out += "RBracket";
        break;
      case TokenKind::Comma:
        out += "Comma";
        break;
      case TokenKind::Dot:
        out += "Dot";
        break;
      case TokenKind::In:
        out += "In";
        break;
      case TokenKind::Between:
        out += "Between";
        break;
      case TokenKind::Not:
        out += "Not";
        break;
      case TokenKind::And:
        out += "And";
        break;
      case TokenKind::Or:
        out += "Or";
        break;
      case TokenKind::Set:
        out += "Set";
        break;
      case TokenKind::Add:
        out += "Add";
        break;
      case TokenKind::Delete:
        out += "Delete";
        break;
      case TokenKind::Remove:
        out += "Remove";
        break;
      case TokenKind::Index:
        out += "Index";
        break;
      case TokenKind::Identifier:
        out += "Id";
        break;
      case TokenKind::NamePlaceholder:
        out += "Name";
        break;
      case TokenKind::ValuePlaceholder:
        out += "Value";
        break;
      case TokenKind::StringLiteral:
        out += "String";
        break;
      case TokenKind::Unknown:
        out += "Unknown";
        break;
      case TokenKind::End:
        out += "End";
        break;
    }
    out += ':';
    out += token.text;
  }
  return out;
}

struct LexCase {
  std::string_view source;
  std::string_view tokens;
};

TEST(Lexer, SplitsSourceIntoDynamoDbTokens) {
  const LexCase cases[] = {
      {"", "End:<EOF>"},
      {" \t\r\n", "End:<EOF>"},
      {"a = :v", "Id:a Eq:= Value::v End:<EOF>"},
      {"a<>b", "Id:a Ne:<> Id:b End:<EOF>"},
      {"a<=b", "Id:a Le:<= Id:b End:<EOF>"},
      {"a>=b", "Id:a Ge:>= Id:b End:<EOF>"},
      {"a<b>c", "Id:a Lt:< Id:b Gt:> Id:c End:<EOF>"},
      {"a < > b", "Id:a Lt:< Gt:> Id:b End:<EOF>"},
      {"a+b-c", "Id:a Plus:+ Id:b Minus:- Id:c End:<EOF>"},
      {"f(a, b)", "Id:f LParen:( Id:a Comma:, Id:b RParen:) End:<EOF>"},
      {"a.b[12].#c", "Id:a Dot:. Id:b LBracket:[ Index:12 RBracket:] Dot:. Name:#c End:<EOF>"},
      {"#_ :_ #4g :0", "Name:#_ Value::_ Name:#4g Value::0 End:<EOF>"},
      {"in IN In between BETWEEN", "In:in In:IN In:In Between:between Between:BETWEEN End:<EOF>"},
      {"not and or", "Not:not And:and Or:or End:<EOF>"},
      {"set add delete remove", "Set:set Add:add Delete:delete Remove:remove End:<EOF>"},
      {"SETa index android order", "Id:SETa Id:index Id:android Id:order End:<EOF>"},
      {"a_1 B2_", "Id:a_1 Id:B2_ End:<EOF>"},
      {"_a", "Unknown:_ Id:a End:<EOF>"},
      {"0", "Index:0 End:<EOF>"},
      {"007", "Index:0 Index:0 Index:7 End:<EOF>"},
      {"120", "Index:120 End:<EOF>"},
      {"12ab", "Index:12 Id:ab End:<EOF>"},
      {"#", "Unknown:# End:<EOF>"},
      {"# a", "Unknown:# Id:a End:<EOF>"},
      {":", "Unknown:: End:<EOF>"},
      {"#$", "Unknown:# Unknown:$ End:<EOF>"},
      {"a:b", "Id:a Value::b End:<EOF>"},
      {"\"x y\"", "String:\"x y\" End:<EOF>"},
      {"'it''s'", "String:'it' String:'s' End:<EOF>"},
      {"\"a\\\"b\"", "String:\"a\\\"b\" End:<EOF>"},
      {"\"open", "Unknown:\" Id:open End:<EOF>"},
      {"\xC3\xBC > a", "Unknown:\xC3\xBC Gt:> Id:a End:<EOF>"},
      {"[\xEF\xBC\x91]", "LBracket:[ Unknown:\xEF\xBC\x91 RBracket:] End:<EOF>"},
      {"\xFF", "Unknown:\xFF End:<EOF>"},
      {"* / ! ; ?", "Unknown:* Unknown:/ Unknown:! Unknown:; Unknown:? End:<EOF>"},
  };
  for (const LexCase& c : cases) EXPECT_EQ(render(c.source), c.tokens) << c.source;
}

TEST(Lexer, RecordsByteOffsets) {
  const std::vector<Token> tokens = tokenize("  ab <= #c");
  ASSERT_EQ(tokens.size(), 4u);
  EXPECT_EQ(tokens[0].begin, 2u);
  EXPECT_EQ(tokens[0].end, 4u);
  EXPECT_EQ(tokens[1].begin, 5u);
  EXPECT_EQ(tokens[1].end, 7u);
  EXPECT_EQ(tokens[2].begin, 8u);
  EXPECT_EQ(tokens[2].end, 10u);
  EXPECT_EQ(tokens[3].begin, 10u);
  EXPECT_EQ(tokens[3].end, 10u);
}

TEST(Lexer, EndTokenSitsAtTheEndOfTrailingWhitespace) {
  const std::vector<Token> tokens = tokenize("a   ");
  ASSERT_EQ(tokens.size(), 2u);
  EXPECT_EQ(tokens[1].kind, TokenKind::End);
  EXPECT_EQ(tokens[1].begin, 4u);
  EXPECT_EQ(tokens[1].text, "<EOF>");
}

}  // namespace
}  // namespace ddb::protocol::expr
