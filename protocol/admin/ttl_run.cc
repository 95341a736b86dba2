// POST /ddblocal/ttl/run: one pass of Time to Live's expirer now, at the server's clock, so that a
// test need not wait for --ttl-interval.

#include <cstdint>

#include "engine/database.h"
#include "protocol/admin/admin_operations.h"

namespace ddb::protocol::admin {

Json run_ttl(AdminCall& call) {
  const std::size_t deleted = call.services.database.expire_now();
  return {{"deleted", static_cast<uint64_t>(deleted)}};
}

}  // namespace ddb::protocol::admin
