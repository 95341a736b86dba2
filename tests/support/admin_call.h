#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "protocol/admin/admin_api.h"

namespace ddb::test {

// An admin API answer with its body parsed.
struct AdminAnswer {
  int status;
  nlohmann::json body;
};

// One admin request to `api`, in-process.
inline AdminAnswer call_admin(const protocol::AdminApi& api, std::string_view method,
                              std::string_view path, std::string_view body = "",
                              std::string_view query = "") {
  protocol::AdminResponse response =
      api.handle({.method = method, .path = path, .query = query, .body = body});
  return {response.status, nlohmann::json::parse(response.body)};
}

}  // namespace ddb::test
