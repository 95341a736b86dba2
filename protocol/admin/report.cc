// GET and DELETE /ddblocal/report: the access-pattern report, and starting it over.

#include "engine/database.h"
#include "protocol/admin/access_report.h"
#include "protocol/admin/admin_operations.h"
#include "protocol/admin/admin_scope.h"

namespace ddb::protocol::admin {

namespace {

AccessReport& access_report(const AdminCall& call) {
  if (call.services.access_report == nullptr) {
    throw AdminError::not_found("the access-pattern report is off");
  }
  return *call.services.access_report;
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
