#include "server/options.h"

#include <algorithm>
#include <thread>

namespace ddb::server {

unsigned Options::default_thread_count() {
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : std::min(n, kMaxThreads);
}

}  // namespace ddb::server
