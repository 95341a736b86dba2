#pragma once

#include <string>

namespace ddb::engine {
class Database;
}
namespace ddb::protocol {
class AccessReport;
}

namespace ddb::server {

// Writes `report` (every namespace's, as GET /ddblocal/report answers it) to the file `path`
// (--report PATH), replacing it. Logs a failure instead of throwing: the server is stopping and
// its data is safe either way.
void write_report_file(const std::string& path, const protocol::AccessReport& report,
                       const engine::Database& database);

}  // namespace ddb::server
