#pragma once

#include <chrono>
#include <cstddef>
#include <functional>

#include "engine/durability_ticket.h"
#include "protocol/admin/admin_api.h"
#include "protocol/dispatch.h"
#include "server/credentials.h"
#include "server/http_message.h"

namespace ddb::server {

// DynamoDB accepts request bodies up to 16 MiB (16,777,216 bytes exactly) and answers 413 above
// that.
inline constexpr std::size_t kMaxRequestBodyBytes = 16 * 1024 * 1024;

// What answers requests, besides the request itself. Everything it refers to must outlive it.
struct Endpoint {
  const protocol::Dispatcher& dispatcher;
  // When set (--require-auth), every request's SigV4 signature is verified against these;
  // otherwise any well-formed credentials are accepted.
  const Credentials* credentials = nullptr;
  // The server's clock, which a signature's date must be near.
  std::function<std::chrono::system_clock::time_point()> now = std::chrono::system_clock::now;
  // ddblocal's admin API (paths under /ddblocal/); nullptr with --no-admin-api, when those paths
  // are answered as DynamoDB answers any path it does not serve.
  const protocol::AdminApi* admin = nullptr;
};

// An answer, and what has to be durable before it is sent: a write's place in the data directory's
// log (protocol::Response::durability), empty for everything else. The session hands it to
// Dispatcher::when_durable before it writes the response, and waits `delay` first.
struct Routed {
  HttpResponse response;
  engine::DurabilityTicket durability;
  // How long the session waits before sending it (protocol::Response::delay, a fault rule's
  // latency); zero for almost every request.
  std::chrono::milliseconds delay{0};
};

// Answers one HTTP request as DynamoDB's endpoint does: `POST /` with a JSON content type goes
// through SigV4 (server/auth, server/sigv4) to the dispatcher; `GET /` is the health check
// ("healthy: <Host> "); a path under /ddblocal/ goes to the admin API (signed, under
// --require-auth, like any request); anything else is DynamoDB's 404. A gzip or deflate body is
// decoded after the signature check (clients sign the bytes they send); another Content-Encoding,
// or a body that does not decode, is a 500. A response of kMinCompressedResponseBytes or more is
// compressed in the coding the request's Accept-Encoding prefers (server/gzip). Every response
// carries x-amzn-RequestId, x-amz-crc32 (over the bytes sent, compressed or not), CORS fields when
// the request has an Origin, and keeps the connection alive when the request allows it (the
// session's writer adds Date, Server, Content-Length and Connection). Never throws. Thread-safe
// when the dispatcher is. Never waits for the disk. A GET under /ddblocal/console is the web
// console's static files (protocol/console), served unsigned even under --require-auth.
Routed route(const HttpRequest& request, const Endpoint& endpoint);

// The answer to a request whose body is over kMaxRequestBodyBytes: 413, empty chunked body, CORS
// when the request has an Origin, and the connection closes (after the session has drained the
// body).
HttpResponse payload_too_large(const HttpRequest& request);

// The answer to bytes that are not HTTP/1.1: 400, empty body, and the connection closes.
HttpResponse bad_http_request(unsigned http_version);

}  // namespace ddb::server
