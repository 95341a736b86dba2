#include "protocol/expr/parser.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "protocol/expr/checks.h"
#include "protocol/expr/lexer.h"
#include "protocol/messages.h"

namespace ddb::protocol::expr {

namespace {

using engine::Error;

// DynamoDB's limit on the length of one expression, in bytes.
constexpr std::size_t kMaxExpressionBytes = 4096;
// The largest list index DynamoDB accepts in a document path.
constexpr uint64_t kMaxListIndex = 4294967294;
// Bound on parser recursion (parentheses and function arguments), so that no input can exhaust the
// stack. A valid expression never reaches it: without redundant parentheses every level holds an
// operator, and more than 300 operators are rejected anyway. See depth_exceeded().
constexpr int kMaxDepth = 320;

bool is_comparator(TokenKind kind) {
  return kind == TokenKind::Eq || kind == TokenKind::Ne || kind == TokenKind::Lt ||
         kind == TokenKind::Le || kind == TokenKind::Gt || kind == TokenKind::Ge;
}

Comparator comparator_of(TokenKind kind) {
  switch (kind) {
    case TokenKind::Ne:
      return Comparator::Ne;
    case TokenKind::Lt:
      return Comparator::Lt;
    case TokenKind::Le:
      return Comparator::Le;
    case TokenKind::Gt:
      return Comparator::Gt;
    case TokenKind::Ge:
      return Comparator::Ge;
    default:
      return Comparator::Eq;
  }
}

bool is_clause(TokenKind kind) {
  return kind == TokenKind::Set || kind == TokenKind::Remove || kind == TokenKind::Add ||
         kind == TokenKind::Delete;
}

UpdateClause clause_of(TokenKind kind) {
  switch (kind) {
    case TokenKind::Remove:
      return UpdateClause::Remove;
    case TokenKind::Add:
      return UpdateClause::Add;
    case TokenKind::Delete:
      return UpdateClause::Delete;
    default:
      return UpdateClause::Set;
  }
}

Condition logical(LogicalOp op, std::vector<Condition> operands) {
  return Condition{Logical{op, std::move(operands)}};
}

// `a op b op c` as `a op (b op c)`: AND and OR are right-associative in DynamoDB's grammar.
// Folding a list keeps the parser's recursion flat however long the chain is.
Condition fold_right(LogicalOp op, std::vector<Condition> items) {
  Condition result = std::move(items.back());
  for (std::size_t i = items.size() - 1; i-- > 0;) {
    std::vector<Condition> pair;
    pair.reserve(2);
    pair.push_back(std::move(items[i]));
    pair.push_back(std::move(result));
    result = logical(op, std::move(pair));
  }
  return result;
}

class Parser {
 public:
  Parser(std::string_view source, ExpressionKind kind)
      : source_(source), kind_(kind), tokens_(tokenize(source)) {}

  Condition condition() {
    Primary result = or_condition(false);
    expect_end();
    return std::move(*result.condition);
  }

  UpdateExpression update() {
    UpdateExpression update;
    do {
      if (!is_clause(peek().kind)) syntax_error();
      const UpdateClause clause = clause_of(advance().kind);
      update.clauses.push_back(clause);
      do {
        update.actions.push_back(action(clause));
      } while (accept(TokenKind::Comma));
    } while (peek().kind != TokenKind::End);
    return update;
  }

  Projection projection() {
    Projection projection;
    projection.paths.push_back(path());
    while (accept(TokenKind::Comma)) projection.paths.push_back(path());
    expect_end();
    return projection;
  }

  // The first list index out of range, reported once the syntax is known to be valid.
  void check_list_indexes() const {
    if (!bad_index_) return;
    fail("List index is not within the allowable range; index: [" + std::string(*bad_index_) + "]");
  }

 private:
  // What a parenthesized group or a condition primary produced: a condition, or an operand whose
  // role is not known yet (`(a)` may start `(a) = b`, `(size(a))` may be a comparison operand).
  // `parens` counts the parentheses directly around it: 1 for `(x)`; two or more around an operand
  // are redundant, and are reported once the operand's role is settled, which is when DynamoDB's
  // parser commits to it.
  struct Primary {
    std::unique_ptr<Condition> condition;
    std::unique_ptr<Operand> operand;
    int parens = 0;
  };

  // Counts one level of recursion for as long as it lives.
  class Nesting {
   public:
    explicit Nesting(Parser& parser) : parser_(parser) {
      if (++parser_.depth_ > kMaxDepth) parser_.depth_exceeded();
    }
    ~Nesting() { --parser_.depth_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;

   private:
    Parser& parser_;
  };

