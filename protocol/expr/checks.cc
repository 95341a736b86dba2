#include "protocol/expr/checks.h"

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "engine/error.h"
#include "protocol/expr/reserved_words.h"
#include "protocol/messages.h"

namespace ddb::protocol::expr {

namespace {

using engine::Error;

constexpr std::size_t kMaxInCandidates = 100;

struct FunctionInfo {
  std::string_view name;
  std::size_t arity;
  bool in_update;     // allowed in an UpdateExpression SET value
  bool is_condition;  // used as a condition (true) or as an operand (false)
};

// The functions DynamoDB knows, with their operand counts (Developer Guide, "Condition and filter
// expressions, operators, and functions" and "Update expressions"). Names are case-sensitive.
constexpr std::array<FunctionInfo, 8> kFunctions = {{
    {"attribute_exists", 1, false, true},
    {"attribute_not_exists", 1, false, true},
    {"attribute_type", 2, false, true},
    {"begins_with", 2, false, true},
    {"contains", 2, false, true},
    {"size", 1, false, false},
    {"if_not_exists", 2, true, false},
    {"list_append", 2, true, false},
}};

const FunctionInfo* find_function(std::string_view name) {
  for (const FunctionInfo& info : kFunctions) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

[[noreturn]] void fail(ExpressionKind kind, const std::string& what) {
  throw Error::validation(std::string("Invalid ") + kind_name(kind) + ": " + what);
}

// Visits, in source order, every function call under an operand, telling whether it sits where a
// condition is expected (false here: an operand position).
using CallVisitor = std::function<void(const FunctionCall&, bool as_condition)>;

void visit_calls(const Operand& operand, const CallVisitor& visit) {
  if (const auto* call = std::get_if<FunctionCall>(&operand.node)) {
    visit(*call, false);
    for (const Operand& arg : call->args) visit_calls(arg, visit);
  } else if (const auto* arithmetic = std::get_if<Arithmetic>(&operand.node)) {
    for (const Operand& side : arithmetic->operands) visit_calls(side, visit);
  }
}

void visit_calls(const Condition& condition, const CallVisitor& visit) {
  std::visit(
      [&](const auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Comparison>) {
          visit_calls(node.left, visit);
          visit_calls(node.right, visit);
        } else if constexpr (std::is_same_v<T, Between>) {
          visit_calls(node.value, visit);
          visit_calls(node.lower, visit);
          visit_calls(node.upper, visit);
        } else if constexpr (std::is_same_v<T, In>) {
          visit_calls(node.value, visit);
          for (const Operand& candidate : node.candidates) visit_calls(candidate, visit);
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          visit(node, true);
          for (const Operand& arg : node.args) visit_calls(arg, visit);
        } else {
          for (const Condition& operand : node.operands) visit_calls(operand, visit);
        }
      },
      condition.node);
}

void visit_calls(const UpdateExpression& update, const CallVisitor& visit) {
  for (const UpdateAction& action : update.actions) {
    if (action.value) visit_calls(*action.value, visit);
  }
}

// Visits every path, in source order.
using PathVisitor = std::function<void(const Path&)>;

void visit_paths(const Operand& operand, const PathVisitor& visit) {
  std::visit(
      [&](const auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Path>) {
          visit(node);
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          for (const Operand& arg : node.args) visit_paths(arg, visit);
        } else if constexpr (std::is_same_v<T, Arithmetic>) {
          for (const Operand& side : node.operands) visit_paths(side, visit);
        }
      },
      operand.node);
}

void visit_paths(const Condition& condition, const PathVisitor& visit) {
  std::visit(
      [&](const auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Comparison>) {
          visit_paths(node.left, visit);
          visit_paths(node.right, visit);
        } else if constexpr (std::is_same_v<T, Between>) {
          visit_paths(node.value, visit);
          visit_paths(node.lower, visit);
          visit_paths(node.upper, visit);
        } else if constexpr (std::is_same_v<T, In>) {
          visit_paths(node.value, visit);
          for (const Operand& candidate : node.candidates) visit_paths(candidate, visit);
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          for (const Operand& arg : node.args) visit_paths(arg, visit);
        } else {
          for (const Condition& operand : node.operands) visit_paths(operand, visit);
        }
      },
      condition.node);
}

std::size_t count_operators(const Operand& operand) {
  std::size_t count = 0;
  if (const auto* call = std::get_if<FunctionCall>(&operand.node)) {
    count = 1;
    for (const Operand& arg : call->args) count += count_operators(arg);
  } else if (const auto* arithmetic = std::get_if<Arithmetic>(&operand.node)) {
    count = 1;
    for (const Operand& side : arithmetic->operands) count += count_operators(side);
  }
  return count;
}

std::size_t count_operators(const Condition& condition) {
  return std::visit(
      [](const auto& node) -> std::size_t {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Comparison>) {
          return 1 + count_operators(node.left) + count_operators(node.right);
        } else if constexpr (std::is_same_v<T, Between>) {
          return 1 + count_operators(node.value) + count_operators(node.lower) +
                 count_operators(node.upper);
        } else if constexpr (std::is_same_v<T, In>) {
          std::size_t count = 1 + count_operators(node.value);
          for (const Operand& candidate : node.candidates) count += count_operators(candidate);
          return count;
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          std::size_t count = 1;
          for (const Operand& arg : node.args) count += count_operators(arg);
          return count;
        } else {
          std::size_t count = 1;
          for (const Condition& operand : node.operands) count += count_operators(operand);
          return count;
        }
      },
      condition.node);
}

