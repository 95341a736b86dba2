#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace ddb::engine {

// Runs tasks in the order they were posted, one at a time, on a thread of its own, so that slow
// work (an index backfill) never holds up a request. The destructor finishes the running task,
// drops the queued ones and joins the thread. Tasks must not throw.
class BackgroundWorker {
 public:
  BackgroundWorker();
  ~BackgroundWorker();
  BackgroundWorker(const BackgroundWorker&) = delete;
  BackgroundWorker& operator=(const BackgroundWorker&) = delete;

  void post(std::function<void()> task);
  // Blocks until every task posted before the call has run.
  void drain();

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> tasks_;
  bool busy_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ddb::engine
