#include "server/response_head.h"

#include <gtest/gtest.h>

#include <boost/beast/http/field.hpp>
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/write.hpp>
#include <sstream>
#include <string>

namespace ddb::server {
namespace {

namespace http = boost::beast::http;

// Beast's own serializer is the reference: the head plus the body must be the bytes it writes.
std::string beast_bytes(const HttpResponse& response) {
  std::ostringstream out;
  out << response;
  return out.str();
}

std::string fast_bytes(const HttpResponse& response) {
  std::string out;
  append_response_head(response, out);
  return out + response.body();
}

HttpResponse response(http::status status, unsigned version, std::string body) {
  HttpResponse r{status, version};
  r.set(http::field::content_type, "application/x-amz-json-1.0");
  r.set("x-amzn-RequestId", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKLMNOP");
  r.set("x-amz-crc32", "2745614147");
  r.body() = std::move(body);
  r.prepare_payload();
  return r;
}

TEST(ResponseHead, MatchesBeastForAnOk) {
  HttpResponse r = response(http::status::ok, 11, R"({"Item":{"pk":{"S":"a"}}})");
  EXPECT_EQ(fast_bytes(r), beast_bytes(r));
  EXPECT_TRUE(fast_bytes(r).starts_with("HTTP/1.1 200 OK\r\nContent-Type: "));
}

TEST(ResponseHead, MatchesBeastForErrorsAndOldVersions) {
  for (auto status :
       {http::status::bad_request, http::status::not_found, http::status::payload_too_large,
        http::status::internal_server_error, http::status::service_unavailable}) {
    for (unsigned version : {10u, 11u}) {
      HttpResponse r = response(status, version, R"({"__type":"x","message":"y"})");
      r.keep_alive(version == 11);
      EXPECT_EQ(fast_bytes(r), beast_bytes(r)) << static_cast<int>(status) << " " << version;
    }
  }
}

TEST(ResponseHead, MatchesBeastWithAnEmptyBodyAndAnOwnReason) {
  HttpResponse empty = response(http::status::ok, 11, "");
  EXPECT_EQ(fast_bytes(empty), beast_bytes(empty));
  HttpResponse reasoned = response(http::status::ok, 11, "{}");
  reasoned.reason("Fine");
  EXPECT_EQ(fast_bytes(reasoned), beast_bytes(reasoned));
  EXPECT_TRUE(fast_bytes(reasoned).starts_with("HTTP/1.1 200 Fine\r\n"));
}

TEST(ResponseHead, AppendsToWhatIsThere) {
  HttpResponse r = response(http::status::ok, 11, "{}");
  std::string out = "before";
  append_response_head(r, out);
  EXPECT_TRUE(out.starts_with("beforeHTTP/1.1 200 OK\r\n"));
  EXPECT_TRUE(out.ends_with("\r\n\r\n"));
}

}  // namespace
}  // namespace ddb::server
