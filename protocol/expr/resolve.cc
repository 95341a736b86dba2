#include "protocol/expr/resolve.h"

#include <type_traits>
#include <utility>
#include <variant>

#include "engine/error.h"
#include "protocol/expr/checks.h"
#include "protocol/expr/document_paths.h"
#include "protocol/expr/operand_checks.h"

namespace ddb::protocol::expr {

namespace {

using OperandKind = engine::Operand::Kind;
using ConditionKind = engine::Condition::Kind;

engine::DocumentPath resolve_path(const Path& path, ExpressionKind kind,
                                  ExpressionAttributes& attributes) {
  engine::DocumentPath resolved;
  for (const PathElement& element : path.elements) {
    engine::PathStep step;
    if (element.kind == PathElement::Kind::Index) {
      step.index = element.index;
      step.is_index = true;
    } else {
      step.name = attributes.resolve(element, kind);
    }
    resolved.push_back(std::move(step));
  }
  return resolved;
}

// Resolves an operand in source order. Every function keeps all of its arguments in `operands`
// (the "raw" shape operand_checks.h expects), whatever their number: counts are checked after
// resolution, and finish() gives the engine's shape once every check has passed.
engine::Operand resolve_operand(const Operand& operand, ExpressionKind kind,
                                ExpressionAttributes& attributes) {
  engine::Operand out;
  if (const auto* path = std::get_if<Path>(&operand.node)) {
    out.kind = OperandKind::Path;
    out.path = resolve_path(*path, kind, attributes);
  } else if (const auto* value = std::get_if<ValueRef>(&operand.node)) {
    out.kind = OperandKind::Value;
    out.value = attributes.value(value->name, kind);
  } else if (const auto* call = std::get_if<FunctionCall>(&operand.node)) {
    // The parser lets only these three functions be operands.
    out.kind = call->name == "size"            ? OperandKind::Size
               : call->name == "if_not_exists" ? OperandKind::IfNotExists
                                               : OperandKind::ListAppend;
    for (const Operand& arg : call->args)
      out.operands.push_back(resolve_operand(arg, kind, attributes));
  } else {
    const auto& arithmetic = std::get<Arithmetic>(operand.node);
    out.kind = arithmetic.op == ArithmeticOp::Plus ? OperandKind::Add : OperandKind::Subtract;
    for (const Operand& side : arithmetic.operands) {
      out.operands.push_back(resolve_operand(side, kind, attributes));
    }
  }
  return out;
}

// The engine's shape of a checked raw operand: size() and if_not_exists() hold their path in
// `path`. size() of a :value is computed now, by the engine's own rules.
void finish(engine::Operand& operand) {
  for (engine::Operand& child : operand.operands) finish(child);
  if (operand.kind == OperandKind::Size) {
    engine::Operand argument = std::move(operand.operands[0]);
    operand.operands.clear();
    if (argument.kind == OperandKind::Path) {
      operand.path = std::move(argument.path);
      return;
    }
    engine::Operand size_of{OperandKind::Size, {engine::PathStep{"v", 0, false}}, {}, {}};
    std::optional<engine::AttributeValue> size =
        engine::evaluate(size_of, engine::Item{{"v", std::move(argument.value)}});
    operand = engine::Operand{OperandKind::Value, {}, size.value_or(engine::AttributeValue()), {}};
  } else if (operand.kind == OperandKind::IfNotExists) {
    operand.path = std::move(operand.operands[0].path);
    operand.operands.erase(operand.operands.begin());
  }
}

engine::Comparator to_engine(Comparator op) {
  switch (op) {
    case Comparator::Eq:
      return engine::Comparator::Eq;
    case Comparator::Ne:
      return engine::Comparator::Ne;
    case Comparator::Lt:
      return engine::Comparator::Lt;
    case Comparator::Le:
      return engine::Comparator::Le;
    case Comparator::Gt:
      return engine::Comparator::Gt;
    case Comparator::Ge:
      return engine::Comparator::Ge;
  }
  return engine::Comparator::Eq;
}

ConditionKind function_kind(const std::string& name) {
  if (name == "attribute_exists") return ConditionKind::AttributeExists;
  if (name == "attribute_not_exists") return ConditionKind::AttributeNotExists;
  if (name == "attribute_type") return ConditionKind::AttributeType;
  if (name == "begins_with") return ConditionKind::BeginsWith;
  return ConditionKind::Contains;
}

// One comparison, BETWEEN, IN or function: resolved, then its operand counts, then the checks of
// operand_checks.h. DynamoDB reports a leaf's problems before it looks at the next leaf.
engine::Condition resolve_leaf(const Condition& parsed, ExpressionKind kind,
                               ExpressionAttributes& attributes) {
  engine::Condition leaf;
  const auto add = [&](const Operand& operand) {
    leaf.operands.push_back(resolve_operand(operand, kind, attributes));
  };
  std::visit(
      [&](const auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Comparison>) {
          leaf.kind = ConditionKind::Compare;
          leaf.comparator = to_engine(node.op);
          add(node.left);
          add(node.right);
        } else if constexpr (std::is_same_v<T, Between>) {
          leaf.kind = ConditionKind::Between;
          add(node.value);
          add(node.lower);
          add(node.upper);
        } else if constexpr (std::is_same_v<T, In>) {
          leaf.kind = ConditionKind::In;
          add(node.value);
          for (const Operand& candidate : node.candidates) add(candidate);
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          leaf.kind = function_kind(node.name);
          for (const Operand& arg : node.args) add(arg);
        }
      },
      parsed.node);
  check_operand_counts(parsed, kind);
  check_condition_operands(leaf, kind);
  for (engine::Operand& operand : leaf.operands) finish(operand);
  return leaf;
}

engine::Condition resolve_node(const Condition& parsed, ExpressionKind kind,
                               ExpressionAttributes& attributes) {
  const auto* logical = std::get_if<Logical>(&parsed.node);
  if (logical == nullptr) return resolve_leaf(parsed, kind, attributes);
  engine::Condition node;
  node.kind = logical->op == LogicalOp::And  ? ConditionKind::And
              : logical->op == LogicalOp::Or ? ConditionKind::Or
                                             : ConditionKind::Not;
  for (const Condition& operand : logical->operands) {
    node.children.push_back(resolve_node(operand, kind, attributes));
  }
  return node;
}

// Every #name under an operand, in source order (an update resolves all names before any value).
void resolve_names(const Operand& operand, ExpressionAttributes& attributes) {
  std::visit(
      [&](const auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Path>) {
          for (const PathElement& element : node.elements) {
            if (element.kind == PathElement::Kind::NamePlaceholder) {
              attributes.name(element.name, ExpressionKind::Update);
            }
          }
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          for (const Operand& arg : node.args) resolve_names(arg, attributes);
        } else if constexpr (std::is_same_v<T, Arithmetic>) {
          for (const Operand& side : node.operands) resolve_names(side, attributes);
        }
      },
      operand.node);
}

