#include "protocol/writes/returned_attributes.h"

namespace ddb::protocol {

std::optional<engine::Item> returned_attributes(const std::string& return_values,
                                                const std::vector<engine::UpdateAction>& actions,
                                                const std::optional<engine::Item>& old,
                                                const std::optional<engine::Item>& updated) {
  if (return_values == "ALL_OLD") return old;
  if (return_values == "ALL_NEW") return updated;
  if (return_values != "UPDATED_OLD" && return_values != "UPDATED_NEW") return std::nullopt;
  std::vector<engine::DocumentPath> paths;
  for (const engine::UpdateAction& action : actions) paths.push_back(action.path);
  const std::optional<engine::Item>& source = return_values == "UPDATED_OLD" ? old : updated;
  if (!source || paths.empty()) return std::nullopt;
  engine::Item projected = engine::project(*source, paths);
  if (projected.empty()) return std::nullopt;
  return projected;
}

}  // namespace ddb::protocol
