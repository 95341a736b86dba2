#include "protocol/partiql/expression_parser.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "engine/error.h"
#include "engine/number.h"
#include "protocol/partiql/parser.h"

namespace ddb::protocol::partiql {

namespace {

using engine::Error;

// Counts one level of nesting for the duration of a scope.
struct Nest {
  explicit Nest(int& depth) : depth_(depth) {
    if (++depth_ > kMaxNesting) malformed("Expression nesting exceeds the supported depth");
  }
  ~Nest() { --depth_; }
  Nest(const Nest&) = delete;
  Nest& operator=(const Nest&) = delete;
  int& depth_;
};

}  // namespace

// A document path: a name, then `.name`, `[index]` or `['name']` steps.
engine::DocumentPath ExpressionParser::path() {
  const Token& first = in_.peek();
  if (first.kind != Token::Kind::Quoted && (first.kind != Token::Kind::Word || is_keyword(first))) {
    in_.unexpected();
  }
  engine::DocumentPath result;
  result.push_back({in_.next().text, 0, false});
  path_steps(result);
  return result;
}

void ExpressionParser::path_steps(engine::DocumentPath& result) {
  while (true) {
    if (in_.accept_symbol(".")) {
      const Token& token = in_.peek();
      if (token.kind != Token::Kind::Quoted && token.kind != Token::Kind::Word) in_.unexpected();
      result.push_back({in_.next().text, 0, false});
    } else if (in_.peek().is_symbol("[")) {
      in_.skip();
      const Token& token = in_.next();
      if (token.kind == Token::Kind::String) {
        result.push_back({token.text, 0, false});
      } else if (token.kind == Token::Kind::Number &&
                 std::all_of(token.text.begin(), token.text.end(),
                             [](char c) { return c >= '0' && c <= '9'; }) &&
                 token.text.size() <= 9) {
        result.push_back({"", static_cast<uint32_t>(std::stoul(token.text)), true});
      } else {
        malformed("Unexpected term");
      }
      in_.expect_symbol("]");
    } else {
      return;
    }
  }
}

Expr ExpressionParser::binary(Expr::Kind kind, Expr left, Expr right) {
  Expr expr;
  expr.kind = kind;
  expr.children.push_back(std::move(left));
  expr.children.push_back(std::move(right));
  return expr;
}

// The right operand of an infix operator: at the end of the statement, DynamoDB says so.
void ExpressionParser::require_right_operand() const {
  if (in_.at_end()) malformed("Missing right-hand side expression of infix operator");
}

Expr ExpressionParser::expression() {
  Nest nest(depth_);
  if (in_.at_end()) malformed("Unexpected term");
  Expr left = conjunction();
  while (in_.accept_word("OR")) {
    require_right_operand();
    left = binary(Expr::Kind::Or, std::move(left), conjunction());
  }
  return left;
}

Expr ExpressionParser::conjunction() {
  Expr left = negation();
  while (in_.accept_word("AND")) {
    require_right_operand();
    left = binary(Expr::Kind::And, std::move(left), negation());
  }
  return left;
}

Expr ExpressionParser::negation() {
  if (in_.accept_word("NOT")) {
    Nest nest(depth_);
    if (in_.at_end()) malformed("Unexpected term");
    Expr expr;
    expr.kind = Expr::Kind::Not;
    expr.children.push_back(negation());
    return expr;
  }
  return comparison();
}

Expr ExpressionParser::comparison() {
  Expr left = additive();
  static constexpr std::pair<std::string_view, engine::Comparator> kComparators[] = {
      {"=", engine::Comparator::Eq}, {"<>", engine::Comparator::Ne}, {"!=", engine::Comparator::Ne},
      {"<", engine::Comparator::Lt}, {"<=", engine::Comparator::Le}, {">", engine::Comparator::Gt},
      {">=", engine::Comparator::Ge}};
  for (auto [symbol, comparator] : kComparators) {
    if (!in_.accept_symbol(symbol)) continue;
    require_right_operand();
    Expr expr = binary(Expr::Kind::Compare, std::move(left), additive());
    expr.comparator = comparator;
    return expr;
  }
  bool negated = false;
  if (in_.peek().is_word("NOT") && (in_.peek(1).is_word("BETWEEN") || in_.peek(1).is_word("IN"))) {
    in_.skip();
    negated = true;
  }
  Expr result;
  if (in_.accept_word("BETWEEN")) {
    require_right_operand();
    result.kind = Expr::Kind::Between;
    result.children.push_back(std::move(left));
    result.children.push_back(additive());
    in_.expect_word("AND");
    require_right_operand();
    result.children.push_back(additive());
  } else if (in_.accept_word("IN")) {
    require_right_operand();
    result.kind = Expr::Kind::In;
    result.children.push_back(std::move(left));
    bool bracket = in_.accept_symbol("[");
    if (!bracket) in_.expect_symbol("(");
    do {
      result.children.push_back(additive());
    } while (in_.accept_symbol(","));
    in_.expect_symbol(bracket ? "]" : ")");
  } else if (in_.accept_word("IS")) {
    result.kind = Expr::Kind::Is;
    result.negated = in_.accept_word("NOT");
    if (in_.accept_word("MISSING")) {
      result.is_missing = true;
    } else if (!in_.accept_word("NULL")) {
      malformed("Expected type name");
    }
    result.children.push_back(std::move(left));
    return result;
  } else {
    return left;
  }
  if (!negated) return result;
  Expr negation;
  negation.kind = Expr::Kind::Not;
  negation.children.push_back(std::move(result));
  return negation;
}

Expr ExpressionParser::additive() {
  Expr left = primary();
  while (true) {
    Expr::Kind kind;
    if (in_.accept_symbol("+")) {
      kind = Expr::Kind::Add;
    } else if (in_.accept_symbol("-")) {
      kind = Expr::Kind::Subtract;
    } else {
      return left;
    }
    require_right_operand();
    left = binary(kind, std::move(left), primary());
  }
}

Expr ExpressionParser::literal(engine::AttributeValue value) {
  Expr expr;
  expr.kind = Expr::Kind::Literal;
  expr.value = std::move(value);
  return expr;
}

Expr ExpressionParser::number(std::string_view text, bool negative) {
  std::string written = negative ? "-" + std::string(text) : std::string(text);
  try {
    return literal(engine::AttributeValue::number(engine::Number::parse(written)));
  } catch (const Error& error) {
    // DynamoDB names where the number sits; at the top of a literal, "root" (captured from AWS).
    throw Error::validation(error.message() + " under root");
  }
}

Expr ExpressionParser::primary() {
  Nest nest(depth_);
  const Token& token = in_.peek();
  switch (token.kind) {
    case Token::Kind::String:
      return literal(engine::AttributeValue::string(in_.next().text));
    case Token::Kind::Number:
      return number(in_.next().text, false);
    case Token::Kind::Quoted: {
      Expr expr;
      expr.kind = Expr::Kind::Path;
      expr.path.push_back({in_.next().text, 0, false});
      path_steps(expr.path);
      return expr;
    }
    case Token::Kind::Word:
      return word();
    case Token::Kind::End:
      malformed("Unexpected term");
    case Token::Kind::Symbol:
      break;
  }
  if (in_.accept_symbol("?")) {
    Expr expr;
    expr.kind = Expr::Kind::Parameter;
    expr.parameter = parameters_++;
    return expr;
  }
  if (in_.accept_symbol("-") && in_.peek().kind == Token::Kind::Number)
    return number(in_.next().text, true);
  if (in_.accept_symbol("(")) {
    Expr inner = expression();
    in_.expect_symbol(")");
    return inner;
  }
  if (in_.accept_symbol("[")) return sequence(Expr::Kind::List, "]");
  if (in_.accept_symbol("<<")) return sequence(Expr::Kind::Set, ">>");
  if (in_.accept_symbol("{")) return map();
  in_.unexpected();
}

Expr ExpressionParser::sequence(Expr::Kind kind, std::string_view close) {
  Expr expr;
  expr.kind = kind;
  if (in_.accept_symbol(close)) return expr;
  do {
    expr.children.push_back(expression());
  } while (in_.accept_symbol(","));
  in_.expect_symbol(close);
  return expr;
}

Expr ExpressionParser::map() {
  Expr expr;
  expr.kind = Expr::Kind::Map;
  if (in_.accept_symbol("}")) return expr;
  do {
    const Token& key = in_.peek();
    if (key.kind != Token::Kind::String && key.kind != Token::Kind::Quoted) in_.unexpected();
    expr.keys.push_back(in_.next().text);
    in_.expect_symbol(":");
    expr.children.push_back(expression());
  } while (in_.accept_symbol(","));
  in_.expect_symbol("}");
  return expr;
}

Expr ExpressionParser::word() {
  if (in_.accept_word("TRUE")) return literal(engine::AttributeValue::boolean(true));
  if (in_.accept_word("FALSE")) return literal(engine::AttributeValue::boolean(false));
  if (in_.accept_word("NULL")) return literal(engine::AttributeValue::null());
  if (in_.accept_word("MISSING")) {
    Expr expr;
    expr.kind = Expr::Kind::Missing;
    return expr;
  }
  const Token& token = in_.peek();
  if (in_.peek(1).is_symbol("(") && !is_keyword(token)) {
    Expr expr;
    expr.kind = Expr::Kind::Call;
    for (char c : in_.next().text) {
      expr.name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    in_.skip();  // (
    if (!in_.accept_symbol(")")) {
      do {
        expr.children.push_back(expression());
      } while (in_.accept_symbol(","));
      in_.expect_symbol(")");
    }
    return expr;
  }
  if (is_keyword(token)) in_.unexpected();
  Expr expr;
  expr.kind = Expr::Kind::Path;
  expr.path.push_back({in_.next().text, 0, false});
  path_steps(expr.path);
  return expr;
}

}  // namespace ddb::protocol::partiql