void check_operator_count(std::size_t count, ExpressionKind kind) {
  // Observed: "Invalid FilterExpression: The expression contains too many operators; operator
  // count: 301" (aws/aws-sdk-js#3721); the Developer Guide's limit is 300.
  if (count > kMaxOperators) {
    fail(kind, std::string(kTooManyOperators) + std::to_string(count));
  }
}

void check_reserved(const Path& path, ExpressionKind kind) {
  for (const PathElement& element : path.elements) {
    if (element.kind == PathElement::Kind::Name && is_reserved_word(element.name)) {
      fail(kind, "Attribute name is a reserved keyword; reserved keyword: " + element.name);
    }
  }
}

void check_arity(const FunctionCall& call, ExpressionKind kind) {
  const FunctionInfo* info = find_function(call.name);
  if (info != nullptr && call.args.size() != info->arity) {
    fail(kind, "Incorrect number of operands for operator or function; operator or function: " +
                   call.name + ", number of operands: " + std::to_string(call.args.size()));
  }
}

void check_operand_counts(const Operand& operand, ExpressionKind kind) {
  if (const auto* call = std::get_if<FunctionCall>(&operand.node)) {
    check_arity(*call, kind);
    for (const Operand& arg : call->args) check_operand_counts(arg, kind);
  } else if (const auto* arithmetic = std::get_if<Arithmetic>(&operand.node)) {
    for (const Operand& side : arithmetic->operands) check_operand_counts(side, kind);
  }
}

}  // namespace

void check_parsed(const Condition& condition, ExpressionKind kind) {
  check_operator_count(count_operators(condition), kind);
  visit_calls(condition, [&](const FunctionCall& call, bool) {
    if (find_function(call.name) == nullptr) {
      fail(kind, "Invalid function name; function: " + call.name);
    }
  });
  visit_calls(condition, [&](const FunctionCall& call, bool as_condition) {
    const FunctionInfo* info = find_function(call.name);
    if (info->in_update) {
      fail(kind, "The function is not allowed in a condition expression; function: " + call.name);
    }
    if (info->is_condition != as_condition) {
      fail(kind, "The function is not allowed to be used this way in an expression; function: " +
                     call.name);
    }
  });
  visit_paths(condition, [&](const Path& path) { check_reserved(path, kind); });
}

void check_parsed(const UpdateExpression& update) {
  constexpr ExpressionKind kind = ExpressionKind::Update;
  std::size_t operators = 0;
  for (const UpdateAction& action : update.actions) {
    if (action.value) operators += count_operators(*action.value);
  }
  check_operator_count(operators, kind);
  visit_calls(update, [&](const FunctionCall& call, bool) {
    if (find_function(call.name) == nullptr) {
      fail(kind, "Invalid function name; function: " + call.name);
    }
  });
  visit_calls(update, [&](const FunctionCall& call, bool) {
    if (!find_function(call.name)->in_update) {
      fail(kind, "The function is not allowed in an update expression; function: " + call.name);
    }
  });
  // list_append(list_append(...), ...) is refused, though if_not_exists inside it is not (issue
  // 20).
  visit_calls(update, [&](const FunctionCall& call, bool) {
    if (call.name != "list_append") return;
    for (const Operand& arg : call.args) {
      const auto* inner = std::get_if<FunctionCall>(&arg.node);
      if (inner != nullptr && inner->name == "list_append") {
        fail(kind,
             "The function is not allowed to be used this way in an expression; function: "
             "list_append");
      }
    }
  });
  for (const UpdateAction& action : update.actions) {
    check_reserved(action.path, kind);
    if (action.value)
      visit_paths(*action.value, [&](const Path& path) { check_reserved(path, kind); });
  }
  std::array<bool, 4> seen{};
  for (const UpdateClause clause : update.clauses) {
    bool& was_seen = seen[static_cast<std::size_t>(clause)];
    if (was_seen) {
      fail(kind, std::string("The \"") + clause_name(clause) +
                     "\" section can only be used once in an update expression;");
    }
    was_seen = true;
  }
}

void check_parsed(const Projection& projection) {
  for (const Path& path : projection.paths) {
    // DynamoDB's limit on document path depth (issue 20); the count is the path's elements.
    if (path.elements.size() > kMaxPathDepth) {
      fail(ExpressionKind::Projection,
           "The document path has too many nesting levels; nesting levels: " +
               std::to_string(path.elements.size()));
    }
    check_reserved(path, ExpressionKind::Projection);
  }
}

void check_operand_counts(const Condition& condition, ExpressionKind kind) {
  std::visit(
      [&](const auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Comparison>) {
          check_operand_counts(node.left, kind);
          check_operand_counts(node.right, kind);
        } else if constexpr (std::is_same_v<T, Between>) {
          check_operand_counts(node.value, kind);
          check_operand_counts(node.lower, kind);
          check_operand_counts(node.upper, kind);
        } else if constexpr (std::is_same_v<T, In>) {
          if (node.candidates.size() > kMaxInCandidates) {
            // The limit is in the Developer Guide; the wording is as DynamoDB reports other operand
            // counts.
            fail(kind,
                 "Too many operands for the operator or function; operator or function: IN, "
                 "number of operands: " +
                     std::to_string(node.candidates.size()));
          }
          check_operand_counts(node.value, kind);
          for (const Operand& candidate : node.candidates) check_operand_counts(candidate, kind);
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          check_arity(node, kind);
          for (const Operand& arg : node.args) check_operand_counts(arg, kind);
        } else {
          for (const Condition& operand : node.operands) check_operand_counts(operand, kind);
        }
      },
      condition.node);
}

void check_operand_counts(const UpdateExpression& update) {
  for (const UpdateAction& action : update.actions) {
    if (action.value) check_operand_counts(*action.value, ExpressionKind::Update);
  }
}

}  // namespace ddb::protocol::expr
