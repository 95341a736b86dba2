#include "server/session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <chrono>
#include <exception>
#include <optional>
#include <utility>
#include <vector>

#include "server/router.h"

// GCC 12 misreads Asio's coroutine frame allocator (aligned_alloc paired with its own operator
// delete) as a mismatched new/delete once it inlines the frame allocation into our coroutine. It is
// a compiler false positive, reported at our line, so SYSTEM includes don't hide it.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace ddb::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

// Bytes asked for by the read that waits for a request's first byte.
constexpr std::size_t kFirstReadBytes = 4096;

constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);

// Errors that just mean the peer went away or stopped talking: no answer, no log above debug.
bool is_disconnect(const beast::error_code& ec) {
  return ec == http::error::end_of_stream || ec == http::error::partial_message ||
         ec == beast::error::timeout || ec == asio::error::operation_aborted ||
         ec == asio::error::connection_reset || ec == asio::error::eof ||
         ec == asio::error::bad_descriptor || ec == asio::error::broken_pipe;
}

}  // namespace

void SessionRegistry::add(const std::shared_ptr<Session>& session) {
  std::lock_guard lock(mutex_);
  sessions_.emplace(session.get(), session);
}

void SessionRegistry::remove(const Session* session) {
  std::lock_guard lock(mutex_);
  sessions_.erase(session);
}

std::size_t SessionRegistry::size() {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

void SessionRegistry::close_all() {
  std::vector<std::shared_ptr<Session>> live;
  {
    std::lock_guard lock(mutex_);
    for (auto& [raw, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  for (auto& session : live) asio::post(session->executor(), [session] { session->close(); });
}

void SessionRegistry::stop_all() {
  std::vector<std::shared_ptr<Session>> live;
  {
    std::lock_guard lock(mutex_);
    stopping_.store(true);
    for (auto& [raw, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  // On each session's strand: a session between requests closes now; one serving a request sees
  // stopping() after its response is written.
  for (auto& session : live) {
    asio::post(session->executor(), [session] { session->close_if_idle(); });
  }
}

Session::Session(asio::ip::tcp::socket socket, const Endpoint& endpoint, SessionRegistry& registry,
                 const ConnectionLimits& limits)
    : stream_(std::move(socket)), endpoint_(endpoint), registry_(registry), limits_(limits) {}

asio::awaitable<void> Session::run(std::shared_ptr<Session> self) {
  try {
    co_await self->serve();
  } catch (const std::exception& e) {
    spdlog::warn("connection dropped: {}", e.what());
  }
  beast::error_code ignored;
  self->stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
  self->stream_.close();
  self->registry_.remove(self.get());
}

void Session::close_if_idle() {
  if (idle_) stream_.close();
}

void Session::close() { stream_.close(); }

asio::awaitable<void> Session::serve() {
  beast::flat_buffer buffer;
  while (!registry_.stopping()) {
    // Between requests the connection is idle: it waits up to idle_timeout for the next request's
    // first byte (unless a pipelined request is already buffered), and a stop closes it at once.
    if (buffer.size() == 0) {
      idle_ = true;
      stream_.expires_after(limits_.idle_timeout);
      auto [first_ec, n] =
          co_await stream_.async_read_some(buffer.prepare(kFirstReadBytes), kNoThrow);
      idle_ = false;
      if (first_ec) co_return;  // closed by the peer, idle too long, or closed by a stop
      buffer.commit(n);
    }

    // From its first byte, the whole request (headers, 100-continue, body) has read_timeout to
    // arrive, so a client that trickles bytes cannot hold the connection longer than that.
    http::request_parser<http::string_body> parser;
    parser.body_limit(kMaxRequestBodyBytes);
    parser.header_limit(kMaxHeaderBytes);
    stream_.expires_after(limits_.read_timeout);
    auto [read_ec, header_bytes] =
        co_await http::async_read_header(stream_, buffer, parser, kNoThrow);
    if (!read_ec) {
      // curl and some SDKs send "Expect: 100-continue" with larger bodies and wait for this.
      auto expect = parser.get().find(http::field::expect);
      if (expect != parser.get().end() && beast::iequals(expect->value(), "100-continue")) {
        http::response<http::empty_body> go_on{http::status::continue_, parser.get().version()};
        auto [ec, n] = co_await http::async_write(stream_, go_on, kNoThrow);
        if (ec) co_return;
      }
      auto [body_ec, body_bytes] = co_await http::async_read(stream_, buffer, parser, kNoThrow);
      read_ec = body_ec;
    }

    if (read_ec) {
      if (is_disconnect(read_ec)) co_return;
      std::optional<HttpResponse> refusal;
      if (read_ec == http::error::body_limit) {
        refusal = payload_too_large(parser.get().version());
      } else if (read_ec.category() == http::make_error_code(http::error::bad_method).category()) {
        refusal = bad_http_request(11);
      }
      spdlog::debug("refusing request: {}", read_ec.message());
      if (refusal) co_await http::async_write(stream_, *refusal, kNoThrow);
      co_return;
    }

    const auto started = std::chrono::steady_clock::now();
    HttpRequest request = parser.release();
    HttpResponse response = route(request, endpoint_);
    if (registry_.stopping()) response.keep_alive(false);
    if (spdlog::should_log(spdlog::level::debug)) {
      auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
                        std::chrono::steady_clock::now() - started)
                        .count();
      auto target = request.find("X-Amz-Target");
      spdlog::debug(
          "{} {} {} -> {} ({} bytes, {} us)", std::string_view(request.method_string()),
          std::string_view(request.target()),
          target == request.end() ? std::string_view{} : std::string_view(target->value()),
          response.result_int(), response.body().size(), micros);
    }

    const bool keep_alive = response.keep_alive();
    // The dispatcher may have used up the read's time budget; the write gets its own.
    stream_.expires_after(limits_.read_timeout);
    auto [write_ec, written] = co_await http::async_write(stream_, response, kNoThrow);
    if (write_ec || !keep_alive) co_return;
  }
}

}  // namespace ddb::server
