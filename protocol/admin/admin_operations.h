#pragma once

#include "protocol/admin/admin_call.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol::admin {

// The admin API's operations (docs/ADMIN.md), one file each. Each returns the 200 answer's JSON
// body or throws AdminError (or engine::Error for a DynamoDB refusal, such as a seed's table
// definition).

Json get_clock(AdminCall& call);   // GET /ddblocal/clock
Json move_clock(AdminCall& call);  // POST /ddblocal/clock
Json run_ttl(AdminCall& call);     // POST /ddblocal/ttl/run

Json list_requests(AdminCall& call);     // GET /ddblocal/requests?limit=N
Json clear_requests(AdminCall& call);    // DELETE /ddblocal/requests
Json reset(AdminCall& call);             // POST /ddblocal/reset
Json list_snapshots(AdminCall& call);    // GET /ddblocal/snapshots
Json save_snapshot(AdminCall& call);     // PUT /ddblocal/snapshots/NAME
Json restore_snapshot(AdminCall& call);  // POST /ddblocal/snapshots/NAME/restore
Json delete_snapshot(AdminCall& call);   // DELETE /ddblocal/snapshots/NAME

}  // namespace ddb::protocol::admin
