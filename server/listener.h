#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "server/router.h"
#include "server/session.h"

namespace ddb::server {

// Accepts TCP connections on one address and runs a Session (a coroutine) for each, up to
// ConnectionLimits::max_connections at once: past that it stops accepting, and new connections
// wait in the listen backlog until a session ends, so that their clients see latency rather than
// a reset. Connections are spread
// round-robin over the worker io_contexts, each run by one thread, so that a connection's reads,
// writes and timeouts never need a strand or another thread's wake-up. Thread-safe.
class Listener {
 public:
  // `io` runs the acceptor; `workers` are the io_contexts connections are served on, each run by
  // exactly one thread (empty: `io` itself, run by one thread). All of them and `endpoint` must
  // outlive the listener; the listener must outlive their run().
  Listener(boost::asio::io_context& io, const Endpoint& endpoint, ConnectionLimits limits = {},
           std::vector<boost::asio::io_context*> workers = {});

  // Binds and listens on host:port (an IP address, or a name such as "localhost" resolved to its
  // first address). Returns the bound endpoint, whose port is the real one when `port` is 0.
  // Throws boost::system::system_error when the address cannot be resolved or bound.
  boost::asio::ip::tcp::endpoint listen(const std::string& host, std::uint16_t port);

  // Starts accepting. Requires listen() first.
  void start();

  // Stops accepting and closes every connection once its in-flight request is answered; io.run()
  // returns when the last one is done. Callable from any thread, more than once.
  void stop();

  // Closes every connection now, in-flight or not (a shutdown whose grace period ran out).
  // Callable from any thread.
  void close_all();

 private:
  boost::asio::awaitable<void> accept_loop();
  // Returns once fewer than max_connections sessions are open (true), or the acceptor closed.
  boost::asio::awaitable<bool> wait_for_a_slot();

  boost::asio::io_context& io_;
  const Endpoint& endpoint_;
  const ConnectionLimits limits_;
  const std::vector<boost::asio::io_context*> workers_;
  std::size_t next_worker_ = 0;  // touched only in accept_loop
  boost::asio::ip::tcp::acceptor acceptor_;
  SessionRegistry sessions_;
  boost::asio::steady_timer slot_freed_;  // cancelled when a session ends while the loop waits
  // When reaching the limit is next worth a warning; touched only in accept_loop.
  std::chrono::steady_clock::time_point next_limit_warning_{};
};

}  // namespace ddb::server
