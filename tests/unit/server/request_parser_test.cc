#include "server/request_parser.h"

#include <gtest/gtest.h>

#include <boost/beast/http/error.hpp>
#include <string>

namespace ddb::server {
namespace {

namespace http = boost::beast::http;

// Parses `bytes` as a session does (with room in Beast's own limit for both of ours).
boost::beast::error_code parse(const std::string& bytes) {
  HttpRequest request;
  RequestParser parser(request);
  parser.eager(true);
  parser.header_limit(64 * 1024);
  boost::beast::error_code ec;
  parser.put(boost::asio::buffer(bytes.data(), bytes.size()), ec);
  if (!ec && !parser.is_done()) ec = http::error::need_more;
  return ec;
}

std::string request_with(std::size_t target_bytes, std::size_t padding_bytes) {
  return "POST /" + std::string(target_bytes - 1, 'a') +
         " HTTP/1.1\r\nHost: x\r\nX-Pad: " + std::string(padding_bytes, 'b') +
         "\r\nContent-Length: 0\r\n\r\n";
}

TEST(RequestParser, AcceptsARequestLineOf16KiB) {
  // "POST " + target + " HTTP/1.1\r\n" is 16,384 bytes.
  EXPECT_FALSE(parse(request_with(16 * 1024 - 16, 10)));
}

TEST(RequestParser, RefusesARequestLineOver16KiB) {
  EXPECT_EQ(parse(request_with(16 * 1024 - 15, 10)), http::error::header_limit);
}

TEST(RequestParser, AcceptsHeaderFieldsOf16KiB) {
  // "Host: x\r\n" (9) + "X-Pad: ...\r\n" (9 + n) + "Content-Length: 0\r\n" (19) = 16,384 bytes.
  EXPECT_FALSE(parse(request_with(1, 16 * 1024 - 37)));
}

TEST(RequestParser, RefusesHeaderFieldsOver16KiB) {
  EXPECT_EQ(parse(request_with(1, 16 * 1024 - 36)), http::error::header_limit);
}

}  // namespace
}  // namespace ddb::server
