#include "protocol/admin/admin_scope.h"

#include <optional>
#include <string>

#include "protocol/namespaces.h"

namespace ddb::protocol::admin {

namespace {

std::optional<std::string> string_member(const Json& body, const char* name) {
  auto it = body.find(name);
  if (it == body.end()) return std::nullopt;
  if (!it->is_string() || it->get_ref<const std::string&>().empty()) {
    throw AdminError::bad_request(std::string(name) + " must be a non-empty string");
  }
  return it->get<std::string>();
}

}  // namespace

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

engine::NamespaceScope scope_of(const AdminCall& call) {
  const Json& body = call.body;
  if (body.is_null()) return engine::NamespaceScope::all();
  if (!body.is_object()) {
    throw AdminError::bad_request(R"(the body must be {"region": ..., "accessKey": ...} or none)");
  }
  for (const auto& [name, value] : body.items()) {
    if (name != "region" && name != "accessKey") {
      throw AdminError::bad_request("unknown member " + name +
                                    "; a namespace is chosen by region and accessKey");
    }
  }
  std::optional<std::string> region = string_member(body, "region");
  std::optional<std::string> access_key = string_member(body, "accessKey");
  if (!region && !access_key) return engine::NamespaceScope::all();
  Caller caller;
  switch (call.services.namespaces) {
    case Namespaces::PerAccessKey:
      if (!region || !access_key) {
        throw AdminError::bad_request(
            "tables are kept per access key and region: give both region and accessKey");
      }
      caller.access_key = std::move(*access_key);
      caller.region = std::move(*region);
      break;
    case Namespaces::PerRegion:
      if (!region) {
        throw AdminError::bad_request(
            "tables are kept per region (every access key shares a "
            "region's tables): give region");
      }
      caller.region = std::move(*region);
      break;
    case Namespaces::Shared:
      break;
  }
  return engine::NamespaceScope::only(namespace_of(call.services.namespaces, caller));
}

Json scope_json(const engine::NamespaceScope& scope) {
  return scope.name ? Json(*scope.name) : Json(nullptr);
}

}  // namespace ddb::protocol::admin
