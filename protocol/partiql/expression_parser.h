#pragma once

#include <cstddef>

#include "engine/document_path.h"
#include "protocol/partiql/ast.h"
#include "protocol/partiql/token_cursor.h"

namespace ddb::protocol::partiql {

// Parses the expressions of a statement from `in`: WHERE clauses, values, SET values and document
// paths, with PartiQL's precedence (OR, AND, NOT, comparisons and IS/IN/BETWEEN, + and -, terms),
// nesting at most kMaxNesting deep (parser.h). Numbers `?` parameters in the order they appear.
class ExpressionParser {
 public:
  explicit ExpressionParser(TokenCursor& in) : in_(in) {}

  Expr expression();
  engine::DocumentPath path();
  // The `?` read so far.
  std::size_t parameters() const { return parameters_; }

 private:
  void path_steps(engine::DocumentPath& result);
  Expr binary(Expr::Kind kind, Expr left, Expr right);
  void require_right_operand() const;
  Expr conjunction();
  Expr negation();
  Expr comparison();
  Expr additive();
  Expr literal(engine::AttributeValue value);
  Expr number(std::string_view text, bool negative);
  Expr primary();
  Expr sequence(Expr::Kind kind, std::string_view close);
  Expr map();
  Expr word();

  TokenCursor& in_;
  std::size_t parameters_ = 0;
  int depth_ = 0;
};

}  // namespace ddb::protocol::partiql
