#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/expression.h"
#include "engine/item.h"

namespace ddb::protocol {

// The "Attributes" an update returns for `return_values` (UpdateItem's ReturnValues, or the
// PartiQL RETURNING clause in its terms): the whole item before or after (ALL_OLD, ALL_NEW), or
// only what the actions touched (UPDATED_OLD, UPDATED_NEW: their paths, projected from the item
// before or after). Nothing for NONE, or when that leaves no attribute.
std::optional<engine::Item> returned_attributes(const std::string& return_values,
                                                const std::vector<engine::UpdateAction>& actions,
                                                const std::optional<engine::Item>& old,
                                                const std::optional<engine::Item>& updated);

}  // namespace ddb::protocol
