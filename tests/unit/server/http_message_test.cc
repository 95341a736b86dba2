#include "server/http_message.h"

#include <gtest/gtest.h>

#include <string>

#include "server/request_parser.h"

namespace ddb::server {
namespace {

namespace http = boost::beast::http;

// Parses `bytes` as one request into `request` the way a session does; returns the error.
boost::beast::error_code parse(std::string_view bytes, HttpRequest& request) {
  RequestParser parser(request);
  parser.eager(true);
  boost::beast::error_code ec;
  parser.put(boost::asio::buffer(bytes.data(), bytes.size()), ec);
  if (!ec && !parser.is_done()) ec = http::error::need_more;
  return ec;
}

TEST(HttpRequest, ParsesRequestLineFieldsAndBody) {
  HttpRequest request;
  ASSERT_FALSE(
      parse("POST /?a=b HTTP/1.1\r\nHost: x\r\nX-Amz-Target: T.ListTables\r\n"
            "content-type: application/json\r\nContent-Length: 2\r\n\r\n{}",
            request));
  EXPECT_EQ(request.method(), http::verb::post);
  EXPECT_EQ(request.method_string(), "POST");
  EXPECT_EQ(request.target(), "/?a=b");
  EXPECT_EQ(request.version(), 11u);
  EXPECT_EQ(request.header("x-amz-target"), "T.ListTables");
  EXPECT_EQ(request.header(http::field::content_type), "application/json");
  EXPECT_TRUE(request.has("HOST"));
  EXPECT_FALSE(request.has("Origin"));
  EXPECT_EQ(request.header("Origin"), "");
  ASSERT_EQ(request.field_count(), 4u);
  EXPECT_EQ(request.field(1).name, "X-Amz-Target");
  EXPECT_EQ(request.field(1).value, "T.ListTables");
  EXPECT_EQ(request.body(), "{}");
}

TEST(HttpRequest, ReusedForTheNextRequestForgetsTheLast) {
  HttpRequest request;
  ASSERT_FALSE(parse("POST / HTTP/1.1\r\nA: 1\r\nContent-Length: 3\r\n\r\nabc", request));
  ASSERT_FALSE(parse("GET /x HTTP/1.0\r\nB: 2\r\n\r\n", request));
  EXPECT_EQ(request.method(), http::verb::get);
  EXPECT_EQ(request.target(), "/x");
  EXPECT_EQ(request.version(), 10u);
  EXPECT_FALSE(request.has("A"));
  EXPECT_EQ(request.header("B"), "2");
  EXPECT_EQ(request.body(), "");
}

TEST(HttpRequest, ReadsAChunkedBody) {
  HttpRequest request;
  ASSERT_FALSE(
      parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
            "3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n",
            request));
  EXPECT_EQ(request.body(), R"({"a":1})");
}

TEST(HttpRequest, KeepAliveFollowsVersionAndConnection) {
  EXPECT_TRUE(HttpRequest(http::verb::post, "/", 11).keep_alive());
  EXPECT_FALSE(HttpRequest(http::verb::post, "/", 10).keep_alive());
  HttpRequest close{http::verb::post, "/", 11};
  close.set(http::field::connection, "TE, Close");
  EXPECT_FALSE(close.keep_alive());
  HttpRequest old{http::verb::post, "/", 10};
  old.set("connection", "keep-alive");
  EXPECT_TRUE(old.keep_alive());
}

TEST(HttpRequest, SetReplacesEveryFieldOfTheName) {
  HttpRequest request{http::verb::post, "/", 11};
  request.add("Accept-Encoding", "gzip");
  request.add("accept-encoding", "br");
  request.set(http::field::accept_encoding, "identity");
  EXPECT_EQ(request.field_count(), 1u);
  EXPECT_EQ(request.header("Accept-Encoding"), "identity");
  request.body() = "12345";
  request.prepare_payload();
  EXPECT_EQ(request.header("content-length"), "5");
}

TEST(HttpRequest, RefusesWhatBeastRefuses) {
  HttpRequest request;
  EXPECT_EQ(parse("NOT HTTP\r\n\r\n", request).category(),
            http::make_error_code(http::error::bad_method).category());
  RequestParser limited(request);
  limited.body_limit(4);
  boost::beast::error_code ec;
  std::string_view big = "POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\n12345";
  limited.put(boost::asio::buffer(big.data(), big.size()), ec);
  EXPECT_EQ(ec, http::error::body_limit);
}

TEST(HttpResponse, SetReplacesAndHeaderSeesWhatTheWriterAdds) {
  HttpResponse response{200, 11};
  response.set("Content-Type", "a");
  response.set(http::field::content_type, "b");
  ASSERT_EQ(response.fields().size(), 1u);
  EXPECT_EQ(response.header("content-type"), "b");
  response.body() = "abc";
  EXPECT_EQ(response.header("Content-Length"), "3");
  EXPECT_EQ(response.header("Connection"), "");
  response.keep_alive(false);
  EXPECT_EQ(response.header("Connection"), "close");
}

}  // namespace
}  // namespace ddb::server
