// POST /ddblocal/reset: drop every table (or one namespace's), as a test suite's clean start.

#include <cstdint>

#include "engine/database.h"
#include "protocol/admin/admin_operations.h"
#include "protocol/admin/admin_scope.h"

namespace ddb::protocol::admin {

Json reset(AdminCall& call) {
  const engine::NamespaceScope scope = scope_of(call);
  const std::size_t dropped = call.services.database.reset(scope);
  return {{"tablesDeleted", static_cast<uint64_t>(dropped)}, {"namespace", scope_json(scope)}};
}

}  // namespace ddb::protocol::admin
