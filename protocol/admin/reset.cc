// POST /ddblocal/reset: drop every table (or one namespace's), as a test suite's clean start.

#include <cstdint>

#include "engine/database.h"
#include "protocol/admin/admin_operations.h"
#include "protocol/admin/admin_scope.h"

namespace ddb::protocol::admin {

Json reset(AdminCall& call) {
  const engine::NamespaceScope scope = scope_of(call);
  const std::size_t dropped = call.services.database.reset(scope);
  // The namespace's on-demand backups go too: a clean start has nothing to restore from.
  const std::size_t backups = call.services.database.drop_backups(scope);
  return {{"tablesDeleted", static_cast<uint64_t>(dropped)},
          {"backupsDeleted", static_cast<uint64_t>(backups)},
          {"namespace", scope_json(scope)}};
}

}  // namespace ddb::protocol::admin
