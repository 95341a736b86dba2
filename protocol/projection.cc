#include "protocol/projection.h"

#include "protocol/item_request.h"

namespace ddb::protocol {

engine::Item Projection::apply(const engine::Item& item) const {
  if (all_) return item;
  if (!paths_.empty()) return engine::project(item, paths_);
  engine::Item projected;
  for (const auto& name : names_) {
    auto it = item.find(name);
    if (it != item.end()) projected.emplace(it->first, it->second);
  }
  return projected;
}

Projection parse_projection(const Json& request, Constraints& constraints) {
  const Json* attributes = get_list(request, "AttributesToGet");
  if (!attributes) return Projection();
  if (attributes->empty()) {
    constraints.add(constraint_violation("'[]'", "attributesToGet",
                                         "Member must have length greater than or equal to 1"));
  }
  std::vector<std::string> names;
  for (const Json& name : *attributes) {
    expect_string(name);
    names.push_back(name.get<std::string>());
  }
  return Projection(std::move(names));
}

}  // namespace ddb::protocol
