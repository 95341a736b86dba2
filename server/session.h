#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "server/http_message.h"
#include "server/request_parser.h"
#include "server/router.h"

namespace ddb::server {

// The most bytes of request line and headers a request may have together: the parser
// (server/request_parser) holds each to 16 KiB. SigV4 headers with a session token run to a few
// KiB. Over a limit, the connection gets a 400 and closes.
inline constexpr std::uint32_t kMaxHeaderBytes = 34 * 1024;

class Session;

// How long a connection may take, and how many there may be.
struct ConnectionLimits {
  // Most connections open at once; new ones beyond it wait in the listen backlog.
  std::size_t max_connections = 1000;
  // How long a kept-alive connection may wait for the first byte of its next request.
  std::chrono::steady_clock::duration idle_timeout = std::chrono::seconds(60);
  // How long one request may take to arrive, from its first byte to the end of its body, and how
  // long its response may take to be written: a client that trickles bytes is dropped after this.
  std::chrono::steady_clock::duration read_timeout = std::chrono::seconds(60);
};

// The live sessions of one listener, so that a stop can reach them. Thread-safe.
class SessionRegistry {
 public:
  void add(const std::shared_ptr<Session>& session);
  void remove(const Session* session);

  // From now on every session closes once it has answered the request it is on (a session waiting
  // for its next request closes at once). Sessions added later close before reading anything.
  void stop_all();
  bool stopping() const { return stopping_.load(); }

  // Closes every connection now, whatever it is doing (the end of a shutdown's grace period).
  void close_all();

  std::size_t size();

  // `callback` runs (on the removing thread) after a session is removed while notification is on.
  // Set it before any session is added.
  void on_remove(std::function<void()> callback) { on_remove_ = std::move(callback); }
  void notify_on_remove(bool on) { notify_.store(on); }

 private:
  std::mutex mutex_;
  std::unordered_map<const Session*, std::weak_ptr<Session>> sessions_;
  std::atomic<bool> stopping_{false};
  std::function<void()> on_remove_;
  std::atomic<bool> notify_{false};
};

// One HTTP/1.1 connection: a keep-alive loop of read request, route (server/router), write
// response, run as one coroutine on the socket's executor (an io_context one thread runs).
// The request is parsed by Beast's parser (server/request_parser) into a reused HttpRequest, fed
// from the session's own buffer (a request that is already buffered costs no read), with a body
// limit of kMaxRequestBodyBytes checked on the declared Content-Length before any body memory is
// reserved, and a header limit of kMaxHeaderBytes. A write's response waits, with the coroutine
// suspended, until the write is durable (server/durability_wait). The response goes out as one
// gathered write of its head (server/response_head) and body. Timeouts (ConnectionLimits) are a
// deadline that each phase moves and one watchdog timer per connection enforces, so that a request
// re-arms no timer in the common case.
class Session : public std::enable_shared_from_this<Session> {
 public:
  // `socket`'s io_context must be run by one thread (or `socket` bound to a strand). `endpoint`,
  // `registry` and `limits` must outlive the session.
  Session(boost::asio::ip::tcp::socket socket, const Endpoint& endpoint, SessionRegistry& registry,
          const ConnectionLimits& limits);

  // Serves the connection until the peer closes it, a timeout, an error or a stop. Spawn it on the
  // socket's executor: co_spawn(session->executor(), Session::run(session), detached).
  static boost::asio::awaitable<void> run(std::shared_ptr<Session> self);

  boost::asio::any_io_executor executor() { return socket_.get_executor(); }

  // Closes the connection if it is waiting for a request. Must run on executor().
  void close_if_idle();

  // Closes the connection whatever it is doing. Must run on executor().
  void close();

 private:
  boost::asio::awaitable<void> serve();
  // Reads and parses one request into `parser`; false when the connection is to close without
  // an answer (the peer left, a timeout, a stop).
  boost::asio::awaitable<bool> read_request(RequestParser& parser,
                                            boost::beast::error_code& parse_error);
  boost::asio::awaitable<bool> write_response(const HttpResponse& response);
  // Waits `delay` (a fault rule's latency) with the coroutine suspended, the connection's deadline
  // moved past it; a close() ends the wait early.
  boost::asio::awaitable<void> wait(std::chrono::milliseconds delay);
  // Reads and drops the rest of a refused request's body (its declared length, or up to a cap
  // for a chunked one), within read_timeout; the connection then closes.
  boost::asio::awaitable<void> drain_body();
  // Closes the connection once `timeout` from now has passed, unless moved again before that.
  void set_deadline(std::chrono::steady_clock::duration timeout);
  static boost::asio::awaitable<void> watch(std::shared_ptr<Session> self);

  boost::asio::ip::tcp::socket socket_;
  boost::asio::steady_timer watchdog_;
  boost::asio::steady_timer delay_;  // the wait of a delayed response
  std::chrono::steady_clock::time_point deadline_;
  boost::beast::flat_buffer buffer_;  // bytes read and not yet parsed (pipelined requests)
  HttpRequest request_;               // the request being served; reused between requests
  std::string head_;                  // the response head being written; reused between requests
  const Endpoint& endpoint_;
  SessionRegistry& registry_;
  const ConnectionLimits& limits_;
  // Touched only on executor():
  bool idle_ = false;  // waiting for the first byte of a request
  bool done_ = false;  // serve() has returned; the watchdog stops
};

}  // namespace ddb::server
