#include "protocol/expr/operand_checks.h"

#include <optional>
#include <string>

#include "engine/error.h"
#include "protocol/expr/document_paths.h"
#include "protocol/json/value_json.h"

namespace ddb::protocol::expr {

namespace {

using engine::Type;
using OperandKind = engine::Operand::Kind;
using ConditionKind = engine::Condition::Kind;

[[noreturn]] void fail(ExpressionKind kind, const std::string& what) {
  throw engine::Error::validation(std::string("Invalid ") + kind_name(kind) + ": " + what);
}

[[noreturn]] void incorrect_type(ExpressionKind kind, const std::string& function,
                                 const std::string& type) {
  fail(kind, "Incorrect operand type for operator or function; operator or function: " + function +
                 ", operand type: " + type);
}

[[noreturn]] void requires_path(ExpressionKind kind, const std::string& function) {
  fail(kind, "Operator or function requires a document path; operator or function: " + function);
}

// The type an operand has whatever the item holds: a :value's, N for size() and arithmetic, L for
// list_append, if_not_exists's fallback's; nothing for a path.
std::optional<Type> known_type(const engine::Operand& operand) {
  switch (operand.kind) {
    case OperandKind::Value:
      return operand.value.type();
    case OperandKind::Size:
    case OperandKind::Add:
    case OperandKind::Subtract:
      return Type::N;
    case OperandKind::ListAppend:
      return Type::L;
    case OperandKind::IfNotExists:
      if (operand.operands.size() < 2) return std::nullopt;
      return known_type(operand.operands[1]);
    case OperandKind::Path:
      return std::nullopt;
  }
  return std::nullopt;
}

// Only a :value's type (dynalite's getImmediateType): list_append and arithmetic look no further.
std::optional<Type> immediate_type(const engine::Operand& operand) {
  if (operand.kind != OperandKind::Value) return std::nullopt;
  return operand.value.type();
}

bool is_scalar_key_type(Type type) { return type == Type::S || type == Type::N || type == Type::B; }

const char* comparator_symbol(engine::Comparator comparator) {
  switch (comparator) {
    case engine::Comparator::Eq:
      return "=";
    case engine::Comparator::Ne:
      return "<>";
    case engine::Comparator::Lt:
      return "<";
    case engine::Comparator::Le:
      return "<=";
    case engine::Comparator::Gt:
      return ">";
    case engine::Comparator::Ge:
      return ">=";
  }
  return "";
}

// The operator name DynamoDB's distinct-operand message uses.
const char* leaf_name(const engine::Condition& leaf) {
  switch (leaf.kind) {
    case ConditionKind::BeginsWith:
      return "begins_with";
    case ConditionKind::Contains:
      return "contains";
    case ConditionKind::AttributeType:
      return "attribute_type";
    default:
      return comparator_symbol(leaf.comparator);
  }
}

// size() operands anywhere under `operand`, innermost first (the grammar checks each function as
// it reduces it).
void check_sizes(const engine::Operand& operand, ExpressionKind kind) {
  for (const engine::Operand& child : operand.operands) check_sizes(child, kind);
  if (operand.kind != OperandKind::Size || operand.operands.empty()) return;
  std::optional<Type> type = known_type(operand.operands[0]);
  if (type && (*type == Type::N || *type == Type::BOOL || *type == Type::NUL)) {
    incorrect_type(kind, "size", engine::type_name(*type));
  }
}

// "AttributeValue: {N:1}", as DynamoDB renders a BETWEEN bound.
std::string render_bound(const engine::AttributeValue& value) {
  Json json = value_to_json(value);
  auto member = json.begin();
  const Json& text = member.value();
  return "AttributeValue: {" + member.key() + ":" +
         (text.is_string() ? text.get<std::string>() : text.dump()) + "}";
}

void check_between(const engine::Condition& leaf, ExpressionKind kind) {
  for (const engine::Operand& operand : leaf.operands) {
    std::optional<Type> type = immediate_type(operand);
    if (type && !is_scalar_key_type(*type))
      incorrect_type(kind, "BETWEEN", engine::type_name(*type));
  }
  const engine::Operand& lower = leaf.operands[1];
  const engine::Operand& upper = leaf.operands[2];
  if (!immediate_type(lower) || !immediate_type(upper)) return;
  const std::string bounds = "lower bound operand: " + render_bound(lower.value) +
                             ", upper bound operand: " + render_bound(upper.value);
  if (lower.value.type() != upper.value.type()) {
    fail(kind,
         "The BETWEEN operator requires same data type for lower and upper bounds; " + bounds);
  }
  if (engine::compare_keys(lower.value, upper.value) > 0) {
    fail(kind,
         "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; " +
             bounds);
  }
}

void check_attribute_type(const engine::Condition& leaf, ExpressionKind kind) {
  const engine::Operand& type_operand = leaf.operands[1];
  std::optional<Type> type = known_type(type_operand);
  if (type != Type::S) {
    incorrect_type(kind, "attribute_type",
                   type ? engine::type_name(*type) : "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
  }
  const std::string& name = type_operand.value.as_string();
  for (const char* valid : {"S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M"}) {
    if (name == valid) return;
  }
  fail(kind, "Invalid attribute type name found; type: " + name +
                 ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
}

// DynamoDB's names for value types in ADD and DELETE messages.
const char* update_type_name(Type type) {
  switch (type) {
    case Type::S:
      return "STRING";
    case Type::N:
      return "NUMBER";
    case Type::B:
      return "BINARY";
    case Type::NUL:
      return "NULL";
    case Type::BOOL:
      return "BOOLEAN";
    case Type::L:
      return "LIST";
    case Type::M:
      return "MAP";
    default:
      return nullptr;  // sets are always allowed
  }
}

}  // namespace

void check_condition_operands(const engine::Condition& leaf, ExpressionKind kind) {
  bool two_operand =
      leaf.kind == ConditionKind::Compare || leaf.kind == ConditionKind::BeginsWith ||
      leaf.kind == ConditionKind::Contains || leaf.kind == ConditionKind::AttributeType;
  if (two_operand && leaf.operands.size() == 2 && leaf.operands[0].kind == OperandKind::Path &&
      leaf.operands[1].kind == OperandKind::Path &&
      leaf.operands[0].path == leaf.operands[1].path) {
    fail(kind, std::string("The first operand must be distinct from the remaining operands for "
                           "this operator or function; operator: ") +
                   leaf_name(leaf) + ", first operand: " + describe_path(leaf.operands[0].path));
  }
  for (const engine::Operand& operand : leaf.operands) check_sizes(operand, kind);
  switch (leaf.kind) {
    case ConditionKind::AttributeExists:
      if (leaf.operands[0].kind != OperandKind::Path) requires_path(kind, "attribute_exists");
      break;
    case ConditionKind::AttributeNotExists:
      if (leaf.operands[0].kind != OperandKind::Path) requires_path(kind, "attribute_not_exists");
      break;
    case ConditionKind::BeginsWith:
      for (const engine::Operand& operand : leaf.operands) {
        std::optional<Type> type = known_type(operand);
        if (type && *type != Type::S && *type != Type::B) {
          incorrect_type(kind, "begins_with", engine::type_name(*type));
        }
      }
      break;
    case ConditionKind::AttributeType:
      check_attribute_type(leaf, kind);
      break;
    case ConditionKind::Between:
      check_between(leaf, kind);
      break;
    case ConditionKind::Compare:
      // Ordering needs S, N or B, as in a KeyConditionExpression (paritysuite: "operator or
      // function: <, operand type: BOOL").
      if (leaf.comparator == engine::Comparator::Eq || leaf.comparator == engine::Comparator::Ne) {
        break;
      }
      for (const engine::Operand& operand : leaf.operands) {
        std::optional<Type> type = immediate_type(operand);
        if (type && !is_scalar_key_type(*type)) {
          incorrect_type(kind, comparator_symbol(leaf.comparator), engine::type_name(*type));
        }
      }
      break;
    default:
      break;
  }
}

void check_update_value(const engine::UpdateAction& action) {
  using ActionKind = engine::UpdateAction::Kind;
  if (action.kind != ActionKind::Add && action.kind != ActionKind::Delete) return;
  Type type = action.value.value.type();
  if (action.kind == ActionKind::Add && type == Type::N) return;
  if (const char* name = update_type_name(type)) {
    fail(ExpressionKind::Update,
         std::string("Incorrect operand type for operator or function; operator: ") +
             (action.kind == ActionKind::Add ? "ADD" : "DELETE") + ", operand type: " + name);
  }
}

void check_set_operand(const engine::Operand& operand) {
  constexpr ExpressionKind kind = ExpressionKind::Update;
  for (const engine::Operand& child : operand.operands) check_set_operand(child);
  const auto require = [&](const char* function, Type wanted) {
    for (const engine::Operand& argument : operand.operands) {
      std::optional<Type> type = immediate_type(argument);
      if (type && *type != wanted) incorrect_type(kind, function, engine::type_name(*type));
    }
  };
  switch (operand.kind) {
    case OperandKind::IfNotExists:
      if (operand.operands[0].kind != OperandKind::Path) requires_path(kind, "if_not_exists");
      break;
    case OperandKind::ListAppend:
      require("list_append", Type::L);
      break;
    case OperandKind::Add:
      require("+", Type::N);
      break;
    case OperandKind::Subtract:
      require("-", Type::N);
      break;
    default:
      break;
  }
}

}  // namespace ddb::protocol::expr
