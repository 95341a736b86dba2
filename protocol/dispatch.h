#pragma once

#include <string_view>

#include "protocol/call.h"
#include "protocol/namespaces.h"

namespace ddb::engine {
class Database;
}

namespace ddb::protocol {

// Turns one DynamoDB JSON request into one response. Thread-safe: one Dispatcher serves every
// session. Never throws: DynamoDB errors become their JSON error body, anything else a logged 500.
class Dispatcher {
 public:
  explicit Dispatcher(engine::Database& database, Namespaces namespaces = Namespaces::PerAccessKey)
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
