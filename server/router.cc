#include "server/router.h"

#include <spdlog/spdlog.h>

#include <boost/beast/core/string.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/verb.hpp>
#include <exception>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engine/error.h"
#include "protocol/console/console.h"
#include "protocol/error_json.h"
#include "server/auth.h"
#include "server/crc32.h"
#include "server/gzip.h"
#include "server/http_whitespace.h"
#include "server/request_id.h"
#include "server/sigv4.h"

namespace ddb::server {

namespace http = boost::beast::http;

namespace {

constexpr std::string_view kAmzJson = "application/x-amz-json-1.0";
constexpr std::string_view kJson = "application/json";

// Sources for the wire behaviour below: dynalite's test/connection.js, whose tests run against AWS
// and pin status, body, Content-Type and x-amz-crc32 for each case.
// GET / answers "healthy: " and the request's Host, then a space (issue 20; dynalite's capture for
// Host dynamodb.us-east-1.amazonaws.com shows the trailing space).
constexpr std::string_view kHealthPrefix = "healthy: ";
constexpr std::string_view kDefaultHost = "dynamodb.us-east-1.amazonaws.com";
constexpr std::string_view kNotFoundBody = "<UnknownOperationException/>\n";

constexpr std::string_view kExposedHeaders =
    "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date";

// The media type without parameters: DynamoDB accepts "application/json; charset=utf-8" but not
// "application/x-amz-json-1.1".
std::string_view media_type(std::string_view content_type) {
  return trim_http_whitespace(content_type.substr(0, content_type.find(';')));
}

// DynamoDB sends both on every response to a request with an Origin (issue 20), errors included.
void add_cors(HttpResponse& response, const HttpRequest& request) {
  if (request.has(http::field::origin)) {
    response.set(http::field::access_control_allow_origin, "*");
    response.set(http::field::access_control_expose_headers, std::string(kExposedHeaders));
  }
}

// Headers every response carries; then Content-Length from the body as it will be sent.
void finish(HttpResponse& response, const HttpRequest& request) {
  response.set("x-amzn-RequestId", new_request_id());
  response.set("x-amz-crc32", std::to_string(crc32(response.body())));
  // Browsers calling DynamoDB directly (the JS SDK in a page) need CORS; DynamoDB allows any
  // origin.
  add_cors(response, request);
  response.keep_alive(request.keep_alive());
}

HttpResponse text_response(const HttpRequest& request, http::status status, std::string_view body) {
  HttpResponse response{static_cast<int>(status), request.version()};
  response.body() = std::string(body);
  finish(response, request);
  return response;
}

// A CORS preflight: 200, no body, the requested headers and method echoed back.
HttpResponse preflight(const HttpRequest& request) {
  HttpResponse response{static_cast<int>(http::status::ok), request.version()};
  if (auto headers = request.header(http::field::access_control_request_headers);
      !headers.empty()) {
    response.set(http::field::access_control_allow_headers, std::string(headers));
  }
  if (auto method = request.header(http::field::access_control_request_method); !method.empty()) {
    response.set(http::field::access_control_allow_methods, std::string(method));
  }
  response.set(http::field::access_control_max_age, "172800");
  finish(response, request);
  return response;
}

// The HTTP answer carrying `result`: in the content type the request was sent in, compressed
// when it is large and the request's Accept-Encoding allows it.
HttpResponse json_response(const HttpRequest& request, std::string_view type,
                           protocol::Response result) {
  if (!result.internal_error.empty()) {
    spdlog::error("internal error handling {}: {}",
                  std::string_view(request.header("X-Amz-Target")), result.internal_error);
  }
  HttpResponse response{result.status, request.version()};
  // DynamoDB answers in the content type it was asked in.
  response.set(
      http::field::content_type,
      std::string(boost::beast::iequals(type, kAmzJson) || type.empty() ? kAmzJson : kJson));
  response.body() = std::move(result.body);
  if (response.body().size() >= kMinCompressedResponseBytes) {
    Coding coding = response_coding(request.header(http::field::accept_encoding));
    if (coding != Coding::Identity) {
      response.body() = compress(response.body(), coding);
      response.set(http::field::content_encoding, coding == Coding::Gzip ? "gzip" : "deflate");
    }
  }
  finish(response, request);
  return response;
}

SignedRequest signed_request(const HttpRequest& request, std::string_view path,
                             std::string_view query) {
  SignedRequest signed_request{.method = request.method_string(),
                               .path = path,
                               .query = query,
                               .headers = {},
                               .body = request.body()};
  signed_request.headers.reserve(request.field_count());
  for (std::size_t i = 0; i < request.field_count(); ++i) {
    HttpField field = request.field(i);
    signed_request.headers.push_back({field.name, field.value});
  }
  return signed_request;
}

// The caller a request's SigV4 credential scope names, its signature verified under
// --require-auth. Throws engine::Error with DynamoDB's authentication errors.
protocol::Caller authenticated_caller(const HttpRequest& request, std::string_view path,
                                      std::string_view query, const Endpoint& endpoint) {
  Authentication authentication =
      read_authentication({.authorization = request.header(http::field::authorization),
                           .amz_date = request.header("X-Amz-Date"),
                           .date = request.header(http::field::date),
                           .query = query});
  if (endpoint.credentials != nullptr) {
    verify_signature(signed_request(request, path, query), authentication.fields,
                     *endpoint.credentials, endpoint.now());
  }
  return std::move(authentication.caller);
}

// `body` is the request's body decoded (Content-Encoding); request.body() is what was signed.
protocol::Response call(const HttpRequest& request, std::string_view body,
                        const Endpoint& endpoint) {
  std::string_view target = request.header("X-Amz-Target");
  std::string_view url = request.target();
  std::string_view path = url.substr(0, url.find('?'));
  std::string_view query;
  if (url.find('?') != std::string_view::npos) query = url.substr(url.find('?') + 1);
  try {
    protocol::Caller caller;
    try {
      caller = authenticated_caller(request, path, query, endpoint);
    } catch (const engine::Error& failure) {
      caller.auth_failure = failure;
    }
    caller.host = request.header(http::field::host);
    return endpoint.dispatcher.handle(target, body, caller);
  } catch (const std::exception& e) {
    spdlog::error("internal error handling {}: {}", target, e.what());
  } catch (...) {
    spdlog::error("internal error handling {}: unknown exception", target);
  }
  return protocol::error_response(
      engine::Error(engine::ErrorType::InternalServer, "Internal server error"));
}

// An admin API request (protocol/admin): JSON in, JSON out. Under --require-auth it must be signed
// by a known key, as any DynamoDB request; the refusal is the admin API's own error shape.
HttpResponse admin_response(const HttpRequest& request, std::string_view path,
                            std::string_view query, const Endpoint& endpoint) {
  protocol::AdminResponse answer;
  try {
    if (endpoint.credentials != nullptr) authenticated_caller(request, path, query, endpoint);
    answer = endpoint.admin->handle({.method = request.method_string(),
                                     .path = path.substr(protocol::kAdminPrefix.size()),
                                     .query = query,
                                     .body = request.body()});
  } catch (const engine::Error& failure) {
    answer = {403, nlohmann::json{{"error", protocol::error_type_name(failure.type())},
                                  {"message", failure.message()}}
                       .dump()};
  }
  spdlog::info("admin {} {} -> {}", std::string_view(request.method_string()), path, answer.status);
  HttpResponse response{answer.status, request.version()};
  response.set(http::field::content_type, std::string(kJson));
  response.body() = std::move(answer.body);
  finish(response, request);
  return response;
}

// A file of the web console (protocol/console). It is served unsigned even under --require-auth, as
// a browser's navigation cannot sign; the page signs each API call it makes. Its policy keeps the
// page to this server: no script, style or fetch from anywhere else.
HttpResponse console_response(const HttpRequest& request, std::string_view path) {
  protocol::ConsoleAnswer answer = protocol::console_answer(path);
  HttpResponse response{answer.status, request.version()};
  response.set(http::field::content_type, std::string(answer.content_type));
  if (!answer.location.empty()) response.set(http::field::location, answer.location);
  response.set(http::field::cache_control, "no-cache");
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Content-Security-Policy",
               "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
               "frame-ancestors 'none'");
  response.body() = std::string(answer.body);
  finish(response, request);
  return response;
}

}  // namespace

