#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/error.h"

namespace ddb::engine {
class Database;
}

namespace ddb::protocol {

// What the server learned about the caller from the HTTP request (SigV4 credential scope).
struct Caller {
  std::string access_key;
  std::string region = "us-east-1";
  // Why authentication failed, if it did. DynamoDB reports a malformed body or an unknown operation
  // before credentials, so the dispatcher raises this only once the request has parsed.
  std::optional<engine::Error> auth_failure;
};

// One operation's outcome, ready for the wire: HTTP status and JSON body
// (application/x-amz-json-1.0).
struct Response {
  int status = 200;
  std::string body;
  // For a 500: what went wrong, for the server's log (never sent to the client).
  std::string internal_error;
};

// How tables are split between callers. PerRegion: each SigV4 region is its own namespace, as on
// AWS. Shared: every caller sees the same tables whatever its region (--shared-db).
enum class Namespaces { PerRegion, Shared };

// The engine::Database region that holds every table under Namespaces::Shared. No SigV4 credential
// scope names an empty region (server/auth keeps the default region then), so it never collides.
inline constexpr std::string_view kSharedRegion = "";

// Turns one DynamoDB JSON request into one response. Thread-safe: one Dispatcher serves every
// session. Never throws: DynamoDB errors become their JSON error body, anything else a logged 500.
class Dispatcher {
 public:
  explicit Dispatcher(engine::Database& database, Namespaces namespaces = Namespaces::PerRegion)
      : database_(database), namespaces_(namespaces) {}

  // `target` is the X-Amz-Target header value ("DynamoDB_20120810.Query"); `body` the request
  // bytes.
  // With a durable database, returns only once the changes the request made are durable.
  Response handle(std::string_view target, std::string_view body, const Caller& caller) const;

 private:
  Response run(std::string_view target, std::string_view body, const Caller& caller) const;

  engine::Database& database_;
  Namespaces namespaces_;
};

}  // namespace ddb::protocol
