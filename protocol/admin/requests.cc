// GET and DELETE /ddblocal/requests: the request log, newest last, and emptying it.

#include <charconv>
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

// The `limit` query parameter: every entry kept when absent.
std::size_t limit_of(const AdminCall& call) {
  std::optional<std::string_view> text = call.query_parameter("limit");
  if (!text) return std::numeric_limits<std::size_t>::max();
  std::size_t limit = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), limit);
  if (error != std::errc() || end != text->data() + text->size() || text->empty()) {
    throw AdminError::bad_request("limit must be a whole number, not '" + std::string(*text) + "'");
  }
  return limit;
}

}  // namespace

Json list_requests(AdminCall& call) {
  const std::size_t limit = limit_of(call);
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
