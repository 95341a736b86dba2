// GET and DELETE /ddblocal/report: the access-pattern report, and starting it over.

#include "engine/database.h"
#include "protocol/admin/access_report.h"
#include "protocol/admin/admin_operations.h"
#include "protocol/namespaces.h"

namespace ddb::protocol::admin {

namespace {

AccessReport& access_report(const AdminCall& call) {
  if (call.services.access_report == nullptr) {
    throw AdminError::not_found("the access-pattern report is off");
  }
  return *call.services.access_report;
}

// The namespace ?region=&accessKey= select (as a request signed with them sees its tables), or
// nullopt for every namespace when neither is given.
std::optional<std::string> selected_namespace(const AdminCall& call) {
  auto region = call.query_parameter("region");
  auto access_key = call.query_parameter("accessKey");
  if (!region && !access_key) return std::nullopt;
  Caller caller;
  if (region) {
    if (region->empty()) throw AdminError::bad_request("region must not be empty");
    caller.region = *region;
  }
  if (access_key) caller.access_key = *access_key;
  return namespace_of(call.services.namespaces, caller);
}

}  // namespace

Json get_report(AdminCall& call) {
  const AccessReport& report = access_report(call);
  std::optional<std::string> space = selected_namespace(call);
  return report.to_json(call.services.database, space, call.services.database.clock().now_ms());
}

Json clear_report(AdminCall& call) {
  access_report(call).clear(call.services.database.clock().now_ms());
  return Json::object();
}

}  // namespace ddb::protocol::admin
