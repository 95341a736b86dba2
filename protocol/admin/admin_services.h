#pragma once

#include "protocol/namespaces.h"

namespace ddb::engine {
class Database;
}

namespace ddb::protocol {

class RequestLog;

// The path prefix of every admin API request.
inline constexpr std::string_view kAdminPrefix = "/ddblocal/";

// What the admin API's operations act on. Everything it refers to outlives the AdminApi.
struct AdminServices {
  engine::Database& database;
  Namespaces namespaces = Namespaces::PerAccessKey;
  RequestLog* request_log = nullptr;  // what the dispatcher records (protocol/admin/request_log.h)
};

}  // namespace ddb::protocol
