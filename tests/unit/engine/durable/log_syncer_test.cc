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

// Waits for `ticket`; returns the thread `done` ran on, or no thread when it did not run in time.
std::thread::id completing_thread(LogSyncer& syncer, DurabilityTicket ticket) {
  Completion completion;
  syncer.when_durable(ticket, completion.callback());
  return completion.done_in_time() ? completion.thread.get() : std::thread::id();
}

// Whether `done` ran before when_durable() returned, on the calling thread.
bool completes_at_once(LogSyncer& syncer, DurabilityTicket ticket) {
  Completion completion;
  syncer.when_durable(ticket, completion.callback());
  return completion.done_now() && completion.thread.get() == std::this_thread::get_id();
}

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
  // Nothing syncs the log until someone waits, so this waiter is queued for the syncer's thread.
  const std::thread::id thread = completing_thread(syncer, {position});
  EXPECT_NE(thread, std::thread::id());
  EXPECT_NE(thread, std::this_thread::get_id());
}

TEST(LogSyncer, CompletesAtOnceOnTheCallingThreadWhatIsAlreadySynced) {
  TestLog t;
  LogSyncer syncer(t.log, SyncPolicy::Always, std::chrono::milliseconds(100));
  EXPECT_TRUE(completes_at_once(syncer, {}));
  EXPECT_TRUE(completes_at_once(syncer, {t.log.size()}));
  const uint64_t position = t.log.append("a write");
  ASSERT_NE(completing_thread(syncer, {position}), std::thread::id());
  EXPECT_TRUE(completes_at_once(syncer, {position}));
}

TEST(LogSyncer, UnderPeriodicNobodyWaitsForASync) {
  TestLog t;
  // An interval no test outlives: a wait that needed the timer would fail the test.
  LogSyncer syncer(t.log, SyncPolicy::Periodic, std::chrono::hours(1));
  EXPECT_TRUE(completes_at_once(syncer, {t.log.append("a write")}));
}

TEST(LogSyncer, ATicketPastTheLogEndWaitsForEverythingAppendedNotForEver) {
  TestLog t;
  LogSyncer syncer(t.log, SyncPolicy::Always, std::chrono::milliseconds(100));
  const uint64_t position = t.log.append("a write");
  EXPECT_NE(completing_thread(syncer, {position + 1000}), std::thread::id());
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
        EXPECT_NE(completing_thread(syncer, ticket), std::thread::id());
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
  EXPECT_TRUE(completes_at_once(syncer, {t.log.append("a write after the shutdown began")}));
  syncer.close();  // again, as the destructor does
}

}  // namespace
}  // namespace ddb::engine::durable
