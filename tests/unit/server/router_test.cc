#include "server/router.h"

#include <gtest/gtest.h>

#include <boost/beast/http/field.hpp>
#include <boost/beast/http/verb.hpp>
#include <string>
#include <string_view>

#include "engine/database.h"
#include "protocol/admin/admin_api.h"
#include "protocol/dispatch.h"
#include "server/crc32.h"
#include "server/credentials.h"
#include "server/gzip.h"

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
    return route(request, Endpoint{dispatcher_}).response;
  }

  static std::string header(const HttpResponse& response, std::string_view name) {
    return response.header(name);
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

// GET / names the Host sent; GET on any other path is DynamoDB's 404.
TEST_F(Router, HealthCheckNamesTheRequestsHostOnlyAtTheRoot) {
  auto get = [this](std::string_view path) {
    HttpRequest request{http::verb::get, path, 11};
    request.set(http::field::host, "localhost:8000");
    return route(request, Endpoint{dispatcher_}).response;
  };
  HttpResponse health = get("/?probe=1");
  EXPECT_EQ(health.result_int(), 200);
  EXPECT_EQ(health.body(), "healthy: localhost:8000 ");
  HttpResponse other = get("/shell/");
  EXPECT_EQ(other.result_int(), 404);
  EXPECT_EQ(other.body(), "<UnknownOperationException/>\n");
}

TEST_F(Router, EveryResponseToAnOriginCarriesCors) {
  HttpRequest request{http::verb::post, "/", 11};
  request.set(http::field::origin, "http://localhost:3000");
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  request.set("X-Amz-Target", "DynamoDB_20120810.ListTables");
  request.body() = "{}";
  HttpResponse response = route(request, Endpoint{dispatcher_}).response;
  EXPECT_EQ(response.result_int(), 400);  // no Authorization
  EXPECT_EQ(header(response, "Access-Control-Allow-Origin"), "*");
  EXPECT_EQ(header(response, "Access-Control-Expose-Headers"),
            "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date");
  request.set(http::field::origin, "");
  EXPECT_EQ(header(route(request, Endpoint{dispatcher_}).response, "Access-Control-Allow-Origin"),
            "*");
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
  EXPECT_FALSE(route(request, Endpoint{dispatcher_}).response.keep_alive());
}

TEST_F(Router, CorsPreflightEchoesRequestedHeaders) {
  HttpRequest request{http::verb::options, "/", 11};
  request.set(http::field::origin, "http://localhost:3000");
  request.set(http::field::access_control_request_headers, "content-type, x-amz-target");
  request.set(http::field::access_control_request_method, "POST");
  HttpResponse response = route(request, Endpoint{dispatcher_}).response;
  EXPECT_EQ(response.result_int(), 200);
  EXPECT_EQ(response.body(), "");
  EXPECT_EQ(header(response, "Access-Control-Allow-Origin"), "*");
  EXPECT_EQ(header(response, "Access-Control-Allow-Headers"), "content-type, x-amz-target");
  EXPECT_EQ(header(response, "Access-Control-Allow-Methods"), "POST");
  EXPECT_EQ(header(response, "Access-Control-Max-Age"), "172800");
}

TEST_F(Router, PayloadTooLargeClosesTheConnection) {
  HttpResponse response = payload_too_large(HttpRequest{http::verb::post, "/", 11});
  EXPECT_EQ(response.result_int(), 413);
  EXPECT_FALSE(response.keep_alive());
  EXPECT_TRUE(response.chunked());
  EXPECT_EQ(response.body(), "");
}

// DynamoDB's answer to a request whose signature does not match.
const std::string kSignatureMismatch =
    R"({"__type":"com.amazon.coral.service#InvalidSignatureException","message":)"
    R"("The request signature we calculated does not match the signature you provided. )"
    R"(Check your AWS Secret Access Key and signing method. Consult the service )"
    R"(documentation for details."})";

// The time signed_list_tables() was signed at.
std::chrono::system_clock::time_point signing_time() {
  return std::chrono::sys_days{std::chrono::year{2026} / 11 / 21} + std::chrono::hours{10};
}

