#include "protocol/partiql/translate.h"

#include <algorithm>
#include <string>
#include <utility>

#include "engine/error.h"
#include "protocol/json/value_json.h"
#include "protocol/partiql/messages.h"

namespace ddb::protocol::partiql {

namespace {

using engine::AttributeValue;
using engine::Condition;
using engine::Error;
using engine::Operand;
using engine::Type;

void collect_conjuncts(const Expr& expr, std::vector<const Expr*>& out) {
  if (expr.kind == Expr::Kind::And) {
    collect_conjuncts(expr.children[0], out);
    collect_conjuncts(expr.children[1], out);
  } else {
    out.push_back(&expr);
  }
}

Operand path_operand(const engine::DocumentPath& path) {
  Operand operand;
  operand.kind = Operand::Kind::Path;
  operand.path = path;
  return operand;
}

Operand value_operand(AttributeValue value) {
  Operand operand;
  operand.kind = Operand::Kind::Value;
  operand.value = std::move(value);
  return operand;
}

bool is_key_type(Type type) { return type == Type::S || type == Type::N || type == Type::B; }

[[noreturn]] void not_boolean() {
  // DynamoDB Local's message for a WHERE that is a bare value or path.
  throw Error::validation("WHERE clause must contain an expression that resolves to a boolean");
}

[[noreturn]] void missing_outside_is() {
  throw Error::validation("MISSING must be compared using IS operator");
}

AttributeValue set_of(std::vector<AttributeValue> members) {
  if (members.empty()) throw Error::validation("Empty bags are not supported");
  Type type = members[0].type();
  bool same = std::all_of(members.begin(), members.end(),
                          [type](const AttributeValue& v) { return v.type() == type; });
  if (!same || !is_key_type(type)) {
    throw Error::validation(
        "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
  }
  if (type == Type::N) {
    std::vector<engine::Number> numbers;
    for (const AttributeValue& v : members) {
      if (std::find(numbers.begin(), numbers.end(), v.as_number()) == numbers.end()) {
        numbers.push_back(v.as_number());
      }
    }
    return AttributeValue::number_set(std::move(numbers));
  }
  std::vector<std::string> strings;
  for (const AttributeValue& v : members) {
    const std::string& s = type == Type::S ? v.as_string() : v.as_binary();
    if (std::find(strings.begin(), strings.end(), s) == strings.end()) strings.push_back(s);
  }
  return type == Type::S ? AttributeValue::string_set(std::move(strings))
                         : AttributeValue::binary_set(std::move(strings));
}

}  // namespace

std::vector<const Expr*> conjuncts(const Expr& expr) {
  std::vector<const Expr*> out;
  collect_conjuncts(expr, out);
  return out;
}

bool Translator::is_constant(const Expr& expr) {
  switch (expr.kind) {
    case Expr::Kind::Literal:
    case Expr::Kind::Parameter:
      return true;
    case Expr::Kind::List:
    case Expr::Kind::Map:
    case Expr::Kind::Set:
      return std::all_of(expr.children.begin(), expr.children.end(),
                         [](const Expr& child) { return is_constant(child); });
    default:
      return false;
  }
}

AttributeValue Translator::constant(const Expr& expr) const {
  switch (expr.kind) {
    case Expr::Kind::Literal:
      return expr.value;
    case Expr::Kind::Parameter:
      return parameters_.at(expr.parameter);
    case Expr::Kind::List: {
      engine::List list;
      for (const Expr& child : expr.children) list.push_back(constant(child));
      return AttributeValue::list(std::move(list));
    }
    case Expr::Kind::Map: {
      engine::Map map;
      for (std::size_t i = 0; i < expr.keys.size(); ++i) {
        if (map.contains(expr.keys[i])) {
          throw Error::validation("Duplicate keys in tuple. Key: " + expr.keys[i] + " under root");
        }
        map.emplace(expr.keys[i], constant(expr.children[i]));
      }
      return AttributeValue::map(std::move(map));
    }
    case Expr::Kind::Set: {
      std::vector<AttributeValue> members;
      for (const Expr& child : expr.children) members.push_back(constant(child));
      return set_of(std::move(members));
    }
    case Expr::Kind::Missing:
      missing_outside_is();
    default:
      // A path or an operator where only a value may stand (an INSERT's item, a set's member).
      throw Error::validation(std::string(kNotWellFormed) + "Unexpected term");
  }
}

Operand Translator::operand(const Expr& expr, bool update) const {
  if (is_constant(expr)) return value_operand(constant(expr));
  switch (expr.kind) {
    case Expr::Kind::Path:
      return path_operand(expr.path);
    case Expr::Kind::Missing:
      missing_outside_is();
    case Expr::Kind::Call:
      if (expr.name == "size" && expr.children.size() == 1 &&
          expr.children[0].kind == Expr::Kind::Path) {
        Operand size;
        size.kind = Operand::Kind::Size;
        size.path = expr.children[0].path;
        return size;
      }
      if (update && expr.name == "list_append" && expr.children.size() == 2) {
        Operand append;
        append.kind = Operand::Kind::ListAppend;
        append.operands = {operand(expr.children[0], true), operand(expr.children[1], true)};
        return append;
      }
      if (update && expr.name == "if_not_exists" && expr.children.size() == 2 &&
          expr.children[0].kind == Expr::Kind::Path) {
        Operand fallback;
        fallback.kind = Operand::Kind::IfNotExists;
        fallback.path = expr.children[0].path;
        fallback.operands = {operand(expr.children[1], true)};
        return fallback;
      }
      throw Error::validation("Unrecognized function: " + expr.name);
    case Expr::Kind::Add:
    case Expr::Kind::Subtract:
      if (update) {
        Operand arithmetic;
        arithmetic.kind =
            expr.kind == Expr::Kind::Add ? Operand::Kind::Add : Operand::Kind::Subtract;
        arithmetic.operands = {operand(expr.children[0], true), operand(expr.children[1], true)};
        return arithmetic;
      }
      throw Error::validation(std::string("Unsupported operator in Condition Expression. ") +
                              "Operator: " + (expr.kind == Expr::Kind::Add ? "+" : "-"));
    default:
      not_boolean();
  }
}

Condition Translator::condition(const Expr& expr) const {
  switch (expr.kind) {
    case Expr::Kind::Compare: {
      if (expr.children[0].kind == Expr::Kind::Missing ||
          expr.children[1].kind == Expr::Kind::Missing) {
        missing_outside_is();
      }
      Condition compare =
          Condition::of(Condition::Kind::Compare,
                        {operand(expr.children[0], false), operand(expr.children[1], false)});
      compare.comparator = expr.comparator;
      return compare;
    }
    case Expr::Kind::Between:
      return Condition::of(Condition::Kind::Between,
                           {operand(expr.children[0], false), operand(expr.children[1], false),
                            operand(expr.children[2], false)});
    case Expr::Kind::In: {
      std::vector<Operand> operands;
      for (const Expr& child : expr.children) operands.push_back(operand(child, false));
      return Condition::of(Condition::Kind::In, std::move(operands));
    }
    case Expr::Kind::And:
      return Condition::over(Condition::Kind::And,
                             {condition(expr.children[0]), condition(expr.children[1])});
    case Expr::Kind::Or:
      return Condition::over(Condition::Kind::Or,
                             {condition(expr.children[0]), condition(expr.children[1])});
    case Expr::Kind::Not:
      return Condition::over(Condition::Kind::Not, {condition(expr.children[0])});
    case Expr::Kind::Is: {
      const Expr& subject = expr.children[0];
      if (subject.kind != Expr::Kind::Path) {
        throw Error::validation(
            "The left hand side argument to IS must be a Variable Reference, Literal, or Path");
      }
      Condition missing =
          Condition::of(Condition::Kind::AttributeNotExists, {path_operand(subject.path)});
      Condition result = missing;
      if (!expr.is_missing) {
        // PartiQL's IS NULL holds for a NULL value and for a missing attribute alike.
        Condition null_type = Condition::of(
            Condition::Kind::AttributeType,
            {path_operand(subject.path), value_operand(AttributeValue::string("NULL"))});
        result = Condition::over(Condition::Kind::Or, {std::move(null_type), std::move(missing)});
      }
      if (expr.negated) return Condition::over(Condition::Kind::Not, {std::move(result)});
      return result;
    }
    case Expr::Kind::Call: {
      const std::string& name = expr.name;
      const std::size_t arity = expr.children.size();
      if ((name == "begins_with" || name == "contains") && arity == 2) {
        return Condition::of(
            name == "contains" ? Condition::Kind::Contains : Condition::Kind::BeginsWith,
            {operand(expr.children[0], false), operand(expr.children[1], false)});
      }
      if (name == "attribute_type" && arity == 2 && expr.children[0].kind == Expr::Kind::Path) {
        return Condition::of(Condition::Kind::AttributeType, {path_operand(expr.children[0].path),
                                                              operand(expr.children[1], false)});
      }
      if ((name == "attribute_exists" || name == "attribute_not_exists") && arity == 1 &&
          expr.children[0].kind == Expr::Kind::Path) {
        return Condition::of(name == "attribute_exists" ? Condition::Kind::AttributeExists
                                                        : Condition::Kind::AttributeNotExists,
                             {path_operand(expr.children[0].path)});
      }
      if (name == "size") not_boolean();
      throw Error::validation("Unrecognized function: " + name);
    }
    case Expr::Kind::Missing:
      missing_outside_is();
    default:
      not_boolean();
  }
}

std::vector<engine::UpdateAction> Translator::actions(
    const std::vector<UpdateClause>& clauses) const {
  std::vector<engine::UpdateAction> actions;
  for (const UpdateClause& clause : clauses) {
    engine::UpdateAction action;
    action.path = clause.path;
    if (clause.remove) {
      action.kind = engine::UpdateAction::Kind::Remove;
      actions.push_back(std::move(action));
      continue;
    }
    const Expr& value = clause.value;
    if (value.kind == Expr::Kind::Call && (value.name == "set_add" || value.name == "set_delete")) {
      // SET s = set_add(s, <<'x'>>) is UpdateExpression's ADD s :set; set_delete its DELETE
      // (DynamoDB Local's messages for the misuses).
      std::string upper = value.name == "set_add" ? "ADD" : "DELETE";
      if (value.children.size() != 2) {
        throw Error::validation("SET_" + upper + " must have exactly two arguments");
      }
      if (value.children[0].kind != Expr::Kind::Path || value.children[0].path != clause.path) {
        throw Error::validation("The first argument to SET_" + upper +
                                " must equal the assignment value");
      }
      AttributeValue members =
          is_constant(value.children[1]) ? constant(value.children[1]) : AttributeValue::null();
      Type type = members.type();
      if (type != Type::SS && type != Type::NS && type != Type::BS) {
        throw Error::validation("The second argument to SET_" + upper +
                                " must be a value with type SET");
      }
      action.kind = value.name == "set_add" ? engine::UpdateAction::Kind::Add
                                            : engine::UpdateAction::Kind::Delete;
      action.value = value_operand(std::move(members));
      actions.push_back(std::move(action));
      continue;
    }
    action.kind = engine::UpdateAction::Kind::Set;
    action.value = operand(value, true);
    actions.push_back(std::move(action));
  }
  return actions;
}

engine::Item Translator::item(const Expr& value) const {
  if (value.kind != Expr::Kind::Map) {
    // DynamoDB Local's message for an INSERT whose VALUE is not a {...} tuple.
    throw Error::validation(
        "Unsupported format in item expression. Please use struct format {...} to express item "
        "values for insert statement.");
  }
  return constant(value).as_map();
}

}  // namespace ddb::protocol::partiql
