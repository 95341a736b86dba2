#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ddb::protocol::expr {

// The syntax trees of DynamoDB's expression language, as written: `#name` and `:value` placeholders
// are kept unresolved, and bare attribute names keep their spelling. Every node is a plain value
// (copyable, comparable), so a resolver can walk one tree and build a resolved copy.

// Which request parameter an expression came from; it prefixes every message
// ("Invalid ConditionExpression: ...").
enum class ExpressionKind : uint8_t { Condition, KeyCondition, Filter, Projection, Update };

// The parameter name: "ConditionExpression", "KeyConditionExpression", "FilterExpression",
// "ProjectionExpression" or "UpdateExpression".
const char* kind_name(ExpressionKind kind);

// One step of a document path.
struct PathElement {
  enum class Kind : uint8_t {
    Name,             // a bare attribute name or map key, as written: `Price`, the `b` of `a.b`
    NamePlaceholder,  // `#n`, kept with its '#'
    Index,            // `[3]`
  };
  Kind kind = Kind::Name;
  std::string name;    // Name and NamePlaceholder
  uint32_t index = 0;  // Index

  friend bool operator==(const PathElement&, const PathElement&) = default;
};

// A document path: a first element (Name or NamePlaceholder), then map-key steps (`.name`, `.#n`)
// and list-index steps (`[N]`). Never empty.
struct Path {
  std::vector<PathElement> elements;

  friend bool operator==(const Path&, const Path&) = default;
};

// `:value`, kept with its ':'.
struct ValueRef {
  std::string name;

  friend bool operator==(const ValueRef&, const ValueRef&) = default;
};

struct Operand;

// `name(arg, ...)`. The name is as written (function names are case-sensitive). Which names are
// known and where each may appear is checked by the parser; the number of arguments is checked by
// check_operand_counts() after name resolution (see checks.h).
struct FunctionCall {
  std::string name;
  std::vector<Operand> args;  // at least one

  friend bool operator==(const FunctionCall&, const FunctionCall&) = default;
};

enum class ArithmeticOp : uint8_t { Plus, Minus };

// `a + b` or `a - b`; only as an UpdateExpression SET value.
struct Arithmetic {
  ArithmeticOp op = ArithmeticOp::Plus;
  std::vector<Operand> operands;  // exactly two: left, right

  friend bool operator==(const Arithmetic&, const Arithmetic&) = default;
};

// Something that produces a value: a document path, a `:value`, a function call (`size(a)`, and in
// SET values `if_not_exists(...)`, `list_append(...)`), or (SET values only) arithmetic.
struct Operand {
  std::variant<Path, ValueRef, FunctionCall, Arithmetic> node;

  friend bool operator==(const Operand&, const Operand&) = default;
};

enum class Comparator : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

// "=", "<>", "<", "<=", ">", ">=" (the operator as DynamoDB names it in messages).
const char* comparator_symbol(Comparator op);

struct Condition;

// `a = b` etc.
struct Comparison {
  Comparator op = Comparator::Eq;
  Operand left;
  Operand right;

  friend bool operator==(const Comparison&, const Comparison&) = default;
};

// `value BETWEEN lower AND upper`.
struct Between {
  Operand value;
  Operand lower;
  Operand upper;

  friend bool operator==(const Between&, const Between&) = default;
};

// `value IN (candidate, ...)`.
struct In {
  Operand value;
  std::vector<Operand> candidates;  // at least one; more than 100 is rejected by checks

  friend bool operator==(const In&, const In&) = default;
};

enum class LogicalOp : uint8_t { And, Or, Not };

// `a AND b`, `a OR b` (two operands; both right-associative, as in DynamoDB's grammar, so
// `a AND b AND c` is `a AND (b AND c)`), or `NOT a` (one operand).
struct Logical {
  LogicalOp op = LogicalOp::And;
  std::vector<Condition> operands;

  friend bool operator==(const Logical&, const Logical&) = default;
};

// A ConditionExpression, FilterExpression or KeyConditionExpression (one grammar). A FunctionCall
// here is a function used as a condition: attribute_exists, attribute_not_exists, attribute_type,
// begins_with or contains. Parentheses leave no node.
struct Condition {
  std::variant<Comparison, Between, In, FunctionCall, Logical> node;

  friend bool operator==(const Condition&, const Condition&) = default;
};

enum class UpdateClause : uint8_t { Set, Remove, Add, Delete };

// "SET", "REMOVE", "ADD", "DELETE".
const char* clause_name(UpdateClause clause);

// One action of an UpdateExpression. `value` is the SET value (any Operand), the ValueRef of an
// ADD or DELETE, and empty for REMOVE.
struct UpdateAction {
  UpdateClause clause = UpdateClause::Set;
  Path path;
  std::optional<Operand> value;

  friend bool operator==(const UpdateAction&, const UpdateAction&) = default;
};

// An UpdateExpression: its actions in source order across all clauses (DynamoDB reports overlapping
// paths in that order), and its clause keywords in source order. After parse_update() each clause
// appears at most once.
struct UpdateExpression {
  std::vector<UpdateAction> actions;
  std::vector<UpdateClause> clauses;

  friend bool operator==(const UpdateExpression&, const UpdateExpression&) = default;
};

// A ProjectionExpression: its paths in source order.
struct Projection {
  std::vector<Path> paths;

  friend bool operator==(const Projection&, const Projection&) = default;
};

// Compact debug renderings for tests and logs. Paths print as written (`a.#b[2]`); operators are
// fully parenthesized so precedence is visible: `((a = :v) AND (NOT (b < :w)))`,
// `(x BETWEEN :lo AND :hi)`, `(x IN (:a, :b))`, `begins_with(a, :p)`, `(a + :one)`.
// Update: `SET a = :v, REMOVE b, ADD c :n, DELETE d :s` (actions in source order).
std::string to_string(const Condition& condition);
std::string to_string(const UpdateExpression& update);
std::string to_string(const Projection& projection);

}  // namespace ddb::protocol::expr
