#pragma once

#include <boost/asio/awaitable.hpp>

#include "engine/durability_ticket.h"
#include "protocol/dispatch.h"

namespace ddb::server {

// Suspends the calling coroutine until `ticket` (a write's protocol::Response::durability) is
// durable, then resumes it on its own executor. The serving thread goes on with its other
// connections meanwhile, so that their writes join the same group commit instead of queueing
// behind one blocked fdatasync. Returns at once for an empty ticket. Until it resumes, the
// coroutine's executor counts outstanding work, so its io_context does not run dry and return
// from run() under a waiting session. `dispatcher` must outlive the wait.
boost::asio::awaitable<void> until_durable(const protocol::Dispatcher& dispatcher,
                                           engine::DurabilityTicket ticket);

}  // namespace ddb::server
