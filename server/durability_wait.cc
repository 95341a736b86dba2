#include "server/durability_wait.h"

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/execution/outstanding_work.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/prefer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <memory>
#include <utility>

// See server/session.cc: GCC 12 misreads Asio's coroutine frame allocator.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace ddb::server {

namespace asio = boost::asio;

asio::awaitable<void> until_durable(const protocol::Dispatcher& dispatcher,
                                    engine::DurabilityTicket ticket) {
  if (ticket.empty()) co_return;
  co_await asio::async_initiate<const asio::use_awaitable_t<>, void()>(
      [&dispatcher, ticket](auto handler) {
        // The journal keeps its callbacks as std::function, which must be copyable; the
        // coroutine's handler is move-only, and is called exactly once.
        auto resume = std::make_shared<decltype(handler)>(std::move(handler));
        auto executor = asio::prefer(asio::get_associated_executor(*resume),
                                     asio::execution::outstanding_work.tracked);
        // Runs on the journal's sync thread (or here, when the ticket is already durable): it only
        // queues the coroutine on its own thread.
        dispatcher.when_durable(ticket,
                                [resume, executor] { asio::post(executor, std::move(*resume)); });
      },
      asio::use_awaitable);
}

}  // namespace ddb::server
