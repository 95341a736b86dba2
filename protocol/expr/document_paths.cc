#include "protocol/expr/document_paths.h"

#include <optional>

#include "engine/error.h"

namespace ddb::protocol::expr {

namespace {

enum class Relation { Disjoint, Overlap, Conflict };

// How two paths relate: the first step where they differ decides, unless one step is a key and the
// other an index (a conflict); no difference up to the shorter one's end is an overlap.
Relation relate(const engine::DocumentPath& a, const engine::DocumentPath& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i].is_index != b[i].is_index) return Relation::Conflict;
    if (!(a[i] == b[i])) return Relation::Disjoint;
  }
  return Relation::Overlap;
}

void collect(const engine::Operand& operand, std::vector<std::string>& names) {
  using Kind = engine::Operand::Kind;
  if (operand.kind == Kind::Path || operand.kind == Kind::Size ||
      operand.kind == Kind::IfNotExists) {
    names.push_back(operand.path.front().name);
  }
  for (const engine::Operand& child : operand.operands) collect(child, names);
}

void collect(const engine::Condition& condition, std::vector<std::string>& names) {
  for (const engine::Operand& operand : condition.operands) collect(operand, names);
  for (const engine::Condition& child : condition.children) collect(child, names);
}

}  // namespace

std::string describe_path(const engine::DocumentPath& path) {
  std::string out = "[";
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i > 0) out += ", ";
    out += path[i].is_index ? "[" + std::to_string(path[i].index) + "]" : path[i].name;
  }
  return out + "]";
}

void check_disjoint(const std::vector<engine::DocumentPath>& paths, ExpressionKind kind) {
  std::optional<std::string> conflict;
  const auto pair_text = [](const engine::DocumentPath& one, const engine::DocumentPath& two) {
    return "must remove or rewrite one of these paths; path one: " + describe_path(one) +
           ", path two: " + describe_path(two);
  };
  for (std::size_t j = 0; j < paths.size(); ++j) {
    for (std::size_t i = 0; i < j; ++i) {
      Relation relation = relate(paths[i], paths[j]);
      if (relation == Relation::Overlap) {
        throw engine::Error::validation(std::string("Invalid ") + kind_name(kind) +
                                        ": Two document paths overlap with each other; " +
                                        pair_text(paths[i], paths[j]));
      }
      if (relation == Relation::Conflict && !conflict) {
        conflict = std::string("Invalid ") + kind_name(kind) +
                   ": Two document paths conflict with each other; " +
                   pair_text(paths[i], paths[j]);
      }
    }
  }
  if (conflict) throw engine::Error::validation(*conflict);
}

std::vector<std::string> top_level_names(const engine::Condition& condition) {
  std::vector<std::string> names;
  collect(condition, names);
  return names;
}

}  // namespace ddb::protocol::expr
