#include "server/session.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <charconv>
#include <chrono>
#include <exception>
#include <utility>
#include <vector>

#include "server/durability_wait.h"
#include "server/response_head.h"
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

// Bytes asked for by the read that waits for a request's first byte, and all that an idle
// connection keeps of its read buffer: a GetItem or a PutItem of a 1 KB item with SigV4 headers
// fits in one read, and 1,000 idle connections hold 2 MiB in them (4 KiB each before issue 25).
constexpr std::size_t kFirstReadBytes = 2048;
// The most bytes asked for by one read of a request body.
constexpr std::size_t kMaxReadBytes = 64 * 1024;

// The most bytes of a refused oversized body read and dropped before the connection closes.
constexpr std::uint64_t kMaxDrainBytes = 64 * 1024 * 1024;

constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);

constexpr std::string_view kContinue11 = "HTTP/1.1 100 Continue\r\n\r\n";
constexpr std::string_view kContinue10 = "HTTP/1.0 100 Continue\r\n\r\n";

}  // namespace

void SessionRegistry::add(const std::shared_ptr<Session>& session) {
  std::lock_guard lock(mutex_);
  sessions_.emplace(session.get(), session);
}

void SessionRegistry::remove(const Session* session) {
  {
    std::lock_guard lock(mutex_);
    sessions_.erase(session);
  }
  if (notify_.load() && on_remove_) on_remove_();
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
  // On each session's executor: a session between requests closes now; one serving a request sees
  // stopping() after its response is written.
  for (auto& session : live) {
    asio::post(session->executor(), [session] { session->close_if_idle(); });
  }
}

Session::Session(asio::ip::tcp::socket socket, const Endpoint& endpoint, SessionRegistry& registry,
                 const ConnectionLimits& limits)
    : socket_(std::move(socket)),
      watchdog_(socket_.get_executor()),
      delay_(socket_.get_executor()),
      endpoint_(endpoint),
      registry_(registry),
      limits_(limits) {}

asio::awaitable<void> Session::run(std::shared_ptr<Session> self) {
  self->set_deadline(self->limits_.idle_timeout);
  asio::co_spawn(self->executor(), watch(self), asio::detached);
  try {
    co_await self->serve();
  } catch (const std::exception& e) {
    spdlog::warn("connection dropped: {}", e.what());
  }
  self->done_ = true;
  self->watchdog_.cancel();
  beast::error_code ignored;
  self->socket_.shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
  self->socket_.close(ignored);
  self->registry_.remove(self.get());
}

void Session::set_deadline(std::chrono::steady_clock::duration timeout) {
  deadline_ = std::chrono::steady_clock::now() + timeout;
  // A later deadline is picked up when the timer fires; only an earlier one re-arms it.
  if (deadline_ < watchdog_.expiry()) watchdog_.expires_at(deadline_);
}

asio::awaitable<void> Session::watch(std::shared_ptr<Session> self) {
  while (!self->done_) {
    if (std::chrono::steady_clock::now() >= self->deadline_) {
      self->close();  // the pending read or write ends with operation_aborted
      co_return;
    }
    self->watchdog_.expires_at(self->deadline_);
    co_await self->watchdog_.async_wait(kNoThrow);
  }
}

void Session::close_if_idle() {
  if (idle_) close();
}

void Session::close() {
  beast::error_code ignored;
  socket_.close(ignored);
  delay_.cancel();
}

asio::awaitable<bool> Session::read_request(RequestParser& parser, beast::error_code& parse_error) {
  bool continue_sent = false;
  while (true) {
    if (buffer_.size() > 0) {
      std::size_t used = parser.put(buffer_.data(), parse_error);
      buffer_.consume(used);
      if (parse_error == http::error::need_more) parse_error = {};
      if (parse_error || parser.is_done()) co_return true;
      if (used > 0 && buffer_.size() > 0) continue;
    }
    // curl and some SDKs send "Expect: 100-continue" with larger bodies and wait for this.
    if (parser.is_header_done() && !continue_sent) {
      continue_sent = true;
      if (beast::iequals(request_.header(http::field::expect), "100-continue")) {
        auto [ec, n] = co_await asio::async_write(
            socket_, asio::buffer(request_.version() >= 11 ? kContinue11 : kContinue10), kNoThrow);
        if (ec) co_return false;
      }
    }
    // Once the headers are in, a declared body is read in pieces as large as what is left of it.
    std::size_t want = kFirstReadBytes;
    if (parser.is_header_done()) {
      if (auto left = parser.content_length_remaining()) {
        want = std::clamp<std::size_t>(*left, kFirstReadBytes, kMaxReadBytes);
      }
    }
    auto [ec, n] = co_await socket_.async_read_some(buffer_.prepare(want), kNoThrow);
    if (ec) co_return false;  // the peer left mid-request, a timeout or a stop
    buffer_.commit(n);
  }
}

