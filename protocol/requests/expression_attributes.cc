#include "protocol/requests/expression_attributes.h"

#include "engine/error.h"
#include "protocol/json/value_json.h"
#include "protocol/messages.h"
#include "protocol/requests/item_request.h"

namespace ddb::protocol {

using engine::Error;

namespace {

bool valid_placeholder(const std::string& key, char sigil) {
  if (key.size() < 2 || key[0] != sigil) return false;
  for (std::size_t i = 1; i < key.size(); ++i) {
    char c = key[i];
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

[[noreturn]] void fail(const std::string& message, bool enveloped) {
  throw Error::validation(enveloped ? std::string(kOneValidationError) + message : message);
}

template <typename T>
std::string unused_keys(const std::map<std::string, T>& entries,
                        const std::set<std::string>& used) {
  std::string keys;
  for (const auto& [key, value] : entries) {
    if (used.contains(key)) continue;
    keys += (keys.empty() ? "" : ", ") + key;
  }
  return keys;
}

}  // namespace

ExpressionAttributes ExpressionAttributes::from_request(const Json& request, bool enveloped) {
  ExpressionAttributes attributes;
  if (const Json* names = get_map(request, "ExpressionAttributeNames", kStringType)) {
    if (names->empty()) fail("ExpressionAttributeNames must not be empty", enveloped);
    for (const auto& [key, value] : names->items()) {
      if (!valid_placeholder(key, '#')) {
        fail("ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\"",
             enveloped);
      }
      expect_string(value);
      attributes.names_.emplace(key, value.get<std::string>());
    }
  }
  if (const Json* values = get_map(request, "ExpressionAttributeValues", kAttributeValueType)) {
    if (values->empty()) fail("ExpressionAttributeValues must not be empty", enveloped);
    for (const auto& [key, value] : values->items()) {
      if (!valid_placeholder(key, ':')) {
        fail("ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"",
             enveloped);
      }
    }
    engine::Item decoded = decode_attribute_map(*values, enveloped);
    attributes.values_.insert(decoded.begin(), decoded.end());
  }
  // The names' own rules come after the values are decoded (DynamoDB Local's order), bare in every
  // operation: a live UpdateItem answered "ExpressionAttributeNames contains invalid value: Empty
  // attribute name for key #DE".
  for (const auto& [key, name] : attributes.names_) {
    try {
      check_attribute_name(name);
    } catch (const Error& error) {
      throw Error::validation("ExpressionAttributeNames contains invalid value: " +
                              std::string(error.what()) + " for key " + key);
    }
  }
  return attributes;
}

const std::string& ExpressionAttributes::name(const std::string& placeholder,
                                              expr::ExpressionKind kind) {
  auto it = names_.find(placeholder);
  if (it == names_.end()) {
    throw Error::validation(std::string("Invalid ") + expr::kind_name(kind) +
                            ": An expression attribute name used in the document path is not "
                            "defined; attribute name: " +
                            placeholder);
  }
  used_names_.insert(placeholder);
  return it->second;
}

const engine::AttributeValue& ExpressionAttributes::value(const std::string& placeholder,
                                                          expr::ExpressionKind kind) {
  auto it = values_.find(placeholder);
  if (it == values_.end()) {
    throw Error::validation(std::string("Invalid ") + expr::kind_name(kind) +
                            ": An expression attribute value used in expression is not defined; "
                            "attribute value: " +
                            placeholder);
  }
  used_values_.insert(placeholder);
  return it->second;
}

const std::string& ExpressionAttributes::resolve(const expr::PathElement& element,
                                                 expr::ExpressionKind kind) {
  if (element.kind == expr::PathElement::Kind::NamePlaceholder) return name(element.name, kind);
  return element.name;
}

void ExpressionAttributes::check_all_used() const {
  std::string names = unused_keys(names_, used_names_);
  if (!names.empty()) {
    throw Error::validation(
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {" + names + "}");
  }
  std::string values = unused_keys(values_, used_values_);
  if (!values.empty()) {
    throw Error::validation(
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {" + values +
        "}");
  }
}

}  // namespace ddb::protocol
