#include "server/response_head.h"

#include <gtest/gtest.h>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <sstream>
#include <string>

namespace ddb::server {
namespace {

namespace http = boost::beast::http;

constexpr std::string_view kRequestId = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKLMNOP";
constexpr std::string_view kDate = "Sun, 06 Nov 1994 08:49:37 GMT";

HttpResponse response(int status, unsigned version, std::string body, bool keep_alive = true) {
  HttpResponse r{status, version};
  r.set("Content-Type", "application/x-amz-json-1.0");
  r.set("x-amzn-RequestId", std::string(kRequestId));
  r.set("x-amz-crc32", "2745614147");
  r.body() = std::move(body);
  r.keep_alive(keep_alive);
  return r;
}

// What Beast's serializer writes for the same response built as Beast's message (the fields in
// the same order, then keep_alive and prepare_payload, as the router used to call them).
std::string beast_bytes(int status, unsigned version, std::string body, bool keep_alive = true) {
  http::response<http::string_body> r{static_cast<http::status>(status), version};
  r.set(http::field::content_type, "application/x-amz-json-1.0");
  r.set("x-amzn-RequestId", kRequestId);
  r.set("x-amz-crc32", "2745614147");
  r.set(http::field::date, std::string(kDate));
  r.set(http::field::server, "Server");
  r.body() = std::move(body);
  r.keep_alive(keep_alive);
  r.prepare_payload();
  std::ostringstream out;
  out << r;
  return out.str();
}

// The writer's bytes with its Date value (now) replaced by kDate.
std::string fast_bytes(const HttpResponse& response) {
  std::string out;
  append_response_head(response, out);
  std::size_t date = out.find("\r\nDate: ");
  EXPECT_NE(date, std::string::npos) << out;
  if (date != std::string::npos) out.replace(date + 8, kDate.size(), kDate);
  return out + (response.chunked() ? std::string(kEmptyChunkedBody) : response.body());
}

TEST(ResponseHead, MatchesBeastForAnOk) {
  std::string body = R"({"Item":{"pk":{"S":"a"}}})";
  EXPECT_EQ(fast_bytes(response(200, 11, body)), beast_bytes(200, 11, body));
  EXPECT_TRUE(fast_bytes(response(200, 11, body)).starts_with("HTTP/1.1 200 OK\r\nContent-Type: "));
}

TEST(ResponseHead, MatchesBeastForErrorsVersionsAndConnections) {
  std::string body = R"({"__type":"x","message":"y"})";
  for (int status : {400, 404, 413, 500, 503}) {
    for (unsigned version : {10u, 11u}) {
      for (bool keep_alive : {true, false}) {
        EXPECT_EQ(fast_bytes(response(status, version, body, keep_alive)),
                  beast_bytes(status, version, body, keep_alive))
            << status << " " << version << " " << keep_alive;
      }
    }
  }
}

TEST(ResponseHead, MatchesBeastWithAnEmptyBody) {
  EXPECT_EQ(fast_bytes(response(200, 11, "")), beast_bytes(200, 11, ""));
}

// The 413 of an oversized request: RFC 9112's empty chunked body is the last chunk ("0\r\n") and
// the blank line that ends the (empty) trailer section.
TEST(ResponseHead, ChunkedResponseHasAnEmptyChunkedBody) {
  HttpResponse r{413, 11};
  r.set("x-amzn-RequestId", std::string(kRequestId));
  r.keep_alive(false);
  r.chunked(true);
  EXPECT_EQ(fast_bytes(r),
            "HTTP/1.1 413 Payload Too Large\r\nx-amzn-RequestId: " + std::string(kRequestId) +
                "\r\nDate: " + std::string(kDate) +
                "\r\nServer: Server\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
                "0\r\n\r\n");
}

TEST(ResponseHead, AppendsToWhatIsThere) {
  std::string out = "before";
  append_response_head(response(200, 11, "{}"), out);
  EXPECT_TRUE(out.starts_with("beforeHTTP/1.1 200 OK\r\n"));
  EXPECT_TRUE(out.ends_with("Content-Length: 2\r\n\r\n"));
}

}  // namespace
}  // namespace ddb::server
