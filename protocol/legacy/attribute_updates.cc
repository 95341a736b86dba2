#include "protocol/legacy/attribute_updates.h"

#include <optional>
#include <string>
#include <utility>

#include "engine/error.h"
#include "protocol/json/value_json.h"
#include "protocol/legacy/comparison.h"
#include "protocol/messages.h"
#include "protocol/requests/request_expressions.h"

namespace ddb::protocol::legacy {

using engine::AttributeValue;
using engine::Error;
using engine::Operand;
using engine::Type;
using engine::UpdateAction;

namespace {

[[noreturn]] void invalid(const std::string& why) {
  throw Error::validation(std::string(kInvalidParameterValues) + why);
}

bool is_set(Type type) { return type == Type::SS || type == Type::NS || type == Type::BS; }

// list_append(if_not_exists(a, []), v): legacy ADD appends a list's elements, creating the list
// when the attribute is missing.
Operand appended_list(const std::string& attribute, AttributeValue list) {
  Operand existing;
  existing.kind = Operand::Kind::IfNotExists;
  existing.path = attribute_path(attribute);
  existing.operands.push_back(value_operand(AttributeValue::list({})));
  Operand appended;
  appended.kind = Operand::Kind::ListAppend;
  appended.operands.push_back(std::move(existing));
  appended.operands.push_back(value_operand(std::move(list)));
  return appended;
}

UpdateAction update_action(const std::string& attribute, const Json& update) {
  expect_structure_element(update, "AttributeValueUpdate");
  std::string action = get_string(update, "Action").value_or("PUT");
  std::optional<AttributeValue> value;
  if (const Json* json = get_structure(update, "Value", "AttributeValue")) {
    value = value_from_json(*json);
  }
  UpdateAction result;
  result.path = attribute_path(attribute);
  if (!value) {
    if (action != "DELETE")
      invalid("Only DELETE action is allowed when no attribute value is specified");
    result.kind = UpdateAction::Kind::Remove;
    return result;
  }
  Type type = value->type();
  if (action == "DELETE") {
    if (!is_set(type)) {
      invalid(std::string("DELETE action with value is not supported for the type ") +
              engine::type_name(type));
    }
    result.kind = UpdateAction::Kind::Delete;
  } else if (action == "ADD") {
    if (type == Type::L) {
      result.kind = UpdateAction::Kind::Set;
      result.value = appended_list(attribute, std::move(*value));
      return result;
    }
    if (type != Type::N && !is_set(type)) {
      invalid(std::string("ADD action is not supported for the type ") + engine::type_name(type));
    }
    result.kind = UpdateAction::Kind::Add;
  } else {
    result.kind = UpdateAction::Kind::Set;
  }
  result.value = value_operand(std::move(*value));
  return result;
}

}  // namespace

std::vector<UpdateAction> attribute_updates(const Json& request, bool enveloped) {
  return in_envelope(enveloped, [&] {
    std::vector<UpdateAction> actions;
    const Json* updates = find_member(request, "AttributeUpdates");
    if (!updates) return actions;
    expect_map(*updates, "com.amazonaws.dynamodb.v20120810.AttributeValueUpdate");
    for (const auto& [attribute, update] : updates->items()) {
      actions.push_back(update_action(attribute, update));
      check_attribute_name(attribute);
    }
    return actions;
  });
}

}  // namespace ddb::protocol::legacy
