#pragma once

#include <string>
#include <string_view>

#include "protocol/call.h"

namespace ddb::engine {
class Database;
}

namespace ddb::protocol {

// How tables are split between callers: which engine::Database region (a namespace name the engine
// gives no meaning) a request's tables live in.
enum class Namespaces {
  // One namespace per access key ID and SigV4 region, as DynamoDB Local keeps one database file
  // per "myaccesskeyid_region" unless started with -sharedDb (DynamoDB Local usage notes). The
  // default: parallel test suites are isolated by using different access keys.
  PerAccessKey,
  // One namespace per region, every access key sharing it: how ddblocal split tables before it
  // followed DynamoDB Local. Kept for data directories written then (see namespaces_for).
  PerRegion,
  // Every caller in one namespace whatever its key and region (--shared-db, -sharedDb).
  Shared,
};

// The namespace that holds every table under Namespaces::Shared. No SigV4 credential scope names
// an empty region (server/auth keeps the default region then), so it never collides.
inline constexpr std::string_view kSharedNamespace = "";

// The namespace of `caller`'s tables: "<access key>/<region>" under PerAccessKey (a SigV4 access
// key and region never contain '/', which splits the credential scope), "<region>" under
// PerRegion, kSharedNamespace under Shared.
std::string namespace_of(Namespaces namespaces, const Caller& caller);

// How the server splits tables, given --shared-db and the tables `database` already holds (restored
// from a data directory). A data directory written before per-access-key namespaces holds
// namespaces named by a region alone; its tables belong to no access key, so such a database keeps
// PerRegion rather than hiding them. Requires: no request is being served yet.
Namespaces namespaces_for(const engine::Database& database, bool shared_db);

}  // namespace ddb::protocol
