#include "server/durability_wait.h"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/database.h"
#include "engine/durable/journal.h"
#include "protocol/dispatch.h"
#include "tests/support/harness.h"
#include "tests/unit/engine/durable/temp_dir.h"

// GCC 12 misreads Asio's coroutine frame allocator (see server/session.cc).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace ddb::server {
namespace {

namespace asio = boost::asio;

const protocol::Caller kCaller{"AKIDEXAMPLE", "us-east-1", std::nullopt, ""};

// A dispatcher over a database in a data directory whose every write waits for an fdatasync.
struct DurableDispatcher {
  DurableDispatcher() {
    journal = engine::durable::Journal::open(dir.path(), {}, database);
    create = dispatcher.handle("DynamoDB_20120810.CreateTable", R"({"TableName": "tbl",
        "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})",
                               kCaller);
  }

  test::TempDir dir;
  engine::Database database;
  std::shared_ptr<engine::durable::Journal> journal;
  protocol::Dispatcher dispatcher{database};
  protocol::Response create;
};

// Spawns a coroutine that waits for `ticket`, runs `io` until it has nothing left to do, and
// returns the thread the coroutine resumed on (a default id when it never did).
std::thread::id resume_thread(asio::io_context& io, const protocol::Dispatcher& dispatcher,
                              engine::DurabilityTicket ticket) {
  std::thread::id resumed;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        co_await until_durable(dispatcher, ticket);
        resumed = std::this_thread::get_id();
      },
      asio::detached);
  io.run();
  return resumed;
}

TEST(DurabilityWait, ResumesTheCoroutineOnItsOwnThreadOnceTheWriteIsSynced) {
  DurableDispatcher d;
  ASSERT_EQ(d.create.status, 200) << d.create.body;
  ASSERT_FALSE(d.create.durability.empty());
  asio::io_context io;
  // The coroutine is the only thing `io` has to do: run() returns once it has resumed (here) and
  // finished, which takes the syncer's fdatasync first.
  EXPECT_EQ(resume_thread(io, d.dispatcher, d.create.durability), std::this_thread::get_id());
}

TEST(DurabilityWait, TheThreadRunsOtherCoroutinesWhileOneWaits) {
  DurableDispatcher d;
  asio::io_context io;
  std::vector<std::string> order;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        order.push_back("write");
        co_await until_durable(d.dispatcher, d.create.durability);
        order.push_back("write is durable");
      },
      asio::detached);
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        order.push_back("other connection");
        co_return;
      },
      asio::detached);
  io.run();
  EXPECT_EQ(order, (std::vector<std::string>{"write", "other connection", "write is durable"}));
}

TEST(DurabilityWait, AnEmptyTicketOrOneAlreadySyncedResumesAtOnce) {
  DurableDispatcher d;
  test::wait_until_durable(d.database, d.create.durability);
  asio::io_context io;
  EXPECT_EQ(resume_thread(io, d.dispatcher, {}), std::this_thread::get_id());
  io.restart();
  EXPECT_EQ(resume_thread(io, d.dispatcher, d.create.durability), std::this_thread::get_id());
}

}  // namespace
}  // namespace ddb::server
