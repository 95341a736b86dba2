#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "engine/durability_ticket.h"
#include "engine/error.h"

namespace ddb::protocol {

// What the server learned about the caller from the HTTP request (SigV4 credential scope).
struct Caller {
  std::string access_key;
  std::string region = "us-east-1";
  // Why authentication failed, if it did. DynamoDB reports a malformed body or an unknown operation
  // before credentials, so the dispatcher raises this only once the request has parsed.
  std::optional<engine::Error> auth_failure;
  // The request's Host header ("localhost:8000"), as the client addressed this server; empty when
  // the request had none. DescribeEndpoints answers it. A view of the request, valid while
  // Dispatcher::handle runs: only that rare operation reads it, so no request copies it.
  std::string_view host;
};

// One operation's outcome, ready for the wire: HTTP status and JSON body
// (application/x-amz-json-1.0).
struct Response {
  int status = 200;
  std::string body;
  // For a 500: what went wrong, for the server's log (never sent to the client).
  std::string internal_error;
  // What has to be durable before the response is sent (Dispatcher::when_durable); empty when
  // the request changed nothing or the database is in memory.
  engine::DurabilityTicket durability;
  // How long to wait before sending it (a fault rule's latencyMs). The session waits on a timer,
  // so that its thread serves other connections meanwhile.
  std::chrono::milliseconds delay{0};
};

}  // namespace ddb::protocol
