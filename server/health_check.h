#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace ddb::server {

// Asks the ddblocal (or any DynamoDB endpoint) at host:port for its health page (GET /), as a
// container's HEALTHCHECK does. A wildcard host (0.0.0.0, ::) means this machine. Returns true when
// it answers 200 "healthy: ..." within `timeout`; otherwise false, with what went wrong in
// `problem`.
bool check_health(std::string host, uint16_t port, std::chrono::milliseconds timeout,
                  std::string& problem);

}  // namespace ddb::server