Routed route(const HttpRequest& request, const Endpoint& endpoint) {
  const bool has_origin = request.has(http::field::origin);
  if (request.method() == http::verb::options && has_origin) return {preflight(request), {}};
  if (endpoint.admin != nullptr) {
    std::string_view url = request.target();
    std::string_view path = url.substr(0, url.find('?'));
    if (path.starts_with(protocol::kAdminPrefix)) {
      std::string_view admin_path = path.substr(protocol::kAdminPrefix.size());
      if (request.method() == http::verb::get && protocol::is_console_path(admin_path)) {
        return {console_response(request, admin_path), {}};
      }
      std::string_view query = path.size() < url.size() ? url.substr(path.size() + 1) : "";
      return {admin_response(request, path, query, endpoint), {}};
    }
  }
  if (request.method() == http::verb::get) {
    std::string_view url = request.target();
    if (url.substr(0, url.find('?')) != "/") {
      return {text_response(request, http::status::not_found, kNotFoundBody), {}};
    }
    std::string_view host = request.header(http::field::host);
    std::string body;
    body.reserve(kHealthPrefix.size() + kDefaultHost.size() + host.size() + 1);
    body += kHealthPrefix;
    body += host.empty() ? kDefaultHost : host;
    body += ' ';
    return {text_response(request, http::status::ok, body), {}};
  }

  // A body needs a JSON content type; an empty body is let through so that the dispatcher can
  // answer it (SerializationException or UnknownOperation). DynamoDB serves "/": a POST to another
  // path gets the 404 of a request it does not serve when signatures are not checked; with
  // --require-auth the signature, computed over the path sent, refuses a request signed for
  // another path (issue 20).
  std::string_view type = media_type(request.header(http::field::content_type));
  const bool json = boost::beast::iequals(type, kAmzJson) || boost::beast::iequals(type, kJson);
  std::string_view url = request.target();
  const bool served_path = endpoint.credentials != nullptr || url.substr(0, url.find('?')) == "/";
  if (request.method() != http::verb::post || (!request.body().empty() && !json) || !served_path) {
    return {text_response(request, http::status::not_found, kNotFoundBody), {}};
  }

  // A compressed body is decoded here, and its signature checked later over the bytes sent. As
  // DynamoDB does (issue 20; ScyllaDB's test_compressed_request.py, run against DynamoDB), an
  // unknown coding or a body that does not decode under its coding is a 500 and nothing runs; one
  // that decodes past the body limit gets the 413 of an oversized body.
  std::string decoded;
  std::string_view body = request.body();
  std::optional<Coding> coding = request_coding(request.header(http::field::content_encoding));
  if (coding != Coding::Identity) {
    Inflated inflated;
    if (coding) inflated = decompress(request.body(), *coding, kMaxRequestBodyBytes);
    if (inflated.status == Inflated::Status::TooLarge) return {payload_too_large(request), {}};
    if (!coding || inflated.status == Inflated::Status::Invalid) {
      return {json_response(request, type,
                            protocol::error_response(engine::Error(
                                engine::ErrorType::InternalServer, "Internal server error"))),
              {}};
    }
    decoded = std::move(inflated.data);
    body = decoded;
  }

  protocol::Response result = call(request, body, endpoint);
  engine::DurabilityTicket durability = result.durability;
  const std::chrono::milliseconds delay = result.delay;
  return {json_response(request, type, std::move(result)), std::move(durability), delay};
}

HttpResponse payload_too_large(const HttpRequest& request) {
  HttpResponse response{static_cast<int>(http::status::payload_too_large), request.version()};
  response.set("x-amzn-RequestId", new_request_id());
  add_cors(response, request);
  response.keep_alive(false);
  response.chunked(true);
  return response;
}

HttpResponse bad_http_request(unsigned http_version) {
  HttpResponse response{static_cast<int>(http::status::bad_request), http_version};
  response.set("x-amzn-RequestId", new_request_id());
  response.set("x-amz-crc32", std::to_string(crc32("")));
  response.keep_alive(false);
  return response;
}

}  // namespace ddb::server
