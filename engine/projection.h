#pragma once

#include <vector>

#include "engine/document_path.h"
#include "engine/item.h"

namespace ddb::engine {

// The attributes of `item` that `paths` select, keeping the item's structure: `a.b[1]` yields
// {a: {b: [<element 1>]}}, and several elements of one list keep their list order whatever the
// order of `paths`. Paths to missing values are left out. Requires: no path is a prefix of another
// (protocol rejects overlapping paths).
Item project(const Item& item, const std::vector<DocumentPath>& paths);

}  // namespace ddb::engine