  const Token& peek() const { return tokens_[pos_]; }
  const Token& advance() {
    const Token& token = tokens_[pos_];
    if (token.kind != TokenKind::End) ++pos_;
    return token;
  }
  bool accept(TokenKind kind) {
    if (peek().kind != kind) return false;
    advance();
    return true;
  }
  void expect(TokenKind kind) {
    if (!accept(kind)) syntax_error();
  }
  void expect_end() {
    if (peek().kind != TokenKind::End) syntax_error();
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw Error::validation(std::string("Invalid ") + kind_name(kind_) + ": " + what);
  }

  // DynamoDB quotes the offending token and the source around it: from the start of the token
  // before it to the end of the token after it (to the end of the input when that is <EOF>).
  // Observed: "ADD hits : incr" -> token ":", near "hits : incr" (aws/aws-cdk#7591);
  // "SET" -> token "<EOF>", near "SET"; "INVALID SYNTAX HERE" -> near "INVALID SYNTAX".
  [[noreturn]] void syntax_error() const {
    const Token& token = tokens_[pos_];
    std::size_t begin = pos_ > 0 ? tokens_[pos_ - 1].begin : token.begin;
    std::size_t end = token.end;
    if (token.kind != TokenKind::End) end = tokens_[pos_ + 1].end;
    if (begin > end) begin = end;
    fail("Syntax error; token: \"" + std::string(token.text) + "\", near: \"" +
         std::string(source_.substr(begin, end - begin)) + "\"");
  }

  [[noreturn]] void redundant_parentheses() const {
    fail("The expression has redundant parentheses;");
  }

  // Only an expression that is invalid anyway gets this deep: it has more than 300 operators, or
  // redundant parentheses (a group directly inside a group). Report the one DynamoDB would.
  [[noreturn]] void depth_exceeded() const {
    std::size_t operators = 0;
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      const TokenKind kind = tokens_[i].kind;
      if (is_comparator(kind) || kind == TokenKind::Between || kind == TokenKind::In ||
          kind == TokenKind::And || kind == TokenKind::Or || kind == TokenKind::Not ||
          kind == TokenKind::Plus || kind == TokenKind::Minus ||
          (kind == TokenKind::Identifier && tokens_[i + 1].kind == TokenKind::LParen)) {
        ++operators;
      }
    }
    if (operators > kMaxOperators) {
      fail(std::string(kTooManyOperators) + std::to_string(operators));
    }
    redundant_parentheses();
  }

  // condition : condition OR condition (lowest precedence). The functions on the recursive path
  // (or/and/not/primary) keep their frames small; building nodes happens in helpers that are not
  // live during the recursion.
  Primary or_condition(bool allow_bare) {
    Primary first = and_condition(allow_bare);
    if (first.operand || peek().kind != TokenKind::Or) return first;
    return chain(LogicalOp::Or, std::move(first));
  }

  Primary and_condition(bool allow_bare) {
    Primary first = not_condition(allow_bare);
    if (first.operand || peek().kind != TokenKind::And) return first;
    return chain(LogicalOp::And, std::move(first));
  }

  // The rest of `first AND b AND c` (or OR), folded right.
  [[gnu::noinline]] Primary chain(LogicalOp op, Primary first) {
    const TokenKind separator = op == LogicalOp::And ? TokenKind::And : TokenKind::Or;
    std::vector<Condition> items;
    items.push_back(std::move(*first.condition));
    while (accept(separator)) {
      Primary next = op == LogicalOp::And ? not_condition(false) : and_condition(false);
      items.push_back(std::move(*next.condition));
    }
    return condition_primary(fold_right(op, std::move(items)), 0);
  }

  // A run of NOTs is counted rather than recursed into, so it costs no stack.
  Primary not_condition(bool allow_bare) {
    std::size_t nots = 0;
    while (accept(TokenKind::Not)) ++nots;
    if (nots == 0) return primary(allow_bare);
    return negate(primary(false), nots);
  }

  [[gnu::noinline]] static Primary negate(Primary inner, std::size_t nots) {
    Condition result = std::move(*inner.condition);
    for (; nots > 0; --nots) {
      std::vector<Condition> operand;
      operand.push_back(std::move(result));
      result = logical(LogicalOp::Not, std::move(operand));
    }
    return condition_primary(std::move(result), 0);
  }

  static Primary condition_primary(Condition condition, int parens) {
    return {std::make_unique<Condition>(std::move(condition)), nullptr, parens};
  }

