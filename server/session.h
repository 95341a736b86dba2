#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "server/router.h"

namespace ddb::server {

// The most bytes of request line and headers a request may have. SigV4 headers with a session
// token run to a few KiB; Beast's default of 8 KiB is too tight. Over it, the connection gets a 400
// and closes.
inline constexpr std::uint32_t kMaxHeaderBytes = 64 * 1024;

class Session;

// How long a connection may take, and how many there may be.
struct ConnectionLimits {
  // Most connections open at once; the listener closes new ones beyond it without reading them.
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

 private:
  std::mutex mutex_;
  std::unordered_map<const Session*, std::weak_ptr<Session>> sessions_;
  std::atomic<bool> stopping_{false};
};

// One HTTP/1.1 connection: a keep-alive loop of read request, route (server/router), write
// response, run as one coroutine on the socket's strand. Follows Beast 1.81's coroutine server
// example, with a timeout before each read (ConnectionLimits), a body limit of
// kMaxRequestBodyBytes checked on the declared Content-Length before any body memory is reserved,
// and a header limit of kMaxHeaderBytes.
class Session : public std::enable_shared_from_this<Session> {
 public:
  // `socket` should be bound to a strand. `endpoint`, `registry` and `limits` must outlive the
  // session.
  Session(boost::asio::ip::tcp::socket socket, const Endpoint& endpoint, SessionRegistry& registry,
          const ConnectionLimits& limits);

  // Serves the connection until the peer closes it, a timeout, an error or a stop. Spawn it on the
  // socket's executor: co_spawn(session->executor(), Session::run(session), detached).
  static boost::asio::awaitable<void> run(std::shared_ptr<Session> self);

  boost::asio::any_io_executor executor() { return stream_.get_executor(); }

  // Closes the connection if it is waiting for a request. Must run on executor().
  void close_if_idle();

  // Closes the connection whatever it is doing. Must run on executor().
  void close();

 private:
  boost::asio::awaitable<void> serve();

  boost::beast::tcp_stream stream_;
  const Endpoint& endpoint_;
  SessionRegistry& registry_;
  const ConnectionLimits& limits_;
  bool idle_ = false;  // waiting for the first byte of a request; touched only on executor()
};

}  // namespace ddb::server
