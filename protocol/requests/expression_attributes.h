#pragma once

#include <map>
#include <set>
#include <string>

#include "engine/value.h"
#include "protocol/expr/ast.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// A request's ExpressionAttributeNames and ExpressionAttributeValues, and which of them the
// request's expressions used, so that unused entries are rejected as DynamoDB does.
class ExpressionAttributes {
 public:
  // Reads and validates both maps: not empty when given, keys of the form #x / :x, valid values.
  // `enveloped`: PutItem/UpdateItem/DeleteItem wrap value errors in "1 validation error detected:
  // ".
  static ExpressionAttributes from_request(const Json& request, bool enveloped);

  // The attribute name `#placeholder` stands for; marks it used. Throws DynamoDB's "not defined"
  // message prefixed with "Invalid <kind>: " when it is missing.
  const std::string& name(const std::string& placeholder, expr::ExpressionKind kind);
  const engine::AttributeValue& value(const std::string& placeholder, expr::ExpressionKind kind);
  // The resolved name of a path element (Name or NamePlaceholder).
  const std::string& resolve(const expr::PathElement& element, expr::ExpressionKind kind);

  // Throws "Value provided in ExpressionAttribute{Names,Values} unused in expressions: ..." for
  // entries no expression used.
  void check_all_used() const;

 private:
  std::map<std::string, std::string> names_;
  std::map<std::string, engine::AttributeValue> values_;
  std::set<std::string> used_names_;
  std::set<std::string> used_values_;
};

}  // namespace ddb::protocol
