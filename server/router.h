#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstddef>

#include "protocol/dispatch.h"

namespace ddb::server {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// DynamoDB accepts request bodies up to 16 MiB (16,777,216 bytes exactly) and answers 413 above
// that.
inline constexpr std::size_t kMaxRequestBodyBytes = 16 * 1024 * 1024;

// Answers one HTTP request as DynamoDB's endpoint does: `POST /` with a JSON content type goes
// through SigV4 (server/auth) to `dispatcher`; `GET` is the health check; anything else is
// DynamoDB's 404. Every response carries x-amzn-RequestId, x-amz-crc32 and Content-Length, and
// keeps the connection alive when the request allows it. Never throws. Thread-safe when
// `dispatcher` is.
HttpResponse route(const HttpRequest& request, const protocol::Dispatcher& dispatcher);

// The answer to a request whose body is over kMaxRequestBodyBytes: 413, empty chunked body, and the
// connection closes (the rest of the body is never read).
HttpResponse payload_too_large(unsigned http_version);

// The answer to bytes that are not HTTP/1.1: 400, empty body, and the connection closes.
HttpResponse bad_http_request(unsigned http_version);

}  // namespace ddb::server
