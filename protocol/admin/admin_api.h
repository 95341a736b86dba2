#pragma once

#include <string>
#include <string_view>

#include "protocol/admin/admin_services.h"

namespace ddb::protocol {

// One request to the admin API: an HTTP request whose path starts with kAdminPrefix.
struct AdminRequest {
  std::string_view method;  // "GET", "PUT", "POST", "DELETE"
  std::string_view path;    // after kAdminPrefix: "snapshots/before-each/restore"
  std::string_view query;   // after '?', undecoded: "limit=10"
  std::string_view body;
};

// The answer: a status and a JSON body (errors: {"error": ..., "message": ...}).
struct AdminResponse {
  int status = 200;
  std::string body;
};

// ddblocal's own API for the people testing against it (docs/ADMIN.md): reset, snapshots, seeding,
// fault rules, the clock, the TTL expirer and the request log, under the HTTP path prefix
// /ddblocal/, which DynamoDB's protocol (POST /) never uses. Each path and JSON shape is a public
// contract. Thread-safe; never throws.
class AdminApi {
 public:
  explicit AdminApi(AdminServices services) : services_(std::move(services)) {}

  AdminResponse handle(const AdminRequest& request) const;

 private:
  AdminServices services_;
};

}  // namespace ddb::protocol
