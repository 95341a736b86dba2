#pragma once

#include <optional>
#include <string>

#include "engine/namespace_scope.h"
#include "protocol/admin/admin_call.h"

namespace ddb::protocol::admin {

// The namespaces a reset or a snapshot covers, from the optional body {"region": R, "accessKey":
// K} (docs/ADMIN.md, "Choosing a namespace"): no body, or an empty object, covers every namespace;
// otherwise the one namespace a caller signing with key K in region R sees. Under
// Namespaces::PerAccessKey both members are required; under PerRegion the region is, and the
// access key is ignored (every key shares a region's tables); under Shared both are ignored, as
// every caller sees the one namespace. Throws AdminError for any other body.
engine::NamespaceScope scope_of(const AdminCall& call);

// The namespace the query parameters ?region=R&accessKey=K select (as a request signed with them
// sees its tables; the region defaults to us-east-1), or nullopt for every namespace when neither
// is given. For the reports, which take no body.
std::optional<std::string> selected_namespace(const AdminCall& call);

// The scope as the admin API reports it: the namespace's name, or null for every namespace.
Json scope_json(const engine::NamespaceScope& scope);

}  // namespace ddb::protocol::admin
