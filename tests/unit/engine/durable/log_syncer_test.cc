#include "engine/durable/log_syncer.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/durability_ticket.h"
#include "engine/durable/log_file.h"
#include "tests/unit/engine/durable/temp_dir.h"

namespace ddb::engine::durable {
namespace {

constexpr auto kPatience = std::chrono::seconds(30);

// A log in a fresh directory. The header that create() writes is synced.
struct TestLog {
  test::TempDir dir;
  LogFile log = LogFile::create(dir.file("test.log"));
};

// Where `done` ran, once it has.
struct Completion {
  std::shared_ptr<std::promise<std::thread::id>> ran =
      std::make_shared<std::promise<std::thread::id>>();
  std::future<std::thread::id> thread = ran->get_future();

  std::function<void()> callback() const {
    return [ran = ran] { ran->set_value(std::this_thread::get_id()); };
  }
  bool done_now() const {
    return thread.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  }
  bool done_in_time() const { return thread.wait_for(kPatience) == std::future_status::ready; }
};

TEST(LogSyncer, TheTicketPositionIsTheLogEndUnderAlwaysAndNothingUnderPeriodic) {
  TestLog t;
  LogSyncer always(t.log, SyncPolicy::Always, std::chrono::milliseconds(100));
  LogSyncer periodic(t.log, SyncPolicy::Periodic, std::chrono::milliseconds(100));
  const uint64_t header = t.log.size();
  EXPECT_EQ(always.durability_position(), header);
  const uint64_t after = t.log.append("one record");
  EXPECT_GT(after, header);
  EXPECT_EQ(always.durability_position(), after);
  EXPECT_EQ(periodic.durability_position(), 0u);
}

TEST(LogSyncer, CompletesAWaiterOnItsOwnThreadOnceASyncCoversIt) {
  TestLog t;
  LogSyncer syncer(t.log, SyncPolicy::Always, std::chrono::milliseconds(100));
  const uint64_t position = t.log.append("a write");
  Completion completion;
  // Nothing syncs the log until someone waits, so this waiter is queued for the syncer's thread.
  syncer.when_durable({position}, completion.callback());
  ASSERT_TRUE(completion.done_in_time());
  EXPECT_NE(completion.thread.get(), std::this_thread::get_id());
}

TEST(LogSyncer, CompletesAtOnceOnTheCallingThreadWhatIsAlreadySynced) {
  TestLog t;
  LogSyncer syncer(t.log, SyncPolicy::Always, std::chrono::milliseconds(100));
  Completion empty;
  syncer.when_durable({}, empty.callback());
  ASSERT_TRUE(empty.done_now());
  EXPECT_EQ(empty.thread.get(), std::this_thread::get_id());

  Completion header;
  syncer.when_durable({t.log.size()}, header.callback());
  ASSERT_TRUE(header.done_now());
  EXPECT_EQ(header.thread.get(), std::this_thread::get_id());

  const uint64_t position = t.log.append("a write");
  Completion first;
  syncer.when_durable({position}, first.callback());
  ASSERT_TRUE(first.done_in_time());
  Completion again;
  syncer.when_durable({position}, again.callback());
  ASSERT_TRUE(again.done_now());
  EXPECT_EQ(again.thread.get(), std::this_thread::get_id());
}

TEST(LogSyncer, UnderPeriodicNobodyWaitsForASync) {
  TestLog t;
  // An interval no test outlives: a wait that needed the timer would fail the test.
  LogSyncer syncer(t.log, SyncPolicy::Periodic, std::chrono::hours(1));
  const uint64_t position = t.log.append("a write");
  Completion completion;
  syncer.when_durable({position}, completion.callback());
  ASSERT_TRUE(completion.done_now());
  EXPECT_EQ(completion.thread.get(), std::this_thread::get_id());
}

TEST(LogSyncer, ATicketPastTheLogEndWaitsForEverythingAppendedNotForEver) {
  TestLog t;
  LogSyncer syncer(t.log, SyncPolicy::Always, std::chrono::milliseconds(100));
  const uint64_t position = t.log.append("a write");
  Completion completion;
  syncer.when_durable({position + 1000}, completion.callback());
  EXPECT_TRUE(completion.done_in_time());
}

TEST(LogSyncer, ConcurrentWritersAreAllCompletedEachAfterItsOwnAppend) {
  TestLog t;
  LogSyncer syncer(t.log, SyncPolicy::Always, std::chrono::milliseconds(100));
  constexpr int kThreads = 8;
  constexpr int kWrites = 50;
  std::atomic<int> early{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < kThreads; ++w) {
    writers.emplace_back([&] {
      for (int i = 0; i < kWrites; ++i) {
        const uint64_t position = t.log.append("write " + std::to_string(i));
        // What a response waits for: the log's end once its own append has returned.
        const DurabilityTicket ticket{syncer.durability_position()};
        if (ticket.position < position) ++early;
        Completion completion;
        syncer.when_durable(ticket, completion.callback());
        ASSERT_TRUE(completion.done_in_time());
      }
    });
  }
  for (std::thread& writer : writers) writer.join();
  EXPECT_EQ(early.load(), 0);
}

TEST(LogSyncer, AfterCloseAWaitSyncsOnTheCallingThread) {
  TestLog t;
  LogSyncer syncer(t.log, SyncPolicy::Always, std::chrono::milliseconds(100));
  syncer.close();
  const uint64_t position = t.log.append("a write after the shutdown began");
  Completion completion;
  syncer.when_durable({position}, completion.callback());
  ASSERT_TRUE(completion.done_now());
  EXPECT_EQ(completion.thread.get(), std::this_thread::get_id());
  syncer.close();  // again, as the destructor does
}

}  // namespace
}  // namespace ddb::engine::durable
