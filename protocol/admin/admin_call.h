#pragma once

#include <cstddef>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/admin/admin_services.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// What an admin operation gets: the services, the path's variable parts, the query string and the
// body parsed as JSON (null when the request had none).
struct AdminCall {
  const AdminServices& services;
  std::vector<std::string> path_parameters;  // "NAME" of snapshots/NAME, in order
  std::string_view query;
  Json body;
  std::string_view text = {};  // the body as sent, for operations that point at a line of it

  // The value of query parameter `name`, undecoded, or nothing.
  std::optional<std::string_view> query_parameter(std::string_view name) const;
  // Query parameter `name` as a whole number, or nothing; throws AdminError (400) for anything
  // else.
  std::optional<std::size_t> whole_number_parameter(std::string_view name) const;
};

// A refused admin request: an HTTP status of 4xx, an error code ("BadRequest", "NotFound") and a
// message for a person, and perhaps more members that say where the fault is ({"line": 3}).
// Thrown by the operations, answered as {"error": ..., "message": ..., more members}.
class AdminError : public std::exception {
 public:
  AdminError(int status, std::string error, std::string message, Json details = Json::object())
      : status_(status),
        error_(std::move(error)),
        message_(std::move(message)),
        details_(std::move(details)) {}
  static AdminError bad_request(std::string message) {
    return {400, "BadRequest", std::move(message)};
  }
  static AdminError not_found(std::string message) { return {404, "NotFound", std::move(message)}; }

  int status() const { return status_; }
  const std::string& error() const { return error_; }
  const Json& details() const { return details_; }
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  int status_;
  std::string error_;
  std::string message_;
  Json details_;
};

}  // namespace ddb::protocol
