#include "protocol/partiql/parser.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "engine/number.h"
#include "protocol/partiql/lexer.h"
#include "protocol/partiql/messages.h"

namespace ddb::protocol::partiql {

namespace {

using engine::Error;

[[noreturn]] void malformed(std::string_view detail) {
  throw Error::validation(std::string(kNotWellFormed) + std::string(detail));
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

// Operators that cannot start a term: "Unexpected operator" (captured from AWS for IS and LIKE).
bool is_operator_word(const Token& token) {
  return token.is_word("IS") || token.is_word("LIKE") || token.is_word("AND") ||
         token.is_word("OR") || token.is_word("IN") || token.is_word("BETWEEN");
}

class Parser {
 public:
  explicit Parser(std::string_view text) : tokens_(tokenize(text)) {}

  Statement statement() {
    Statement result;
    if (peek().is_word("SELECT")) {
      result = select();
    } else if (peek().is_word("INSERT")) {
      result = insert();
    } else if (peek().is_word("UPDATE")) {
      result = update();
    } else if (peek().is_word("DELETE")) {
      result = remove();
    } else if (peek().is_word("EXISTS")) {
      result = exists();
    } else {
      // Captured from AWS for a statement that does not open with a DML keyword.
      malformed("Expected data manipulation");
    }
    if (peek().is_symbol(";")) ++pos_;
    if (peek().kind != Token::Kind::End) malformed("Unexpected token after expression");
    result.parameter_count = parameters_;
    return result;
  }

 private:
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

  // The detail DynamoDB gives for a token where a term should start.
  [[noreturn]] void unexpected() const {
    const Token& token = peek();
    if (is_operator_word(token)) malformed("Unexpected operator");
    if (is_keyword(token)) malformed("Unexpected keyword");
    if (token.kind == Token::Kind::End) malformed("Unexpected term");
    malformed("Unexpected term");
  }

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

  // A table or index name: a double-quoted or bare identifier.
  std::string name() {
    const Token& token = peek();
    if (token.kind == Token::Kind::Quoted ||
        (token.kind == Token::Kind::Word && !is_keyword(token))) {
      ++pos_;
      return token.text;
    }
    unexpected();
  }

  // FROM's source: "table" or "table"."index". An alias after it is refused with its own message
  // (captured from AWS: "Aliasing is not supported", with no envelope).
  void source(Statement& statement, bool allow_index) {
    statement.table = name();
    if (allow_index && accept_symbol(".")) statement.index = name();
    refuse_alias();
  }

  void refuse_alias() const {
    if (peek().is_word("AS") || (peek().kind == Token::Kind::Word && !is_keyword(peek())) ||
        peek().kind == Token::Kind::Quoted) {
      throw Error::validation("Aliasing is not supported");
    }
  }

  Statement select() {
    Statement statement;
    statement.kind = Statement::Kind::Select;
    expect_word("SELECT");
    if (accept_symbol("*")) {
      statement.select_all = true;
    } else {
      statement.select_all = false;
      do {
        statement.projection.push_back(path());
      } while (accept_symbol(","));
    }
    if (!accept_word("FROM")) unexpected();
    if (at_end()) malformed("Unexpected term");
    source(statement, true);
    if (peek().is_symbol(",") || peek().is_word("JOIN")) {
      // DynamoDB Local's message for a SELECT over several tables.
      throw Error::validation("Only select from a single table or index is supported.");
    }
    if (accept_word("WHERE")) statement.where = expression();
    if (accept_word("ORDER")) {
      expect_word("BY");
      do {
        const Token& token = peek();
        if (token.kind != Token::Kind::Quoted &&
            (token.kind != Token::Kind::Word || is_keyword(token))) {
          unexpected();
        }
        statement.order_by.push_back(next().text);
        if (accept_word("DESC")) {
          statement.descending = true;
        } else {
          accept_word("ASC");
        }
      } while (accept_symbol(","));
    }
    return statement;
  }

  Statement insert() {
    Statement statement;
    statement.kind = Statement::Kind::Insert;
    expect_word("INSERT");
    expect_word("INTO");
    statement.table = name();
    if (!accept_word("VALUE")) {
      if (peek().is_word("VALUES")) {
        // DynamoDB Local's message for the SQL form that inserts several rows.
        throw Error::validation(
            "Unsupported operation: Inserting multiple items in a single statement is not "
            "supported, use \"INSERT INTO tableName VALUE item\" instead");
      }
      malformed("Unexpected token after expression");
    }
    statement.value = expression();
    return statement;
  }

  Statement update() {
    Statement statement;
    statement.kind = Statement::Kind::Update;
    expect_word("UPDATE");
    statement.table = name();
    refuse_alias();
    while (true) {
      if (accept_word("SET")) {
        do {
          UpdateClause clause;
          clause.path = path();
          expect_symbol("=");
          clause.value = expression();
          statement.updates.push_back(std::move(clause));
        } while (accept_symbol(","));
      } else if (accept_word("REMOVE")) {
        do {
          UpdateClause clause;
          clause.remove = true;
          clause.path = path();
          statement.updates.push_back(std::move(clause));
        } while (accept_symbol(","));
      } else {
        break;
      }
    }
    if (statement.updates.empty()) unexpected();
    write_where(statement);
    return statement;
  }

  // The WHERE and RETURNING of an UPDATE or DELETE. Without a WHERE there is no key: DynamoDB
  // says so rather than reporting a syntax error (captured from AWS for the FROM-first form).
  void write_where(Statement& statement) {
    if (!accept_word("WHERE")) {
      if (at_end()) throw Error::validation(kIncompleteKey);
      malformed("Unexpected token after expression");
    }
    statement.where = expression();
    returning(statement);
  }

  Statement remove() {
    Statement statement;
    statement.kind = Statement::Kind::Delete;
    expect_word("DELETE");
    expect_word("FROM");
    const Token& token = peek();
    // Captured from AWS: DELETE FROM with no table (or WHERE where the table should be).
    if (token.kind != Token::Kind::Quoted &&
        (token.kind != Token::Kind::Word || is_keyword(token))) {
      malformed("Expected identifier for simple path");
    }
    source(statement, false);
    write_where(statement);
    return statement;
  }

  // EXISTS(SELECT * FROM "table" WHERE ...): a transaction's condition check.
  Statement exists() {
    expect_word("EXISTS");
    expect_symbol("(");
    Statement statement = select();
    expect_symbol(")");
    statement.kind = Statement::Kind::Exists;
    return statement;
  }

  void returning(Statement& statement) {
    if (!accept_word("RETURNING")) return;
    bool all = false;
    if (accept_word("ALL")) {
      all = true;
    } else if (!accept_word("MODIFIED")) {
      unexpected();
    }
    bool old = false;
    if (accept_word("OLD")) {
      old = true;
    } else if (!accept_word("NEW")) {
      unexpected();
    }
    if (!accept_symbol("*")) {
      // DynamoDB Local's message.
      throw Error::validation(
          "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause");
    }
    if (all) {
      statement.returning = old ? Returning::AllOld : Returning::AllNew;
    } else {
      statement.returning = old ? Returning::ModifiedOld : Returning::ModifiedNew;
    }
  }

  // A document path: a name, then `.name`, `[index]` or `['name']` steps.
  engine::DocumentPath path() {
    const Token& first = peek();
    if (first.kind != Token::Kind::Quoted &&
        (first.kind != Token::Kind::Word || is_keyword(first))) {
      unexpected();
    }
    engine::DocumentPath result;
    result.push_back({next().text, 0, false});
    path_steps(result);
    return result;
  }

  void path_steps(engine::DocumentPath& result) {
    while (true) {
      if (accept_symbol(".")) {
        const Token& token = peek();
        if (token.kind != Token::Kind::Quoted && token.kind != Token::Kind::Word) unexpected();
        result.push_back({next().text, 0, false});
      } else if (peek().is_symbol("[")) {
        ++pos_;
        const Token& token = next();
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
        expect_symbol("]");
      } else {
        return;
      }
    }
  }

  Expr binary(Expr::Kind kind, Expr left, Expr right) {
    Expr expr;
    expr.kind = kind;
    expr.children.push_back(std::move(left));
    expr.children.push_back(std::move(right));
    return expr;
  }

  // The right operand of an infix operator: at the end of the statement, DynamoDB says so.
  void require_right_operand() const {
    if (at_end()) malformed("Missing right-hand side expression of infix operator");
  }

  Expr expression() {
    Nest nest(depth_);
    if (at_end()) malformed("Unexpected term");
    Expr left = conjunction();
    while (accept_word("OR")) {
      require_right_operand();
      left = binary(Expr::Kind::Or, std::move(left), conjunction());
    }
    return left;
  }

  Expr conjunction() {
    Expr left = negation();
    while (accept_word("AND")) {
      require_right_operand();
      left = binary(Expr::Kind::And, std::move(left), negation());
    }
    return left;
  }

  Expr negation() {
    if (accept_word("NOT")) {
      Nest nest(depth_);
      if (at_end()) malformed("Unexpected term");
      Expr expr;
      expr.kind = Expr::Kind::Not;
      expr.children.push_back(negation());
      return expr;
    }
    return comparison();
  }

  Expr comparison() {
    Expr left = additive();
    static constexpr std::pair<std::string_view, engine::Comparator> kComparators[] = {
        {"=", engine::Comparator::Eq},  {"<>", engine::Comparator::Ne},
        {"!=", engine::Comparator::Ne}, {"<", engine::Comparator::Lt},
        {"<=", engine::Comparator::Le}, {">", engine::Comparator::Gt},
        {">=", engine::Comparator::Ge}};
    for (auto [symbol, comparator] : kComparators) {
      if (!accept_symbol(symbol)) continue;
      require_right_operand();
      Expr expr = binary(Expr::Kind::Compare, std::move(left), additive());
      expr.comparator = comparator;
      return expr;
    }
    bool negated = false;
    if (peek().is_word("NOT") && (peek(1).is_word("BETWEEN") || peek(1).is_word("IN"))) {
      ++pos_;
      negated = true;
    }
    Expr result;
    if (accept_word("BETWEEN")) {
      require_right_operand();
      result.kind = Expr::Kind::Between;
      result.children.push_back(std::move(left));
      result.children.push_back(additive());
      expect_word("AND");
      require_right_operand();
      result.children.push_back(additive());
    } else if (accept_word("IN")) {
      require_right_operand();
      result.kind = Expr::Kind::In;
      result.children.push_back(std::move(left));
      bool bracket = accept_symbol("[");
      if (!bracket) expect_symbol("(");
      do {
        result.children.push_back(additive());
      } while (accept_symbol(","));
      expect_symbol(bracket ? "]" : ")");
    } else if (accept_word("IS")) {
      result.kind = Expr::Kind::Is;
      result.negated = accept_word("NOT");
      if (accept_word("MISSING")) {
        result.is_missing = true;
      } else if (!accept_word("NULL")) {
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

  Expr additive() {
    Expr left = primary();
    while (true) {
      Expr::Kind kind;
      if (accept_symbol("+")) {
        kind = Expr::Kind::Add;
      } else if (accept_symbol("-")) {
        kind = Expr::Kind::Subtract;
      } else {
        return left;
      }
      require_right_operand();
      left = binary(kind, std::move(left), primary());
    }
  }

  Expr literal(engine::AttributeValue value) {
    Expr expr;
    expr.kind = Expr::Kind::Literal;
    expr.value = std::move(value);
    return expr;
  }

  Expr number(std::string_view text, bool negative) {
    std::string written = negative ? "-" + std::string(text) : std::string(text);
    try {
      return literal(engine::AttributeValue::number(engine::Number::parse(written)));
    } catch (const Error& error) {
      // DynamoDB names where the number sits; at the top of a literal, "root" (captured from AWS).
      throw Error::validation(error.message() + " under root");
    }
  }

  Expr primary() {
    Nest nest(depth_);
    const Token& token = peek();
    switch (token.kind) {
      case Token::Kind::String:
        return literal(engine::AttributeValue::string(next().text));
      case Token::Kind::Number:
        return number(next().text, false);
      case Token::Kind::Quoted: {
        Expr expr;
        expr.kind = Expr::Kind::Path;
        expr.path.push_back({next().text, 0, false});
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
    if (accept_symbol("?")) {
      Expr expr;
      expr.kind = Expr::Kind::Parameter;
      expr.parameter = parameters_++;
      return expr;
    }
    if (accept_symbol("-") && peek().kind == Token::Kind::Number) return number(next().text, true);
    if (accept_symbol("(")) {
      Expr inner = expression();
      expect_symbol(")");
      return inner;
    }
    if (accept_symbol("[")) return sequence(Expr::Kind::List, "]");
    if (accept_symbol("<<")) return sequence(Expr::Kind::Set, ">>");
    if (accept_symbol("{")) return map();
    unexpected();
  }

  Expr sequence(Expr::Kind kind, std::string_view close) {
    Expr expr;
    expr.kind = kind;
    if (accept_symbol(close)) return expr;
    do {
      expr.children.push_back(expression());
    } while (accept_symbol(","));
    expect_symbol(close);
    return expr;
  }

  Expr map() {
    Expr expr;
    expr.kind = Expr::Kind::Map;
    if (accept_symbol("}")) return expr;
    do {
      const Token& key = peek();
      if (key.kind != Token::Kind::String && key.kind != Token::Kind::Quoted) unexpected();
      expr.keys.push_back(next().text);
      expect_symbol(":");
      expr.children.push_back(expression());
    } while (accept_symbol(","));
    expect_symbol("}");
    return expr;
  }

  Expr word() {
    if (accept_word("TRUE")) return literal(engine::AttributeValue::boolean(true));
    if (accept_word("FALSE")) return literal(engine::AttributeValue::boolean(false));
    if (accept_word("NULL")) return literal(engine::AttributeValue::null());
    if (accept_word("MISSING")) {
      Expr expr;
      expr.kind = Expr::Kind::Missing;
      return expr;
    }
    const Token& token = peek();
    if (peek(1).is_symbol("(") && !is_keyword(token)) {
      Expr expr;
      expr.kind = Expr::Kind::Call;
      for (char c : next().text) {
        expr.name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
      ++pos_;  // (
      if (!accept_symbol(")")) {
        do {
          expr.children.push_back(expression());
        } while (accept_symbol(","));
        expect_symbol(")");
      }
      return expr;
    }
    if (is_keyword(token)) unexpected();
    Expr expr;
    expr.kind = Expr::Kind::Path;
    expr.path.push_back({next().text, 0, false});
    path_steps(expr.path);
    return expr;
  }

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::size_t parameters_ = 0;
  int depth_ = 0;
};

}  // namespace

Statement parse_statement(std::string_view text) { return Parser(text).statement(); }

}  // namespace ddb::protocol::partiql
