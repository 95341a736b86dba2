#include "server/listener.h"

#include <spdlog/spdlog.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <memory>
#include <utility>

namespace ddb::server {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

tcp::endpoint resolve(asio::io_context& io, const std::string& host, std::uint16_t port) {
  boost::system::error_code ec;
  asio::ip::address address = asio::ip::make_address(host, ec);
  if (!ec) return {address, port};
  tcp::resolver resolver(io);
  auto results = resolver.resolve(host, std::to_string(port), tcp::resolver::passive);
  return results.begin()->endpoint();  // resolve() throws rather than return no results
}

}  // namespace

Listener::Listener(asio::io_context& io, const Endpoint& endpoint, ConnectionLimits limits,
                   std::vector<asio::io_context*> workers)
    : io_(io),
      endpoint_(endpoint),
      limits_(limits),
      workers_(workers.empty() ? std::vector<asio::io_context*>{&io} : std::move(workers)),
      acceptor_(io),
      slot_freed_(io) {
  sessions_.on_remove(
      [this] { asio::post(acceptor_.get_executor(), [this] { slot_freed_.cancel(); }); });
}

tcp::endpoint Listener::listen(const std::string& host, std::uint16_t port) {
  tcp::endpoint endpoint = resolve(io_, host, port);
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
  return acceptor_.local_endpoint();
}

void Listener::start() {
  asio::co_spawn(acceptor_.get_executor(), accept_loop(), [](const std::exception_ptr& error) {
    if (!error) return;
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      spdlog::error("accept loop stopped: {}", e.what());
    }
  });
}

void Listener::stop() {
  asio::dispatch(acceptor_.get_executor(), [this] {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
    slot_freed_.cancel();
  });
  sessions_.stop_all();
}

void Listener::close_all() { sessions_.close_all(); }

asio::awaitable<bool> Listener::wait_for_a_slot() {
  constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);
  while (sessions_.size() >= limits_.max_connections) {
    if (!acceptor_.is_open()) co_return false;
    // A burst reaches the limit again and again: warn at most once a minute.
    const auto now = std::chrono::steady_clock::now();
    if (now >= next_limit_warning_) {
      spdlog::warn("{} connections open (--max-connections); new ones wait until one closes",
                   limits_.max_connections);
      next_limit_warning_ = now + std::chrono::minutes(1);
    }
    // A session's end cancels this wait; the period bounds it should that wake-up be missed.
    slot_freed_.expires_after(std::chrono::milliseconds(100));
    sessions_.notify_on_remove(true);
    if (sessions_.size() < limits_.max_connections) break;
    co_await slot_freed_.async_wait(kNoThrow);
  }
  sessions_.notify_on_remove(false);
  co_return acceptor_.is_open();
}

asio::awaitable<void> Listener::accept_loop() {
  constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);
  while (acceptor_.is_open()) {
    // The connection lives on one worker, whose single thread runs its coroutine, its watchdog
    // and a stop one at a time.
    // At the limit, new connections wait in the listen backlog (their clients see latency, not a
    // reset) until a session ends: DynamoDB Local answers a burst past any limit (issue 20).
    if (!co_await wait_for_a_slot()) break;
    asio::io_context& worker = *workers_[next_worker_++ % workers_.size()];
    auto [ec, socket] = co_await acceptor_.async_accept(worker.get_executor(), kNoThrow);
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) break;
    if (ec) {
      // Out of file descriptors, for example: back off briefly instead of spinning.
      spdlog::warn("accept failed: {}", ec.message());
      asio::steady_timer pause(acceptor_.get_executor(), std::chrono::milliseconds(50));
      co_await pause.async_wait(kNoThrow);
      continue;
    }
    boost::system::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);  // small responses must not wait for Nagle
    auto session = std::make_shared<Session>(std::move(socket), endpoint_, sessions_, limits_);
    sessions_.add(session);
    asio::co_spawn(session->executor(), Session::run(session), asio::detached);
  }
}

}  // namespace ddb::server
