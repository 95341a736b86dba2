#pragma once

#include <string>

#include "protocol/namespaces.h"

namespace ddb::engine {
class Database;
}

namespace ddb::protocol {

class RequestLog;
class FaultRules;
class AccessReport;

// The path prefix of every admin API request.
inline constexpr std::string_view kAdminPrefix = "/ddblocal/";

// The namespace a seed goes to when it names none (--seed-access-key, --seed-region; docs/ADMIN.md,
// "Seeding").
struct SeedDefaults {
  std::string access_key;  // empty: none, which a server keeping one namespace per key refuses
  std::string region = "us-east-1";
};

// What the admin API's operations act on. Everything it refers to outlives the AdminApi.
struct AdminServices {
  engine::Database& database;
  Namespaces namespaces = Namespaces::PerAccessKey;
  RequestLog* request_log = nullptr;  // what the dispatcher records (protocol/admin/request_log.h)
  // The fault rules the Dispatcher consults (GET, PUT and DELETE /ddblocal/faults).
  FaultRules* faults = nullptr;
  SeedDefaults seed_defaults = {};
  AccessReport* access_report = nullptr;  // the access-pattern report (access_report.h)
};

}  // namespace ddb::protocol
