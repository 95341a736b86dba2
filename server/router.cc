#include "server/router.h"

#include <spdlog/spdlog.h>

#include <boost/beast/core/string.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/verb.hpp>
#include <exception>
#include <string>
#include <string_view>
#include <utility>

#include "engine/error.h"
#include "protocol/error_json.h"
#include "server/auth.h"
#include "server/crc32.h"
#include "server/request_id.h"

namespace ddb::server {

namespace http = boost::beast::http;

namespace {

constexpr std::string_view kAmzJson = "application/x-amz-json-1.0";
constexpr std::string_view kJson = "application/json";

// Sources for the wire behaviour below: dynalite's test/connection.js, whose tests run against AWS
// and pin status, body, Content-Type and x-amz-crc32 for each case.
constexpr std::string_view kHealthBody = "healthy: dynamodb.us-east-1.amazonaws.com ";
constexpr std::string_view kNotFoundBody = "<UnknownOperationException/>\n";

std::string_view header(const HttpRequest& request, http::field field) {
  auto it = request.find(field);
  return it == request.end() ? std::string_view{} : std::string_view(it->value());
}

std::string_view header(const HttpRequest& request, std::string_view name) {
  auto it = request.find(name);
  return it == request.end() ? std::string_view{} : std::string_view(it->value());
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The media type without parameters: DynamoDB accepts "application/json; charset=utf-8" but not
// "application/x-amz-json-1.1".
std::string_view media_type(std::string_view content_type) {
  return trim(content_type.substr(0, content_type.find(';')));
}

// Headers every response carries; then Content-Length from the body as it will be sent.
void finish(HttpResponse& response, const HttpRequest& request) {
  response.set("x-amzn-RequestId", new_request_id());
  response.set("x-amz-crc32", std::to_string(crc32(response.body())));
  // Browsers calling DynamoDB directly (the JS SDK in a page) need CORS; DynamoDB allows any
  // origin.
  if (request.find(http::field::origin) != request.end()) {
    response.set(http::field::access_control_allow_origin, "*");
  }
  response.keep_alive(request.keep_alive());
  response.prepare_payload();
}

HttpResponse text_response(const HttpRequest& request, http::status status, std::string_view body) {
  HttpResponse response{status, request.version()};
  response.body() = std::string(body);
  finish(response, request);
  return response;
}

// A CORS preflight: 200, no body, the requested headers and method echoed back.
HttpResponse preflight(const HttpRequest& request) {
  HttpResponse response{http::status::ok, request.version()};
  if (auto headers = header(request, http::field::access_control_request_headers);
      !headers.empty()) {
    response.set(http::field::access_control_allow_headers, headers);
  }
  if (auto method = header(request, http::field::access_control_request_method); !method.empty()) {
    response.set(http::field::access_control_allow_methods, method);
  }
  response.set(http::field::access_control_max_age, "172800");
  finish(response, request);
  return response;
}

protocol::Response call(const HttpRequest& request, const protocol::Dispatcher& dispatcher) {
  std::string_view target = header(request, "X-Amz-Target");
  std::string_view query;
  if (std::string_view url = request.target(); url.find('?') != std::string_view::npos) {
    query = url.substr(url.find('?') + 1);
  }
  try {
    protocol::Caller caller;
    try {
      caller = authenticate({.authorization = header(request, http::field::authorization),
                             .amz_date = header(request, "X-Amz-Date"),
                             .date = header(request, http::field::date),
                             .query = query});
    } catch (const engine::Error& failure) {
      caller.auth_failure = failure;
    }
    return dispatcher.handle(target, request.body(), caller);
  } catch (const std::exception& e) {
    spdlog::error("internal error handling {}: {}", target, e.what());
  } catch (...) {
    spdlog::error("internal error handling {}: unknown exception", target);
  }
  return protocol::error_response(
      engine::Error(engine::ErrorType::InternalServer, "Internal server error"));
}

}  // namespace

HttpResponse route(const HttpRequest& request, const protocol::Dispatcher& dispatcher) {
  const bool has_origin = request.find(http::field::origin) != request.end();
  if (request.method() == http::verb::options && has_origin) return preflight(request);
  if (request.method() == http::verb::get) {
    return text_response(request, http::status::ok, kHealthBody);
  }

  // The path is ignored, as DynamoDB does. A body needs a JSON content type; an empty body is let
  // through so that the dispatcher can answer it (SerializationException or UnknownOperation).
  std::string_view type = media_type(header(request, http::field::content_type));
  const bool json = boost::beast::iequals(type, kAmzJson) || boost::beast::iequals(type, kJson);
  if (request.method() != http::verb::post || (!request.body().empty() && !json)) {
    return text_response(request, http::status::not_found, kNotFoundBody);
  }

  protocol::Response result = call(request, dispatcher);
  if (!result.internal_error.empty()) {
    spdlog::error("internal error handling {}: {}",
                  std::string_view(header(request, "X-Amz-Target")), result.internal_error);
  }
  HttpResponse response{static_cast<http::status>(result.status), request.version()};
  // DynamoDB answers in the content type it was asked in.
  response.set(http::field::content_type,
               boost::beast::iequals(type, kAmzJson) || type.empty() ? kAmzJson : kJson);
  response.body() = std::move(result.body);
  finish(response, request);
  return response;
}

HttpResponse payload_too_large(unsigned http_version) {
  HttpResponse response{http::status::payload_too_large, http_version};
  response.set("x-amzn-RequestId", new_request_id());
  response.keep_alive(false);
  response.chunked(true);
  return response;
}

HttpResponse bad_http_request(unsigned http_version) {
  HttpResponse response{http::status::bad_request, http_version};
  response.set("x-amzn-RequestId", new_request_id());
  response.set("x-amz-crc32", std::to_string(crc32("")));
  response.keep_alive(false);
  response.prepare_payload();
  return response;
}

}  // namespace ddb::server
