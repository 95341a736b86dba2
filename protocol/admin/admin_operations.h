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
Json seed(AdminCall& call);        // POST /ddblocal/seed

Json list_requests(AdminCall& call);     // GET /ddblocal/requests?limit=N
Json clear_requests(AdminCall& call);    // DELETE /ddblocal/requests
Json reset(AdminCall& call);             // POST /ddblocal/reset
Json list_snapshots(AdminCall& call);    // GET /ddblocal/snapshots
Json save_snapshot(AdminCall& call);     // PUT /ddblocal/snapshots/NAME
Json restore_snapshot(AdminCall& call);  // POST /ddblocal/snapshots/NAME/restore
Json delete_snapshot(AdminCall& call);   // DELETE /ddblocal/snapshots/NAME
Json get_faults(AdminCall& call);        // GET /ddblocal/faults
Json put_faults(AdminCall& call);        // PUT /ddblocal/faults
Json delete_faults(AdminCall& call);     // DELETE /ddblocal/faults

Json get_report(AdminCall& call);    // GET /ddblocal/report?region=&accessKey=
Json clear_report(AdminCall& call);  // DELETE /ddblocal/report

// GET /ddblocal/contributor-insights?region=&accessKey=&table=&minutes=&limit=
Json get_contributor_insights(AdminCall& call);

}  // namespace ddb::protocol::admin
