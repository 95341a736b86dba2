#include "protocol/admin/admin_api.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "protocol/admin/admin_operations.h"
#include "protocol/error_json.h"
#include "protocol/json/json_position.h"
#include "protocol/json/json_writer.h"

namespace ddb::protocol {

namespace {

// A path pattern is segments separated by '/'; "*" matches any one non-empty segment, which
// becomes a path parameter.
struct Route {
  std::string_view method;
  std::string_view pattern;
  Json (*operation)(AdminCall&);
};

constexpr std::array kRoutes = {
    Route{"GET", "clock", admin::get_clock},
    Route{"POST", "clock", admin::move_clock},
    Route{"POST", "ttl/run", admin::run_ttl},
    Route{"GET", "requests", admin::list_requests},
    Route{"DELETE", "requests", admin::clear_requests},
    Route{"POST", "reset", admin::reset},
    Route{"GET", "snapshots", admin::list_snapshots},
    Route{"PUT", "snapshots/*", admin::save_snapshot},
    Route{"POST", "snapshots/*/restore", admin::restore_snapshot},
    Route{"DELETE", "snapshots/*", admin::delete_snapshot},
    // The fault rules (protocol/faults).
    Route{"GET", "faults", admin::get_faults},
    Route{"PUT", "faults", admin::put_faults},
    Route{"DELETE", "faults", admin::delete_faults},
    Route{"POST", "seed", admin::seed},
    Route{"GET", "report", admin::get_report},
    Route{"DELETE", "report", admin::clear_report},
    Route{"GET", "contributor-insights", admin::get_contributor_insights},
};

// Whether `path` matches `pattern`; the segments "*" matched are appended to `parameters`.
bool matches(std::string_view pattern, std::string_view path,
             std::vector<std::string>& parameters) {
  parameters.clear();
  while (true) {
    const std::size_t pattern_end = pattern.find('/');
    const std::size_t path_end = path.find('/');
    std::string_view want = pattern.substr(0, pattern_end);
    std::string_view have = path.substr(0, path_end);
    if (want == "*") {
      if (have.empty()) return false;
      parameters.emplace_back(have);
    } else if (want != have) {
      return false;
    }
    if (pattern_end == std::string_view::npos || path_end == std::string_view::npos) {
      return pattern_end == path_end;
    }
    pattern.remove_prefix(pattern_end + 1);
    path.remove_prefix(path_end + 1);
  }
}

AdminResponse error_answer(int status, std::string_view error, std::string_view message,
                           const Json& details = Json::object()) {
  Json answer = details;
  answer["error"] = error;
  answer["message"] = message;
  return {status, write_json(answer)};
}

}  // namespace

std::optional<std::string_view> AdminCall::query_parameter(std::string_view name) const {
  std::string_view rest = query;
  while (!rest.empty()) {
    std::string_view pair = rest.substr(0, rest.find('&'));
    rest.remove_prefix(std::min(rest.size(), pair.size() + 1));
    std::string_view key = pair.substr(0, pair.find('='));
    if (key != name) continue;
    return key.size() == pair.size() ? std::string_view() : pair.substr(key.size() + 1);
  }
  return std::nullopt;
}

std::optional<std::size_t> AdminCall::whole_number_parameter(std::string_view name) const {
  std::optional<std::string_view> value = query_parameter(name);
  if (!value) return std::nullopt;
  std::size_t number = 0;
  auto [end, error] = std::from_chars(value->data(), value->data() + value->size(), number);
  if (error != std::errc() || end != value->data() + value->size() || value->empty()) {
    throw AdminError::bad_request(std::string(name) + " must be a whole number, not '" +
                                  std::string(*value) + "'");
  }
  return number;
}

AdminResponse AdminApi::handle(const AdminRequest& request) const {
  std::vector<std::string> parameters;
  bool path_known = false;
  for (const Route& route : kRoutes) {
    if (!matches(route.pattern, request.path, parameters)) continue;
    path_known = true;
    if (route.method != request.method) continue;
    try {
      AdminCall call{services_, std::move(parameters), request.query, nullptr, request.body};
      if (!request.body.empty()) {
        try {
          call.body = read_json_or_throw(request.body);
        } catch (const JsonSyntaxError& error) {
          throw AdminError::bad_request("the request body is not JSON: line " +
                                        std::to_string(error.line()) + ": " + error.what());
        }
      }
      return {200, write_json(route.operation(call))};
    } catch (const AdminError& error) {
      return error_answer(error.status(), error.error(), error.what(), error.details());
    } catch (const engine::Error& error) {
      // A DynamoDB refusal (a seed's CreateTable input, an item that is not DynamoDB JSON): its
      // type and text as the service words them.
      return error_answer(400, error_type_name(error.type()), error.what());
    } catch (const std::exception& error) {
      return error_answer(500, "InternalError", error.what());
    }
  }
  if (path_known) {
    return error_answer(405, "MethodNotAllowed",
                        std::string(request.method) + " is not allowed on " +
                            std::string(kAdminPrefix) + std::string(request.path));
  }
  return error_answer(404, "NotFound",
                      "no admin operation at " + std::string(kAdminPrefix) +
                          std::string(request.path) + " (see docs/ADMIN.md)");
}

}  // namespace ddb::protocol
