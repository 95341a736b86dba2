#include "protocol/reads/projection.h"

#include <set>
#include <string>

#include "engine/error.h"
#include "protocol/json/value_json.h"
#include "protocol/messages.h"

namespace ddb::protocol {

namespace {

// The list as the Java model's toString() writes it: [a, b].
std::string java_list(const Json& names) {
  std::string text = "[";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += ", ";
    text += names[i].get<std::string>();
  }
  return text + "]";
}

}  // namespace

engine::Item Projection::apply(const engine::Item& item) const {
  if (all_) return item;
  return engine::project(item, paths_);
}

std::vector<std::string> Projection::top_level_names() const {
  std::set<std::string> names;
  for (const auto& path : paths_) names.insert(path.front().name);
  return {names.begin(), names.end()};
}

void add_attributes_to_get_constraints(const Json& request, Constraints& constraints,
                                       std::string_view path) {
  const Json* names = get_list(request, "AttributesToGet");
  if (!names) return;
  for (const Json& name : *names) expect_string(name);
  if (names->empty()) {
    constraints.add(constraint_violation("'[]'", path, kMinLengthOne));
  }
  if (names->size() > 255) {
    constraints.add(constraint_violation("'" + java_list(*names) + "'", path,
                                         "Member must have length less than or equal to 255"));
  }
}

Projection attributes_to_get(const Json& request) {
  const Json* names = get_list(request, "AttributesToGet");
  if (!names) return Projection();
  std::vector<engine::DocumentPath> paths;
  std::set<std::string> seen;
  for (const Json& json : *names) {
    expect_string(json);
    const std::string& name = json.get_ref<const std::string&>();
    check_attribute_name(name);
    if (!seen.insert(name).second) {
      throw engine::Error::validation(std::string(kInvalidParameterValues) +
                                      "Duplicate value in attribute name: " + name);
    }
    // A dot in a name is part of the name, not a path separator.
    paths.push_back({engine::PathStep{name}});
  }
  return Projection(std::move(paths));
}

}  // namespace ddb::protocol
