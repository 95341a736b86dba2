// GET and DELETE /ddblocal/requests: the request log, newest last, and emptying it.

#include <limits>

#include "protocol/admin/admin_operations.h"
#include "protocol/admin/request_log.h"

namespace ddb::protocol::admin {

namespace {

RequestLog& request_log(const AdminCall& call) {
  if (call.services.request_log == nullptr) {
    throw AdminError::not_found("the request log is off");
  }
  return *call.services.request_log;
}

}  // namespace

Json list_requests(AdminCall& call) {
  // Every entry kept when there is no limit.
  const std::size_t limit =
      call.whole_number_parameter("limit").value_or(std::numeric_limits<std::size_t>::max());
  Json list = Json::array();
  for (const RequestLogEntry& entry : request_log(call).latest(limit)) {
    list.push_back(request_log_entry_json(entry));
  }
  return {{"requests", std::move(list)}};
}

Json clear_requests(AdminCall& call) {
  request_log(call).clear();
  return Json::object();
}

}  // namespace ddb::protocol::admin
