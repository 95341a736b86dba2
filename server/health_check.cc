#include "server/health_check.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

namespace ddb::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

bool check_health(std::string host, uint16_t port, std::chrono::milliseconds timeout,
                  std::string& problem) {
  if (host == "0.0.0.0") host = "127.0.0.1";
  if (host == "::") host = "::1";

  asio::io_context io;
  beast::tcp_stream stream(io);
  // GET / is DynamoDB's health page: it answers without credentials, so the check works with
  // --require-auth too.
  http::request<http::string_body> request{http::verb::get, "/", 11};
  request.set(http::field::host, host);
  request.prepare_payload();

  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  beast::error_code failure;
  bool answered = false;
  auto fail = [&failure](beast::error_code ec) {
    if (ec && !failure) failure = ec;
    return static_cast<bool>(ec);
  };

  asio::ip::tcp::resolver resolver(io);
  stream.expires_after(timeout);
  resolver.async_resolve(
      host, std::to_string(port), [&](beast::error_code resolved, auto endpoints) {
        if (fail(resolved)) return;
        stream.async_connect(endpoints, [&](beast::error_code connected, const auto&) {
          if (fail(connected)) return;
          http::async_write(stream, request, [&](beast::error_code written, std::size_t) {
            if (fail(written)) return;
            http::async_read(stream, buffer, response,
                             [&](beast::error_code read, std::size_t) { answered = !fail(read); });
          });
        });
      });
  io.run_for(timeout + std::chrono::milliseconds(100));

  if (failure || !answered) {
    problem = "no answer from " + host + ":" + std::to_string(port) + ": " +
              (failure ? failure.message() : "timed out");
    return false;
  }
  if (response.result() != http::status::ok || !response.body().starts_with("healthy: ")) {
    problem = "GET / answered " + std::to_string(response.result_int()) + ": " +
              response.body().substr(0, 200);
    return false;
  }
  return true;
}

}  // namespace ddb::server
