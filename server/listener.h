#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdint>
#include <string>

#include "server/router.h"
#include "server/session.h"

namespace ddb::server {

// Accepts TCP connections on one address and runs a Session (a coroutine on its own strand when
// several threads run the io_context) for each, up to ConnectionLimits::max_connections at once: a
// connection beyond that is accepted and closed at once, unread, so that its client sees the
// connection close and can retry. Thread-safe: the io_context may be run by any number of threads.
class Listener {
 public:
  // `io` and `endpoint` must outlive the listener; the listener must outlive io.run(). `threads`
  // is how many threads run `io`: with one, connections need no strand.
  Listener(boost::asio::io_context& io, const Endpoint& endpoint, ConnectionLimits limits = {},
           unsigned threads = 1);

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

  boost::asio::io_context& io_;
  const Endpoint& endpoint_;
  const ConnectionLimits limits_;
  const unsigned threads_;
  boost::asio::ip::tcp::acceptor acceptor_;
  SessionRegistry sessions_;
  bool at_limit_ = false;  // whether the last connection was refused; touched only in accept_loop
};

}  // namespace ddb::server