// A signed ListTables request for the router tests below: botocore 1.43's SigV4 headers for
// access key AKIDEXAMPLE and secret "secret", region eu-west-1, at 2026-11-21T10:00:00Z, body {}.
// `target`: the path and query it is sent to (signed for "/").
HttpRequest signed_list_tables(std::string_view target = "/") {
  HttpRequest request{http::verb::post, target, 11};
  request.set(http::field::host, "127.0.0.1:8000");
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  request.set("X-Amz-Target", "DynamoDB_20120810.ListTables");
  request.set("X-Amz-Date", "20261121T100000Z");
  request.set(http::field::authorization,
              "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261121/eu-west-1/dynamodb/aws4_request, "
              "SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
              "Signature=b364f3e08b60b57b2bc03bf6ea3249ed7939ddbfd778e7fa7dd66802ce369067");
  request.body() = "{}";
  request.prepare_payload();
  return request;
}

TEST_F(Router, RequireAuthChecksTheSignature) {
  Credentials right;
  right.add("AKIDEXAMPLE", "secret");
  HttpResponse passed =
      route(signed_list_tables(),
            Endpoint{.dispatcher = dispatcher_, .credentials = &right, .now = signing_time})
          .response;
  EXPECT_EQ(passed.result_int(), 200);
  EXPECT_EQ(passed.body(), R"({"TableNames":[]})");

  Credentials wrong;
  wrong.add("AKIDEXAMPLE", "other secret");
  HttpResponse refused =
      route(signed_list_tables(),
            Endpoint{.dispatcher = dispatcher_, .credentials = &wrong, .now = signing_time})
          .response;
  EXPECT_EQ(refused.result_int(), 400);
  EXPECT_EQ(refused.body(), kSignatureMismatch);

  // Without --require-auth a signature is not checked.
  HttpRequest forged = signed_list_tables();
  forged.body() = R"({"Limit":1})";
  forged.prepare_payload();
  EXPECT_EQ(route(forged, Endpoint{dispatcher_}).response.result_int(), 200);
  EXPECT_EQ(
      route(forged, Endpoint{.dispatcher = dispatcher_, .credentials = &right, .now = signing_time})
          .response.result_int(),
      400);
}

// DynamoDB serves "/": without --require-auth a POST elsewhere is its 404; with it, the signature
// is computed over the path sent, so a request signed for "/" and sent to "/x" is refused.
TEST_F(Router, APostToAnotherPathIsNotFoundOrFailsItsSignature) {
  HttpRequest elsewhere = signed_list_tables("/x");
  HttpResponse unsigned_check = route(elsewhere, Endpoint{dispatcher_}).response;
  EXPECT_EQ(unsigned_check.result_int(), 404);
  EXPECT_EQ(unsigned_check.body(), "<UnknownOperationException/>\n");
  HttpRequest with_query = signed_list_tables("/?a=b");
  EXPECT_EQ(route(with_query, Endpoint{dispatcher_}).response.result_int(), 200);

  Credentials right;
  right.add("AKIDEXAMPLE", "secret");
  HttpResponse refused =
      route(elsewhere,
            Endpoint{.dispatcher = dispatcher_, .credentials = &right, .now = signing_time})
          .response;
  EXPECT_EQ(refused.result_int(), 400);
  EXPECT_EQ(refused.body(), kSignatureMismatch);
}

TEST_F(Router, DecodesAGzipBodyAfterCheckingTheSignatureOverTheSentBytes) {
  HttpRequest request{http::verb::post, "/", 11};
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  request.set("X-Amz-Target", "DynamoDB_20120810.ListTables");
  request.set(http::field::authorization,
              "AWS4-HMAC-SHA256 Credential=AK/20261121/eu-west-1/dynamodb/aws4_request, "
              "SignedHeaders=host, Signature=abc");
  request.set("X-Amz-Date", "20261121T100000Z");
  request.set(http::field::content_encoding, "gzip");
  request.body() = gzip_compress(R"({"Limit":5})");
  request.prepare_payload();
  HttpResponse response = route(request, Endpoint{dispatcher_}).response;
  EXPECT_EQ(response.result_int(), 200);
  EXPECT_EQ(response.body(), R"({"TableNames":[]})");

  // A body that does not decode is DynamoDB's 500 (ScyllaDB's test_compressed_request.py).
  for (std::string body :
       {std::string("not gzip"), std::string(), gzip_compress(R"({"Limit":5})").substr(0, 10)}) {
    request.body() = body;
    request.prepare_payload();
    HttpResponse bad = route(request, Endpoint{dispatcher_}).response;
    EXPECT_EQ(bad.result_int(), 500);
    EXPECT_EQ(bad.body(), R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError",)"
                          R"("message":"Internal server error"})");
  }

  request.body() = gzip_compress(std::string(kMaxRequestBodyBytes + 1, ' '));
  request.prepare_payload();
  EXPECT_EQ(route(request, Endpoint{dispatcher_}).response.result_int(), 413);
}

