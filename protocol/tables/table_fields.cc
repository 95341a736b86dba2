#include "protocol/tables/table_fields.h"

#include <cstdint>

#include "engine/error.h"
#include "protocol/messages.h"

namespace ddb::protocol {

namespace {

engine::Type key_type_of(const std::string& attribute_type) {
  if (attribute_type == "N") return engine::Type::N;
  if (attribute_type == "B") return engine::Type::B;
  return engine::Type::S;
}

}  // namespace

double now_seconds(const engine::Clock& clock) {
  return static_cast<double>(clock.now_ms()) / 1000.0;
}

std::optional<engine::ProvisionedThroughput> parse_throughput(const Json& object,
                                                              Constraints& constraints,
                                                              std::string_view path) {
  const Json* json = get_structure(object, "ProvisionedThroughput", "ProvisionedThroughput");
  if (!json) return std::nullopt;
  auto read = get_long(*json, "ReadCapacityUnits");
  auto write = get_long(*json, "WriteCapacityUnits");
  const std::string read_path = std::string(path) + ".readCapacityUnits";
  const std::string write_path = std::string(path) + ".writeCapacityUnits";
  constraints.not_null(read.has_value(), read_path);
  constraints.min(read, 1, read_path);
  constraints.not_null(write.has_value(), write_path);
  constraints.min(write, 1, write_path);
  engine::ProvisionedThroughput throughput;
  throughput.read_capacity_units = read.value_or(0);
  throughput.write_capacity_units = write.value_or(0);
  return throughput;
}

void check_capacity_bounds(const engine::ProvisionedThroughput& throughput) {
  const auto check = [](int64_t units, const char* member) {
    if (units > kMaxCapacityUnits) {
      throw engine::Error::validation("Given value " + std::to_string(units) + " for " + member +
                                      " is out of bounds");
    }
  };
  check(throughput.read_capacity_units, "ReadCapacityUnits");
  check(throughput.write_capacity_units, "WriteCapacityUnits");
}

void apply_throughput(engine::ProvisionedThroughput& current,
                      const engine::ProvisionedThroughput& requested, double now) {
  bool increase = requested.read_capacity_units > current.read_capacity_units ||
                  requested.write_capacity_units > current.write_capacity_units;
  bool decrease = requested.read_capacity_units < current.read_capacity_units ||
                  requested.write_capacity_units < current.write_capacity_units;
  if (increase) current.last_increase_time = now;
  if (decrease) {
    current.last_decrease_time = now;
    ++current.decreases_today;
  }
  current.read_capacity_units = requested.read_capacity_units;
  current.write_capacity_units = requested.write_capacity_units;
}

std::vector<KeySchemaElement> parse_key_schema(const Json* list, const std::string& path,
                                               std::size_t max_length, Constraints& constraints) {
  std::vector<KeySchemaElement> key_schema;
  constraints.not_null(list != nullptr, path);
  if (!list) return key_schema;
  std::size_t index = 0;
  for (const Json& element : *list) {
    expect_structure_element(element, "KeySchemaElement");
    std::string element_path = path + "." + std::to_string(++index) + ".member.";
    auto name = get_string(element, "AttributeName");
    auto key_type = get_string(element, "KeyType");
    constraints.not_null(name.has_value(), element_path + "attributeName");
    constraints.length(name, 1, kMaxKeyAttributeNameLength, element_path + "attributeName");
    constraints.not_null(key_type.has_value(), element_path + "keyType");
    constraints.one_of(key_type, {"HASH", "RANGE"}, element_path + "keyType");
    key_schema.push_back({name.value_or(""), key_type.value_or("")});
  }
  if (list->empty()) {
    constraints.add(constraint_violation("'[]'", path, kMinLengthOne));
  }
  if (list->size() > max_length) {
    // DynamoDB echoes the list as Java's toString of its KeySchemaElement objects; tests match
    // the constraint, not that dump.
    constraints.add(constraint_violation(
        "'[...]'", path,
        "Member must have length less than or equal to " + std::to_string(max_length)));
  }
  return key_schema;
}

std::vector<engine::KeyAttribute> parse_attribute_definitions(const Json& request,
                                                              Constraints& constraints,
                                                              bool required) {
  std::vector<engine::KeyAttribute> attributes;
  const Json* list = get_list(request, "AttributeDefinitions");
  if (required) constraints.not_null(list != nullptr, "attributeDefinitions");
  if (!list) return attributes;
  std::size_t index = 0;
  for (const Json& element : *list) {
    expect_structure_element(element, "AttributeDefinition");
    std::string path = "attributeDefinitions." + std::to_string(++index) + ".member.";
    auto name = get_string(element, "AttributeName");
    auto type = get_string(element, "AttributeType");
    constraints.not_null(name.has_value(), path + "attributeName");
    constraints.length(name, 1, kMaxKeyAttributeNameLength, path + "attributeName");
    constraints.not_null(type.has_value(), path + "attributeType");
    constraints.one_of(type, {"B", "N", "S"}, path + "attributeType");
    attributes.push_back({name.value_or(""), key_type_of(type.value_or("S"))});
  }
  return attributes;
}

std::string join_names(const std::vector<std::string>& names) {
  std::string text = "[";
  for (std::size_t i = 0; i < names.size(); ++i) text += (i > 0 ? ", " : "") + names[i];
  return text + "]";
}

std::vector<std::string> attribute_names(const std::vector<engine::KeyAttribute>& attributes) {
  std::vector<std::string> names;
  names.reserve(attributes.size());
  for (const auto& attribute : attributes) names.push_back(attribute.name);
  return names;
}

}  // namespace ddb::protocol