engine::UpdateAction::Kind action_kind(UpdateClause clause) {
  switch (clause) {
    case UpdateClause::Set:
      return engine::UpdateAction::Kind::Set;
    case UpdateClause::Remove:
      return engine::UpdateAction::Kind::Remove;
    case UpdateClause::Add:
      return engine::UpdateAction::Kind::Add;
    case UpdateClause::Delete:
      return engine::UpdateAction::Kind::Delete;
  }
  return engine::UpdateAction::Kind::Set;
}

}  // namespace

engine::Condition resolve_condition(const Condition& parsed, ExpressionKind kind,
                                    ExpressionAttributes& attributes) {
  return resolve_node(parsed, kind, attributes);
}

std::vector<engine::UpdateAction> resolve_update(const UpdateExpression& parsed,
                                                 ExpressionAttributes& attributes) {
  constexpr ExpressionKind kind = ExpressionKind::Update;
  for (const UpdateAction& action : parsed.actions) {
    resolve_names(Operand{action.path}, attributes);
    if (action.value) resolve_names(*action.value, attributes);
  }
  std::vector<engine::UpdateAction> actions;
  std::vector<engine::DocumentPath> paths;
  for (const UpdateAction& action : parsed.actions) {
    engine::UpdateAction resolved;
    resolved.kind = action_kind(action.clause);
    resolved.path = resolve_path(action.path, kind, attributes);
    if (action.value) resolved.value = resolve_operand(*action.value, kind, attributes);
    paths.push_back(resolved.path);
    actions.push_back(std::move(resolved));
  }
  check_disjoint(paths, kind);
  for (const engine::UpdateAction& action : actions) check_update_value(action);
  check_operand_counts(parsed);
  for (engine::UpdateAction& action : actions) {
    if (action.kind != engine::UpdateAction::Kind::Set) continue;
    check_set_operand(action.value);
    finish(action.value);
  }
  return actions;
}

std::vector<engine::DocumentPath> resolve_projection(const Projection& parsed,
                                                     ExpressionAttributes& attributes) {
  std::vector<engine::DocumentPath> paths;
  for (const Path& path : parsed.paths) {
    paths.push_back(resolve_path(path, ExpressionKind::Projection, attributes));
  }
  check_disjoint(paths, ExpressionKind::Projection);
  return paths;
}

}  // namespace ddb::protocol::expr