TEST_F(Router, DecodesDeflateAndRefusesOtherCodingsWith500) {
  HttpRequest request = signed_list_tables();
  request.set(http::field::content_encoding, "deflate");
  request.body() = compress(request.body(), Coding::Deflate);
  request.prepare_payload();
  EXPECT_EQ(route(request, Endpoint{dispatcher_}).response.result_int(), 200);
  request = signed_list_tables();
  request.set(http::field::content_encoding, "garbage");
  EXPECT_EQ(route(request, Endpoint{dispatcher_}).response.result_int(), 500);
}

TEST_F(Router, GzipsLargeResponsesWhenAskedWithTheCrcOfTheSentBytes) {
  HttpRequest request{http::verb::post, "/", 11};
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  request.set("X-Amz-Target", "DynamoDB_20120810.GetItem");
  request.set(http::field::accept_encoding, "gzip, deflate");
  request.set(http::field::authorization,
              "AWS4-HMAC-SHA256 Credential=AK/20261121/eu-west-1/dynamodb/aws4_request, "
              "SignedHeaders=host, Signature=abc");
  request.set("X-Amz-Date", "20261121T100000Z");
  // A ValidationException whose message quotes the long table name makes a large response.
  std::string long_name(5000, 'x');
  request.body() = R"({"TableName":")" + long_name + R"(","Key":{}})";
  request.prepare_payload();
  HttpResponse response = route(request, Endpoint{dispatcher_}).response;
  ASSERT_EQ(header(response, "Content-Encoding"), "gzip");
  EXPECT_EQ(header(response, "x-amz-crc32"), std::to_string(crc32(response.body())));
  EXPECT_EQ(header(response, "Content-Length"), std::to_string(response.body().size()));
  Inflated inflated = gzip_decompress(response.body(), 1 << 20);
  ASSERT_EQ(inflated.status, Inflated::Status::Ok);
  EXPECT_NE(inflated.data.find(long_name), std::string::npos);

  request.set(http::field::accept_encoding, "gzip;q=0.5, deflate");
  HttpResponse deflated = route(request, Endpoint{dispatcher_}).response;
  ASSERT_EQ(header(deflated, "Content-Encoding"), "deflate");
  EXPECT_EQ(decompress(deflated.body(), Coding::Deflate, 1 << 20).data, inflated.data);

  // A response of about 2 KB goes out plain.
  request.body() = R"({"TableName":")" + std::string(2000, 'x') + R"(","Key":{}})";
  request.prepare_payload();
  request.set(http::field::accept_encoding, "gzip");
  EXPECT_EQ(header(route(request, Endpoint{dispatcher_}).response, "Content-Encoding"), "");

  request.body() = R"({"TableName":")" + long_name + R"(","Key":{}})";
  request.prepare_payload();
  request.set(http::field::accept_encoding, "identity");
  HttpResponse plain = route(request, Endpoint{dispatcher_}).response;
  EXPECT_EQ(header(plain, "Content-Encoding"), "");
  EXPECT_EQ(plain.body(), inflated.data);
}

TEST_F(Router, SmallResponsesAreNotGzipped) {
  HttpRequest request = signed_list_tables();
  request.set(http::field::accept_encoding, "gzip");
  HttpResponse response = route(request, Endpoint{dispatcher_}).response;
  EXPECT_EQ(header(response, "Content-Encoding"), "");
  EXPECT_EQ(response.body(), R"({"TableNames":[]})");
}

