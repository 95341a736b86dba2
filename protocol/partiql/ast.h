#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/condition.h"
#include "engine/document_path.h"
#include "engine/value.h"

namespace ddb::protocol::partiql {

// One expression of a PartiQL statement, as written: paths and constants are not yet checked
// against a table, and `?` parameters are not yet bound (translate.h does both).
struct Expr {
  enum class Kind : uint8_t {
    Path,       // `path`: a.b[2]."c"
    Literal,    // `value`: 'text', 12.5, TRUE, FALSE, NULL
    Missing,    // the MISSING literal
    Parameter,  // `parameter`: the zero-based index of a `?`
    List,       // [children...]
    Map,        // {'keys[i]': children[i], ...}
    Set,        // <<children...>>
    Compare,    // children {left, right}, `comparator`
    Between,    // children {value, lower, upper}
    In,         // children {value, candidate...}
    And,        // children {a, b}
    Or,         // children {a, b}
    Not,        // children {a}
    Is,         // children {a}: a IS [NOT] MISSING | NULL (`negated`, `is_missing`)
    Call,       // `name` (lower case) applied to children: begins_with, contains, size, ...
    Add,        // children {a, b}
    Subtract,   // children {a, b}
  };
  Kind kind = Kind::Literal;
  engine::Comparator comparator = engine::Comparator::Eq;
  engine::DocumentPath path;
  engine::AttributeValue value;
  std::size_t parameter = 0;
  std::string name;
  std::vector<std::string> keys;
  std::vector<Expr> children;
  bool negated = false;
  bool is_missing = false;
};

// What RETURNING asks an UPDATE or DELETE to give back.
enum class Returning : uint8_t { None, AllOld, ModifiedOld, AllNew, ModifiedNew };

// One SET or REMOVE clause of an UPDATE.
struct UpdateClause {
  bool remove = false;
  engine::DocumentPath path;
  Expr value;  // SET only
};

// One parsed statement of DynamoDB's PartiQL dialect.
struct Statement {
  // Exists: EXISTS(SELECT ... WHERE ...), a transaction's condition check; it carries the
  // SELECT's table and WHERE.
  enum class Kind : uint8_t { Select, Insert, Update, Delete, Exists };
  Kind kind = Kind::Select;
  std::string table;
  std::optional<std::string> index;  // FROM "table"."index"
  // SELECT: every attribute (`*`) or the listed paths.
  bool select_all = true;
  std::vector<engine::DocumentPath> projection;
  std::optional<Expr> where;
  // ORDER BY: the attributes named, and whether the order is descending (DESC).
  std::vector<std::string> order_by;
  bool descending = false;
  Expr value;  // INSERT: the item
  std::vector<UpdateClause> updates;
  Returning returning = Returning::None;
  std::size_t parameter_count = 0;  // the `?` in the statement

  bool reads() const { return kind == Kind::Select; }
};

}  // namespace ddb::protocol::partiql
