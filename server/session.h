#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "server/router.h"

namespace ddb::server {

class Session;

// The live sessions of one listener, so that a stop can reach them. Thread-safe.
class SessionRegistry {
 public:
  void add(const std::shared_ptr<Session>& session);
  void remove(const Session* session);

  // From now on every session closes once it has answered the request it is on (a session waiting
  // for its next request closes at once). Sessions added later close before reading anything.
  void stop_all();
  bool stopping() const { return stopping_.load(); }

 private:
  std::mutex mutex_;
  std::unordered_map<const Session*, std::weak_ptr<Session>> sessions_;
  std::atomic<bool> stopping_{false};
};

// One HTTP/1.1 connection: a keep-alive loop of read request, route (server/router), write
// response, run as one coroutine on the socket's strand. Follows Beast 1.81's coroutine server
// example, with a timeout before each read, a body limit of kMaxRequestBodyBytes and a header
// limit.
class Session : public std::enable_shared_from_this<Session> {
 public:
  // `socket` should be bound to a strand. `endpoint` and `registry` must outlive the session.
  Session(boost::asio::ip::tcp::socket socket, const Endpoint& endpoint, SessionRegistry& registry);

  // Serves the connection until the peer closes it, a timeout, an error or a stop. Spawn it on the
  // socket's executor: co_spawn(session->executor(), Session::run(session), detached).
  static boost::asio::awaitable<void> run(std::shared_ptr<Session> self);

  boost::asio::any_io_executor executor() { return stream_.get_executor(); }

  // Closes the connection if it is waiting for a request. Must run on executor().
  void close_if_idle();

 private:
  boost::asio::awaitable<void> serve();

  boost::beast::tcp_stream stream_;
  const Endpoint& endpoint_;
  SessionRegistry& registry_;
  bool idle_ = false;  // waiting for the first byte of a request; touched only on executor()
};

}  // namespace ddb::server
