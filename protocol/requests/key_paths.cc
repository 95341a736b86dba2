#include "protocol/requests/key_paths.h"

#include <string>
#include <string_view>

#include "engine/error.h"

namespace ddb::protocol {

namespace {

constexpr std::string_view kKeyAttributesAreScalars =
    "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: ";

void check_operand(const engine::Operand& operand, const engine::Table& table) {
  if (!operand.path.empty()) check_key_path(operand.path, table);
  for (const engine::Operand& child : operand.operands) check_operand(child, table);
}

void check_condition(const engine::Condition& condition, const engine::Table& table) {
  for (const engine::Operand& operand : condition.operands) check_operand(operand, table);
  for (const engine::Condition& child : condition.children) check_condition(child, table);
}

}  // namespace

void check_key_path(const engine::DocumentPath& path, const engine::Table& table) {
  if (path.size() < 2) return;
  const std::string& name = path.front().name;
  const engine::KeySchema& schema = table.key_schema();
  if (name == schema.partition.name || (schema.sort && name == schema.sort->name)) {
    throw engine::Error::validation(std::string(kKeyAttributesAreScalars) + "Key: " + name);
  }
  for (const auto& index : table.indexes()) {
    if (index->key_schema().contains(name)) {
      throw engine::Error::validation(std::string(kKeyAttributesAreScalars) + "IndexKey: " + name);
    }
  }
}

void check_key_paths(const std::vector<engine::DocumentPath>& paths, const engine::Table& table) {
  for (const engine::DocumentPath& path : paths) check_key_path(path, table);
}

void check_key_paths(const std::optional<engine::Condition>& condition,
                     const engine::Table& table) {
  if (condition) check_condition(*condition, table);
}

}  // namespace ddb::protocol
