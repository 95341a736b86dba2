#include "protocol/expr/ast.h"

#include <string>
#include <type_traits>

namespace ddb::protocol::expr {

const char* kind_name(ExpressionKind kind) {
  switch (kind) {
    case ExpressionKind::Condition:
      return "ConditionExpression";
    case ExpressionKind::KeyCondition:
      return "KeyConditionExpression";
    case ExpressionKind::Filter:
      return "FilterExpression";
    case ExpressionKind::Projection:
      return "ProjectionExpression";
    case ExpressionKind::Update:
      return "UpdateExpression";
  }
  return "";
}

const char* comparator_symbol(Comparator op) {
  switch (op) {
    case Comparator::Eq:
      return "=";
    case Comparator::Ne:
      return "<>";
    case Comparator::Lt:
      return "<";
    case Comparator::Le:
      return "<=";
    case Comparator::Gt:
      return ">";
    case Comparator::Ge:
      return ">=";
  }
  return "";
}

const char* clause_name(UpdateClause clause) {
  switch (clause) {
    case UpdateClause::Set:
      return "SET";
    case UpdateClause::Remove:
      return "REMOVE";
    case UpdateClause::Add:
      return "ADD";
    case UpdateClause::Delete:
      return "DELETE";
  }
  return "";
}

namespace {

std::string to_string(const Path& path) {
  std::string out;
  for (const PathElement& element : path.elements) {
    if (element.kind == PathElement::Kind::Index) {
      out += '[' + std::to_string(element.index) + ']';
      continue;
    }
    if (!out.empty()) out += '.';
    out += element.name;
  }
  return out;
}

std::string to_string(const Operand& operand);

std::string join(const std::vector<Operand>& operands) {
  std::string out;
  for (const Operand& operand : operands) {
    if (!out.empty()) out += ", ";
    out += to_string(operand);
  }
  return out;
}

std::string to_string(const FunctionCall& call) { return call.name + '(' + join(call.args) + ')'; }

std::string to_string(const Operand& operand) {
  return std::visit(
      [](const auto& node) -> std::string {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Path>) {
          return to_string(node);
        } else if constexpr (std::is_same_v<T, ValueRef>) {
          return node.name;
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          return to_string(node);
        } else {
          const char* op = node.op == ArithmeticOp::Plus ? " + " : " - ";
          return '(' + to_string(node.operands[0]) + op + to_string(node.operands[1]) + ')';
        }
      },
      operand.node);
}

}  // namespace

std::string to_string(const Condition& condition) {
  return std::visit(
      [](const auto& node) -> std::string {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Comparison>) {
          return '(' + to_string(node.left) + ' ' + comparator_symbol(node.op) + ' ' +
                 to_string(node.right) + ')';
        } else if constexpr (std::is_same_v<T, Between>) {
          return '(' + to_string(node.value) + " BETWEEN " + to_string(node.lower) + " AND " +
                 to_string(node.upper) + ')';
        } else if constexpr (std::is_same_v<T, In>) {
          return '(' + to_string(node.value) + " IN (" + join(node.candidates) + "))";
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          return to_string(node);
        } else {
          if (node.op == LogicalOp::Not) return "(NOT " + to_string(node.operands[0]) + ')';
          const char* op = node.op == LogicalOp::And ? " AND " : " OR ";
          return '(' + to_string(node.operands[0]) + op + to_string(node.operands[1]) + ')';
        }
      },
      condition.node);
}

std::string to_string(const UpdateExpression& update) {
  std::string out;
  for (const UpdateAction& action : update.actions) {
    if (!out.empty()) out += ", ";
    out += clause_name(action.clause);
    out += ' ' + to_string(action.path);
    if (!action.value) continue;
    out += action.clause == UpdateClause::Set ? " = " : " ";
    out += to_string(*action.value);
  }
  return out;
}

std::string to_string(const Projection& projection) {
  std::string out;
  for (const Path& path : projection.paths) {
    if (!out.empty()) out += ", ";
    out += to_string(path);
  }
  return out;
}

}  // namespace ddb::protocol::expr
