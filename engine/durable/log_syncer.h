#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/durability_ticket.h"
#include "engine/durable/log_file.h"

namespace ddb::engine::durable {

// When an acknowledged write reaches the disk.
enum class SyncPolicy {
  // The response waits for an fdatasync that covers the write (concurrent writers share one: group
  // commit). Nothing acknowledged is lost to a process crash or a power loss.
  Always,
  // A thread fdatasyncs every `sync_interval`; the response waits only for the write(2). Nothing
  // acknowledged is lost to a process crash; a power loss can lose the last interval.
  Periodic,
};

// Syncs a LogFile on a thread of its own and tells those who wait when their part of it is
// durable. Under SyncPolicy::Always the thread runs an fdatasync whenever someone waits and then
// completes every waiter that sync covers: whoever arrives while one sync runs shares the next
// (group commit), and no caller ever blocks on the disk. Under SyncPolicy::Periodic it syncs every
// `interval` and nobody waits. Thread-safe.
class LogSyncer {
 public:
  // Starts the thread. `log` must outlive the syncer; what it holds when the syncer starts counts
  // as synced. `interval` matters only under Periodic.
  LogSyncer(const LogFile& log, SyncPolicy policy, std::chrono::milliseconds interval);
  // close()
  ~LogSyncer();
  LogSyncer(const LogSyncer&) = delete;
  LogSyncer& operator=(const LogSyncer&) = delete;

  // Under Always, the log's size: every append that has returned lies within it. Under Periodic,
  // 0: nobody waits for a sync, and a write(2) is done when its append returns. Lock-free.
  uint64_t durability_position() const;

  // Calls `done` once, when the log is synced up to `ticket` (under Periodic: at once). It runs
  // at once on the calling thread when that is already so, or once close() has begun (after a
  // sync on the calling thread); otherwise later on the syncer's thread, which completes every
  // waiter of a sync in turn, so `done` must neither throw nor block. A position past the log's
  // end (a ticket of another log) waits for everything appended so far, not for ever.
  void when_durable(DurabilityTicket ticket, std::function<void()> done);

  // Syncs everything appended so far, completes every waiter and stops the thread. Idempotent;
  // not to be called from two threads at once.
  void close();

 private:
  // A caller waiting for the log to be synced up to `position`.
  struct Waiter {
    uint64_t position;
    std::function<void()> done;
  };

  // fdatasyncs everything appended so far and records it as synced. Requires: `lock` holds
  // mutex_; it is released for the sync itself.
  void sync_all(std::unique_lock<std::mutex>& lock);
  void run();

  const LogFile& log_;
  const SyncPolicy policy_;
  const std::chrono::milliseconds interval_;

  std::mutex mutex_;
  std::condition_variable wake_;  // a waiter arrived, or close() began
  // Guarded by mutex_:
  uint64_t synced_ = 0;  // the log is durable up to here
  std::vector<Waiter> waiters_;
  bool stopping_ = false;

  std::thread thread_;  // last: it starts once everything above is ready
};

}  // namespace ddb::engine::durable