// DynamoDB's order (issue 20): bad JSON and the target before the credentials, an empty body after.
TEST_F(Router, ChecksJsonAndTargetBeforeCredentialsAndAnEmptyBodyAfter) {
  HttpResponse not_json = send(http::verb::post, "application/x-amz-json-1.0", "{nope");
  EXPECT_EQ(not_json.body(), R"({"__type":"com.amazon.coral.service#SerializationException"})");

  HttpResponse empty = send(http::verb::post, "application/x-amz-json-1.0", "");
  EXPECT_EQ(empty.body(),
            R"({"__type":"com.amazon.coral.service#MissingAuthenticationTokenException",)"
            R"("message":"Request is missing Authentication Token"})");

  HttpRequest request{http::verb::post, "/", 11};
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  HttpResponse no_target = route(request, Endpoint{dispatcher_}).response;
  EXPECT_EQ(no_target.body(), R"({"__type":"com.amazon.coral.service#UnknownOperationException"})");

  request = signed_list_tables();
  request.body().clear();
  request.prepare_payload();
  HttpResponse signed_empty = route(request, Endpoint{dispatcher_}).response;
  EXPECT_EQ(signed_empty.result_int(), 400);
  EXPECT_EQ(signed_empty.body(), R"({"__type":"com.amazon.coral.service#SerializationException"})");
}

// DescribeEndpoints answers the Host header the client sent, so the router hands it on.
TEST_F(Router, PassesTheHostHeaderToTheDispatcher) {
  HttpRequest request{http::verb::post, "/", 11};
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  request.set(http::field::host, "127.0.0.1:8123");
  request.set("X-Amz-Target", "DynamoDB_20120810.DescribeEndpoints");
  request.set(http::field::authorization,
              "AWS4-HMAC-SHA256 Credential=AK/20261121/eu-west-1/dynamodb/aws4_request, "
              "SignedHeaders=host, Signature=abc");
  request.set("X-Amz-Date", "20261121T100000Z");
  request.body() = "{}";
  request.prepare_payload();
  HttpResponse response = route(request, Endpoint{dispatcher_}).response;
  EXPECT_EQ(response.result_int(), 200);
  EXPECT_EQ(response.body(),
            R"({"Endpoints":[{"Address":"127.0.0.1:8123","CachePeriodInMinutes":1440}]})");
}

// The console's files are served without a signature under --require-auth (a browser's navigation
// cannot sign), while the admin API beside them still refuses an unsigned request; with
// --no-admin-api there is no console.
TEST_F(Router, ServesTheConsoleUnsignedAndOnlyWithTheAdminApi) {
  protocol::AdminApi admin({.database = database_});
  Credentials credentials;
  credentials.add("AKIDCONSOLE", "secret");
  Endpoint endpoint{.dispatcher = dispatcher_, .credentials = &credentials, .admin = &admin};
  auto get = [&](std::string_view path, const Endpoint& to) {
    HttpRequest request{http::verb::get, path, 11};
    return route(request, to).response;
  };
  HttpResponse page = get("/ddblocal/console/", endpoint);
  EXPECT_EQ(page.result_int(), 200);
  EXPECT_EQ(header(page, "Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(header(page, "X-Content-Type-Options"), "nosniff");
  EXPECT_NE(header(page, "Content-Security-Policy").find("default-src 'self'"), std::string::npos);
  EXPECT_TRUE(page.body().starts_with("<!doctype html>"));
  HttpResponse redirect = get("/ddblocal/console?x=1", endpoint);
  EXPECT_EQ(redirect.result_int(), 301);
  EXPECT_EQ(header(redirect, "Location"), "/ddblocal/console/");
  EXPECT_EQ(get("/ddblocal/console/missing.js", endpoint).result_int(), 404);
  HttpResponse admin_call = get("/ddblocal/clock", endpoint);
  EXPECT_EQ(admin_call.result_int(), 403);
  EXPECT_NE(admin_call.body().find("MissingAuthenticationTokenException"), std::string::npos);
  HttpResponse off = get("/ddblocal/console/", Endpoint{dispatcher_});
  EXPECT_EQ(off.result_int(), 404);
  EXPECT_EQ(off.body(), "<UnknownOperationException/>\n");
}

}  // namespace
}  // namespace ddb::server
