#include "protocol/faults/fault_request.h"

namespace ddb::protocol {

namespace {

// The TableName member of `object`, when it is a string.
void add_table_name(const Json& object, std::vector<std::string_view>& tables) {
  if (!object.is_object()) return;
  auto name = object.find("TableName");
  if (name != object.end() && name->is_string()) {
    tables.push_back(table_name_in(name->get_ref<const std::string&>()));
  }
}

}  // namespace

std::string_view table_name_in(std::string_view name_or_arn) {
  if (!name_or_arn.starts_with("arn:")) return name_or_arn;
  const std::size_t table = name_or_arn.find(":table/");
  return table == std::string_view::npos ? name_or_arn : name_or_arn.substr(table + 7);
}

FaultRequest fault_request(std::string_view operation, const Json& request) {
  FaultRequest result{operation, {}, 0};
  if (!request.is_object()) return result;
  add_table_name(request, result.tables);
  if (auto items = request.find("RequestItems"); items != request.end() && items->is_object()) {
    // it.key() is the object's own key, which lives as long as the request.
    for (auto it = items->begin(); it != items->end(); ++it) {
      result.tables.push_back(table_name_in(it.key()));
    }
  }
  if (auto actions = request.find("TransactItems");
      actions != request.end() && actions->is_array()) {
    result.transaction_items = actions->size();
    // {"Put": {"TableName": ...}}: the one member of each action names its table.
    for (const Json& action : *actions) {
      const std::size_t before = result.tables.size();
      if (action.is_object() && action.size() == 1)
        add_table_name(action.begin().value(), result.tables);
      if (result.tables.size() == before) result.tables.emplace_back();
    }
  }
  if (auto statements = request.find("TransactStatements");
      statements != request.end() && statements->is_array()) {
    result.transaction_items = statements->size();
  }
  return result;
}

}  // namespace ddb::protocol