  // A comparison, BETWEEN, IN, function condition or parenthesized group. With `allow_bare`
  // (directly inside a group) an operand followed by ')' comes back as an operand for the group to
  // place.
  Primary primary(bool allow_bare) {
    if (peek().kind != TokenKind::LParen) return leaf(allow_bare);
    advance();
    Primary inner;
    {
      Nesting nesting(*this);
      inner = or_condition(true);
    }
    expect(TokenKind::RParen);
    return group(std::move(inner), allow_bare);
  }

  [[gnu::noinline]] Primary leaf(bool allow_bare) {
    bool unused_parens = false;
    Operand left = operand(unused_parens);
    return tail(std::move(left), 0, allow_bare);
  }

  // Places what a group `( ... )` held, once its ')' is consumed.
  [[gnu::noinline]] Primary group(Primary inner, bool allow_bare) {
    if (inner.condition) {
      if (inner.parens > 0) redundant_parentheses();
      inner.parens = 1;
      return inner;
    }
    const TokenKind next = peek().kind;
    if (is_comparator(next) || next == TokenKind::Between || next == TokenKind::In) {
      return tail(std::move(*inner.operand), inner.parens + 1, allow_bare);
    }
    if (allow_bare && next == TokenKind::RParen) {
      ++inner.parens;
      return inner;
    }
    if (std::holds_alternative<FunctionCall>(inner.operand->node)) {
      // `(attribute_exists(a))`: a function condition in a group.
      if (inner.parens > 0) redundant_parentheses();
      return condition_primary(Condition{std::get<FunctionCall>(std::move(inner.operand->node))},
                               1);
    }
    syntax_error();
  }

  // What follows a condition's first operand: a comparator, BETWEEN or IN. A function call with
  // none of them is a function condition.
  [[gnu::noinline]] Primary tail(Operand left, int left_parens, bool allow_bare) {
    const TokenKind next = peek().kind;
    const bool settled = is_comparator(next) || next == TokenKind::Between || next == TokenKind::In;
    if (settled && left_parens > 1) redundant_parentheses();
    bool unused_parens = false;
    if (is_comparator(next)) {
      advance();
      Operand right = operand(unused_parens);
      return condition_primary(
          Condition{Comparison{comparator_of(next), std::move(left), std::move(right)}}, 0);
    }
    if (accept(TokenKind::Between)) {
      Operand lower = operand(unused_parens);
      expect(TokenKind::And);
      Operand upper = operand(unused_parens);
      return condition_primary(
          Condition{Between{std::move(left), std::move(lower), std::move(upper)}}, 0);
    }
    if (accept(TokenKind::In)) {
      expect(TokenKind::LParen);
      std::vector<Operand> candidates;
      do {
        candidates.push_back(operand(unused_parens));
      } while (accept(TokenKind::Comma));
      expect(TokenKind::RParen);
      return condition_primary(Condition{In{std::move(left), std::move(candidates)}}, 0);
    }
    if (allow_bare && next == TokenKind::RParen) {
      return {nullptr, std::make_unique<Operand>(std::move(left)), left_parens};
    }
    if (std::holds_alternative<FunctionCall>(left.node)) {
      return condition_primary(Condition{std::get<FunctionCall>(std::move(left.node))}, 0);
    }
    syntax_error();
  }

  // operand : path | :value | name(operand, ...) | '(' operand ')'. Sets `parens` when the operand
  // was parenthesized, so an enclosing group can spot `((x))`.
  Operand operand(bool& parens) {
    parens = false;
    const Token& token = peek();
    if (token.kind == TokenKind::LParen) {
      advance();
      Nesting nesting(*this);
      bool inner_parens = false;
      Operand inner = operand(inner_parens);
      expect(TokenKind::RParen);
      if (inner_parens) redundant_parentheses();
      parens = true;
      return inner;
    }
    if (token.kind == TokenKind::ValuePlaceholder) {
      advance();
      return Operand{ValueRef{std::string(token.text)}};
    }
    if (token.kind == TokenKind::Identifier && tokens_[pos_ + 1].kind == TokenKind::LParen) {
      return Operand{function_call()};
    }
    return Operand{path()};
  }

  FunctionCall function_call() {
    FunctionCall call{std::string(advance().text), {}};
    advance();  // '('
    Nesting nesting(*this);
    bool unused_parens = false;
    do {
      call.args.push_back(operand(unused_parens));
    } while (accept(TokenKind::Comma));
    expect(TokenKind::RParen);
    return call;
  }

  // path : (name | #name) ('.' (name | #name) | '[' index ']')*
  Path path() {
    Path path;
    path.elements.push_back(name_element());
    while (true) {
      if (accept(TokenKind::Dot)) {
        path.elements.push_back(name_element());
      } else if (accept(TokenKind::LBracket)) {
        if (peek().kind != TokenKind::Index) syntax_error();
        path.elements.push_back(index_element(advance().text));
        expect(TokenKind::RBracket);
      } else {
        return path;
      }
    }
  }

