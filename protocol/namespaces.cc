#include "protocol/namespaces.h"

#include "engine/database.h"

namespace ddb::protocol {

std::string namespace_of(Namespaces namespaces, const Caller& caller) {
  switch (namespaces) {
    case Namespaces::PerAccessKey:
      return caller.access_key + "/" + caller.region;
    case Namespaces::PerRegion:
      return caller.region;
    case Namespaces::Shared:
      break;
  }
  return std::string(kSharedNamespace);
}

Namespaces namespaces_for(const engine::Database& database, bool shared_db) {
  if (shared_db) return Namespaces::Shared;
  for (const std::string& name : database.region_names()) {
    // The shared namespace of an earlier --shared-db run stays out of sight, as it always has.
    if (name != kSharedNamespace && name.find('/') == std::string::npos) {
      return Namespaces::PerRegion;
    }
  }
  return Namespaces::PerAccessKey;
}

}  // namespace ddb::protocol
