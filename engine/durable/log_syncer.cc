#include "engine/durable/log_syncer.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace ddb::engine::durable {

LogSyncer::LogSyncer(const LogFile& log, SyncPolicy policy, std::chrono::milliseconds interval)
    : log_(log), policy_(policy), interval_(interval), synced_(log.size()) {
  thread_ = std::thread([this] { run(); });
}

LogSyncer::~LogSyncer() { close(); }

uint64_t LogSyncer::durability_position() const {
  return policy_ == SyncPolicy::Always ? log_.size() : 0;
}

void LogSyncer::when_durable(DurabilityTicket ticket, std::function<void()> done) {
  const uint64_t position = std::min(ticket.position, log_.size());
  std::unique_lock lock(mutex_);
  if (policy_ == SyncPolicy::Periodic || synced_ >= position) {
    lock.unlock();
    done();
    return;
  }
  if (stopping_) {
    // The thread may be gone already.
    sync_all(lock);
    lock.unlock();
    done();
    return;
  }
  waiters_.push_back({position, std::move(done)});
  // The thread sleeps only while there is no waiter; otherwise it looks again after its sync.
  if (waiters_.size() == 1) wake_.notify_one();
}

void LogSyncer::sync_all(std::unique_lock<std::mutex>& lock) {
  const uint64_t target = log_.size();
  if (target <= synced_) return;
  lock.unlock();
  log_.sync();
  lock.lock();
  synced_ = std::max(synced_, target);
}

void LogSyncer::run() {
  std::vector<Waiter> covered;
  std::unique_lock lock(mutex_);
  while (true) {
    if (policy_ == SyncPolicy::Periodic) {
      wake_.wait_for(lock, interval_, [this] { return stopping_; });
    } else {
      wake_.wait(lock, [this] { return stopping_ || !waiters_.empty(); });
    }
    if (stopping_ && waiters_.empty()) return;
    // One fdatasync covers every append that returned before it started. Waiters that arrive
    // while it runs, whose appends it may have missed, are served together by the next one.
    sync_all(lock);
    auto first_covered =
        std::stable_partition(waiters_.begin(), waiters_.end(),
                              [this](const Waiter& waiter) { return waiter.position > synced_; });
    covered.assign(std::make_move_iterator(first_covered), std::make_move_iterator(waiters_.end()));
    waiters_.erase(first_covered, waiters_.end());
    lock.unlock();
    for (Waiter& waiter : covered) waiter.done();
    covered.clear();
    lock.lock();
  }
}

void LogSyncer::close() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  // The thread completes the waiters it has before it returns.
  if (thread_.joinable()) thread_.join();
  std::unique_lock lock(mutex_);
  sync_all(lock);
}

}  // namespace ddb::engine::durable