  PathElement name_element() {
    const Token& token = peek();
    if (token.kind == TokenKind::Identifier) {
      advance();
      return {PathElement::Kind::Name, std::string(token.text), 0};
    }
    if (token.kind == TokenKind::NamePlaceholder) {
      advance();
      return {PathElement::Kind::NamePlaceholder, std::string(token.text), 0};
    }
    syntax_error();
  }

  PathElement index_element(std::string_view digits) {
    uint64_t value = 0;
    for (const char c : digits) {
      value = value * 10 + static_cast<uint64_t>(c - '0');
      if (value > kMaxListIndex) break;
    }
    if (value > kMaxListIndex) {
      if (!bad_index_) bad_index_ = digits;
      value = 0;
    }
    return {PathElement::Kind::Index, {}, static_cast<uint32_t>(value)};
  }

  UpdateAction action(UpdateClause clause) {
    UpdateAction action{clause, path(), std::nullopt};
    switch (clause) {
      case UpdateClause::Set:
        expect(TokenKind::Eq);
        action.value = set_value().value;
        break;
      case UpdateClause::Add:
      case UpdateClause::Delete:
        if (peek().kind != TokenKind::ValuePlaceholder) syntax_error();
        action.value = Operand{ValueRef{std::string(advance().text)}};
        break;
      case UpdateClause::Remove:
        break;
    }
    return action;
  }

  struct SetValue {
    Operand value;
    bool parens = false;
    bool arithmetic = false;
  };

  // set_value : operand | operand ('+' | '-') operand | '(' set_value ')'. One + or - at most.
  SetValue set_value() {
    if (!accept(TokenKind::LParen)) {
      bool unused_parens = false;
      Operand left = operand(unused_parens);
      return arithmetic_tail(std::move(left));
    }
    SetValue inner;
    {
      Nesting nesting(*this);
      inner = set_value();
    }
    expect(TokenKind::RParen);
    if (inner.parens) redundant_parentheses();
    inner.parens = true;
    if (inner.arithmetic) return inner;
    if (peek().kind == TokenKind::Plus || peek().kind == TokenKind::Minus) {
      return arithmetic_tail(std::move(inner.value));
    }
    return inner;
  }

  [[gnu::noinline]] SetValue arithmetic_tail(Operand left) {
    const TokenKind next = peek().kind;
    if (next != TokenKind::Plus && next != TokenKind::Minus) return {std::move(left), false, false};
    advance();
    bool unused_parens = false;
    std::vector<Operand> operands;
    operands.reserve(2);
    operands.push_back(std::move(left));
    operands.push_back(operand(unused_parens));
    const ArithmeticOp op = next == TokenKind::Plus ? ArithmeticOp::Plus : ArithmeticOp::Minus;
    return {Operand{Arithmetic{op, std::move(operands)}}, false, true};
  }

  std::string_view source_;
  ExpressionKind kind_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  std::optional<std::string_view> bad_index_;
};

// The checks DynamoDB makes before it looks at the syntax.
void check_text(std::string_view text, ExpressionKind kind) {
  const std::string prefix = std::string("Invalid ") + kind_name(kind) + ": ";
  if (text.empty()) throw Error::validation(prefix + "The expression can not be empty;");
  if (text.size() > kMaxExpressionBytes) {
    // Observed: "Invalid FilterExpression: Expression size has exceeded the maximum allowed size;
    // expression size: 5872".
    throw Error::validation(prefix +
                            "Expression size has exceeded the maximum allowed size; expression "
                            "size: " +
                            std::to_string(text.size()));
  }
}

}  // namespace

Condition parse_condition(std::string_view text, ExpressionKind kind) {
  check_text(text, kind);
  Parser parser(text, kind);
  Condition condition = parser.condition();
  parser.check_list_indexes();
  check_parsed(condition, kind);
  return condition;
}

UpdateExpression parse_update(std::string_view text) {
  check_text(text, ExpressionKind::Update);
  Parser parser(text, ExpressionKind::Update);
  UpdateExpression update = parser.update();
  parser.check_list_indexes();
  check_parsed(update);
  return update;
}

Projection parse_projection(std::string_view text) {
  check_text(text, ExpressionKind::Projection);
  Parser parser(text, ExpressionKind::Projection);
  Projection projection = parser.projection();
  parser.check_list_indexes();
  check_parsed(projection);
  return projection;
}

}  // namespace ddb::protocol::expr
