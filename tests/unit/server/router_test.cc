#include "server/router.h"

#include <gtest/gtest.h>

#include <boost/beast/http/field.hpp>
#include <boost/beast/http/verb.hpp>
#include <string>
#include <string_view>

#include "engine/database.h"
#include "protocol/dispatch.h"

namespace ddb::server {
namespace {

namespace http = boost::beast::http;

// These cases are all answered before the dispatcher runs; what it answers is tested in protocol/.
class Router : public ::testing::Test {
 protected:
  HttpResponse send(http::verb method, std::string_view content_type, std::string body,
                    std::string_view authorization = {}) {
    HttpRequest request{method, "/", 11};
    if (!content_type.empty()) request.set(http::field::content_type, content_type);
    request.set("X-Amz-Target", "DynamoDB_20120810.ListTables");
    if (!authorization.empty()) request.set(http::field::authorization, authorization);
    request.body() = std::move(body);
    request.prepare_payload();
    return route(request, dispatcher_);
  }

  static std::string header(const HttpResponse& response, std::string_view name) {
    auto it = response.find(name);
    return it == response.end() ? std::string{} : std::string(it->value());
  }

  static void expect_request_id(const HttpResponse& response) {
    std::string id = header(response, "x-amzn-RequestId");
    EXPECT_EQ(id.size(), 52u) << id;
  }

  engine::Database database_;
  protocol::Dispatcher dispatcher_{database_};
};

TEST_F(Router, GetIsTheHealthCheck) {
  HttpResponse response = send(http::verb::get, {}, {});
  EXPECT_EQ(response.result_int(), 200);
  EXPECT_EQ(response.body(), "healthy: dynamodb.us-east-1.amazonaws.com ");
  EXPECT_EQ(header(response, "x-amz-crc32"), "3128867991");
  EXPECT_EQ(header(response, "Content-Length"), "42");
  expect_request_id(response);
}

TEST_F(Router, OtherMethodsGetDynamoDbsNotFound) {
  for (http::verb method : {http::verb::put, http::verb::delete_, http::verb::options}) {
    HttpResponse response = send(method, {}, {});
    EXPECT_EQ(response.result_int(), 404);
    EXPECT_EQ(response.body(), "<UnknownOperationException/>\n");
    EXPECT_EQ(header(response, "x-amz-crc32"), "3552371480");
    EXPECT_EQ(header(response, "Content-Length"), "29");
    expect_request_id(response);
  }
}

TEST_F(Router, BodyWithNonJsonContentTypeIsNotFound) {
  for (std::string_view type :
       {"", "text/plain", "application/x-amz-json-1.1", "application/jsonx"}) {
    HttpResponse response = send(http::verb::post, type, "{}");
    EXPECT_EQ(response.result_int(), 404) << type;
    EXPECT_EQ(response.body(), "<UnknownOperationException/>\n") << type;
  }
}

TEST_F(Router, MissingAuthorizationAnswersInTheRequestsContentType) {
  HttpResponse response = send(http::verb::post, "application/x-amz-json-1.0", "{}");
  EXPECT_EQ(response.result_int(), 400);
  EXPECT_EQ(response.body(),
            R"({"__type":"com.amazon.coral.service#MissingAuthenticationTokenException",)"
            R"("message":"Request is missing Authentication Token"})");
  EXPECT_EQ(header(response, "Content-Type"), "application/x-amz-json-1.0");
  EXPECT_EQ(header(response, "x-amz-crc32"), "2088342776");
  expect_request_id(response);

  response = send(http::verb::post, "application/json; charset=utf-8", "{}");
  EXPECT_EQ(response.result_int(), 400);
  EXPECT_EQ(header(response, "Content-Type"), "application/json");
}

TEST_F(Router, IncompleteAuthorizationHeader) {
  HttpResponse response = send(http::verb::post, "application/x-amz-json-1.0", "{}", "AWS4-");
  EXPECT_EQ(response.result_int(), 400);
  EXPECT_EQ(header(response, "x-amz-crc32"), "1828866742");
}

TEST_F(Router, KeepsConnectionAliveWhenRequestAllows) {
  EXPECT_TRUE(send(http::verb::get, {}, {}).keep_alive());
  HttpRequest request{http::verb::get, "/", 11};
  request.set(http::field::connection, "close");
  EXPECT_FALSE(route(request, dispatcher_).keep_alive());
}

TEST_F(Router, CorsPreflightEchoesRequestedHeaders) {
  HttpRequest request{http::verb::options, "/", 11};
  request.set(http::field::origin, "http://localhost:3000");
  request.set(http::field::access_control_request_headers, "content-type, x-amz-target");
  request.set(http::field::access_control_request_method, "POST");
  HttpResponse response = route(request, dispatcher_);
  EXPECT_EQ(response.result_int(), 200);
  EXPECT_EQ(response.body(), "");
  EXPECT_EQ(header(response, "Access-Control-Allow-Origin"), "*");
  EXPECT_EQ(header(response, "Access-Control-Allow-Headers"), "content-type, x-amz-target");
  EXPECT_EQ(header(response, "Access-Control-Allow-Methods"), "POST");
  EXPECT_EQ(header(response, "Access-Control-Max-Age"), "172800");
}

TEST_F(Router, PayloadTooLargeClosesTheConnection) {
  HttpResponse response = payload_too_large(11);
  EXPECT_EQ(response.result_int(), 413);
  EXPECT_FALSE(response.keep_alive());
  EXPECT_TRUE(response.chunked());
  EXPECT_EQ(response.body(), "");
}

}  // namespace
}  // namespace ddb::server
