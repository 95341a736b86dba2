#include "protocol/partiql/parser.h"

#include <string>
#include <utility>

#include "engine/error.h"
#include "protocol/partiql/expression_parser.h"
#include "protocol/partiql/messages.h"
#include "protocol/partiql/token_cursor.h"

namespace ddb::protocol::partiql {

namespace {

using engine::Error;

class Parser : TokenCursor {
 public:
  explicit Parser(std::string_view text) : TokenCursor(text), expressions_(*this) {}

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
    if (peek().is_symbol(";")) skip();
    if (peek().kind != Token::Kind::End) malformed("Unexpected token after expression");
    result.parameter_count = expressions_.parameters();
    return result;
  }

 private:
  // A table or index name: a double-quoted or bare identifier.
  std::string name() {
    const Token& token = peek();
    if (token.kind == Token::Kind::Quoted ||
        (token.kind == Token::Kind::Word && !is_keyword(token))) {
      skip();
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
        statement.projection.push_back(expressions_.path());
      } while (accept_symbol(","));
    }
    if (!accept_word("FROM")) unexpected();
    if (at_end()) malformed("Unexpected term");
    source(statement, true);
    if (peek().is_symbol(",") || peek().is_word("JOIN")) {
      // DynamoDB Local's message for a SELECT over several tables.
      throw Error::validation("Only select from a single table or index is supported.");
    }
    if (accept_word("WHERE")) statement.where = expressions_.expression();
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
    statement.value = expressions_.expression();
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
          clause.path = expressions_.path();
          expect_symbol("=");
          clause.value = expressions_.expression();
          statement.updates.push_back(std::move(clause));
        } while (accept_symbol(","));
      } else if (accept_word("REMOVE")) {
        do {
          UpdateClause clause;
          clause.remove = true;
          clause.path = expressions_.path();
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
    statement.where = expressions_.expression();
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

  ExpressionParser expressions_;
};

}  // namespace

Statement parse_statement(std::string_view text) { return Parser(text).statement(); }

}  // namespace ddb::protocol::partiql
