// GET /ddblocal/snapshots, PUT /ddblocal/snapshots/NAME, POST /ddblocal/snapshots/NAME/restore and
// DELETE /ddblocal/snapshots/NAME: the database's tables saved in memory under a name, and put
// back.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/database.h"
#include "protocol/admin/admin_operations.h"
#include "protocol/admin/admin_scope.h"

namespace ddb::protocol::admin {

namespace {

constexpr std::size_t kMaxNameLength = 255;

// The snapshot name of the path, checked: 1 to 255 of A-Z a-z 0-9 . _ - (no escaping is ever
// needed in a URL, a shell or a file name).
const std::string& snapshot_name(const AdminCall& call) {
  const std::string& name = call.path_parameters.at(0);
  const bool allowed = std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-';
  });
  if (!allowed || name.empty() || name.size() > kMaxNameLength) {
    throw AdminError::bad_request(
        "a snapshot name is 1 to 255 characters of A-Z, a-z, 0-9, '.', '_' and '-'");
  }
  return name;
}

std::shared_ptr<const engine::DatabaseSnapshot> find_snapshot(const AdminCall& call,
                                                              const std::string& name) {
  auto snapshot = call.services.database.snapshots().find(name);
  if (!snapshot) throw AdminError::not_found("no snapshot named " + name);
  return snapshot;
}

Json snapshot_json(const std::string& name, const engine::DatabaseSnapshot& snapshot) {
  return {{"name", name},
          {"createdEpochSeconds", static_cast<double>(snapshot.created_ms) / 1000.0},
          {"tables", static_cast<uint64_t>(snapshot.tables.size())},
          {"items", snapshot.item_count()},
          {"namespace", scope_json(snapshot.scope)}};
}

}  // namespace

Json list_snapshots(AdminCall& call) {
  Json snapshots = Json::array();
  for (const auto& [name, snapshot] : call.services.database.snapshots().list()) {
    snapshots.push_back(snapshot_json(name, *snapshot));
  }
  return {{"snapshots", std::move(snapshots)}};
}

Json save_snapshot(AdminCall& call) {
  const std::string& name = snapshot_name(call);
  std::shared_ptr<const engine::DatabaseSnapshot> snapshot =
      call.services.database.snapshot(scope_of(call));
  call.services.database.snapshots().put(name, snapshot);
  return snapshot_json(name, *snapshot);
}

Json restore_snapshot(AdminCall& call) {
  const std::string& name = snapshot_name(call);
  auto snapshot = find_snapshot(call, name);
  const std::size_t restored = call.services.database.restore(*snapshot);
  Json answer = snapshot_json(name, *snapshot);
  answer["tablesRestored"] = static_cast<uint64_t>(restored);
  return answer;
}

Json delete_snapshot(AdminCall& call) {
  const std::string& name = snapshot_name(call);
  if (!call.services.database.snapshots().remove(name)) {
    throw AdminError::not_found("no snapshot named " + name);
  }
  return {{"name", name}, {"deleted", true}};
}

}  // namespace ddb::protocol::admin
