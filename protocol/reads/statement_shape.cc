#include "protocol/reads/statement_shape.h"

namespace ddb::protocol {

namespace {

void add_expression(std::string& shape, const Json& request, std::string_view member) {
  const Json* text = find_member(request, member);
  if (text == nullptr || !text->is_string()) return;
  shape.append(" ").append(member).append("=\"");
  shape.append(text->get_ref<const std::string&>()).append("\"");
}

// {"status": {"ComparisonOperator": "EQ", ...}, ...} as {status EQ, ...}: the values vary from
// request to request, the attributes and operators are the code's.
void add_legacy_conditions(std::string& shape, const Json& request, std::string_view member) {
  const Json* conditions = find_member(request, member);
  if (conditions == nullptr || !conditions->is_object()) return;
  shape.append(" ").append(member).append("={");
  bool first = true;
  for (const auto& [name, condition] : conditions->items()) {
    if (!first) shape.append(", ");
    first = false;
    shape.append(name);
    const Json* op = condition.is_object() ? find_member(condition, "ComparisonOperator") : nullptr;
    if (op != nullptr && op->is_string())
      shape.append(" ").append(op->get_ref<const std::string&>());
  }
  shape.append("}");
}

}  // namespace

std::string statement_shape(std::string_view operation, const Json& request) {
  std::string shape(operation);
  if (const Json* index = find_member(request, "IndexName"); index && index->is_string()) {
    shape.append(" IndexName=").append(index->get_ref<const std::string&>());
  }
  add_expression(shape, request, "KeyConditionExpression");
  add_legacy_conditions(shape, request, "KeyConditions");
  add_expression(shape, request, "FilterExpression");
  add_legacy_conditions(shape, request, "QueryFilter");
  add_legacy_conditions(shape, request, "ScanFilter");
  return shape;
}

}  // namespace ddb::protocol