asio::awaitable<void> Session::drain_body() {
  // The body bytes already read: what follows the blank line that ends the headers.
  std::string_view buffered(static_cast<const char*>(buffer_.data().data()), buffer_.size());
  std::size_t end_of_headers = buffered.find("\r\n\r\n");
  std::uint64_t received =
      end_of_headers == std::string_view::npos ? 0 : buffered.size() - end_of_headers - 4;
  std::uint64_t declared = kMaxDrainBytes;  // a chunked body: until the peer stops or the cap
  std::string_view length = request_.header(http::field::content_length);
  std::from_chars(length.data(), length.data() + length.size(), declared);
  declared = std::min(declared, kMaxDrainBytes);
  buffer_.consume(buffer_.size());
  set_deadline(limits_.read_timeout);
  std::array<char, kMaxReadBytes> scratch;
  while (received < declared) {
    auto [ec, n] = co_await socket_.async_read_some(asio::buffer(scratch), kNoThrow);
    if (ec) co_return;
    received += n;
  }
}

asio::awaitable<bool> Session::write_response(const HttpResponse& response) {
  head_.clear();
  append_response_head(response, head_);
  std::array<asio::const_buffer, 2> bytes{asio::buffer(head_), response.chunked()
                                                                   ? asio::buffer(kEmptyChunkedBody)
                                                                   : asio::buffer(response.body())};
  auto [ec, n] = co_await asio::async_write(socket_, bytes, kNoThrow);
  co_return !ec;
}

asio::awaitable<void> Session::wait(std::chrono::milliseconds delay) {
  set_deadline(delay + limits_.read_timeout);
  delay_.expires_after(delay);
  co_await delay_.async_wait(kNoThrow);
}

asio::awaitable<void> Session::serve() {
  while (!registry_.stopping()) {
    // Between requests the connection is idle: it waits up to idle_timeout for the next request's
    // first byte (unless a pipelined request is already buffered), and a stop closes it at once.
    if (buffer_.size() == 0) {
      // A large request grew the buffer: an idle connection gives that back.
      if (buffer_.capacity() > kFirstReadBytes) buffer_.shrink_to_fit();
      idle_ = true;
      set_deadline(limits_.idle_timeout);
      auto [first_ec, n] =
          co_await socket_.async_read_some(buffer_.prepare(kFirstReadBytes), kNoThrow);
      idle_ = false;
      if (first_ec) co_return;  // closed by the peer, idle too long, or closed by a stop
      buffer_.commit(n);
    }

    // From its first byte, the whole request (headers, 100-continue, body) has read_timeout to
    // arrive, so a client that trickles bytes cannot hold the connection longer than that.
    set_deadline(limits_.read_timeout);
    RequestParser parser(request_);
    parser.body_limit(kMaxRequestBodyBytes);
    parser.header_limit(kMaxHeaderBytes);
    parser.eager(true);
    beast::error_code read_ec;
    if (!co_await read_request(parser, read_ec)) co_return;

    if (read_ec) {
      spdlog::debug("refusing request: {}", read_ec.message());
      if (read_ec != http::error::body_limit) {
        co_await write_response(bad_http_request(11));
        co_return;
      }
      // The 413 goes out at once; then the upload is read and dropped, so that a client that
      // sends its whole body before reading gets the 413 instead of a reset (issue 20). A client
      // waiting for 100-continue sends no body, and nothing is read for it.
      if (!co_await write_response(payload_too_large(request_))) co_return;
      if (!beast::iequals(request_.header(http::field::expect), "100-continue")) {
        co_await drain_body();
      }
      co_return;
    }

    const auto started = std::chrono::steady_clock::now();
    Routed routed = route(request_, endpoint_);
    if (routed.delay.count() > 0) co_await wait(routed.delay);
    // Nobody hears of a write before it is as durable as the data directory's policy promises.
    // The wait is the session's, not the dispatcher's: it suspends this coroutine only, and this
    // thread serves its other connections meanwhile.
    if (!routed.durability.empty()) co_await until_durable(endpoint_.dispatcher, routed.durability);
    HttpResponse& response = routed.response;
    if (registry_.stopping()) response.keep_alive(false);
    if (spdlog::should_log(spdlog::level::debug)) {
      auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
                        std::chrono::steady_clock::now() - started)
                        .count();
      spdlog::debug("{} {} {} -> {} ({} bytes, {} us)", request_.method_string(), request_.target(),
                    request_.header("X-Amz-Target"), response.result_int(), response.body().size(),
                    micros);
    }

    const bool keep_alive = response.keep_alive();
    // The dispatcher may have used up the read's time budget; the write gets its own.
    set_deadline(limits_.read_timeout);
    if (!co_await write_response(response) || !keep_alive) co_return;
  }
}

}  // namespace ddb::server
