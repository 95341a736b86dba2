#include "server/open_files.h"

#include <sys/resource.h>

#include <algorithm>

namespace ddb::server {

namespace {

// Linux refuses a soft limit past fs.nr_open (1,048,576 by default) even when the hard limit is
// unlimited.
constexpr rlim_t kMostOpenFiles = 1024 * 1024;

}  // namespace

std::size_t raise_open_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  const rlim_t wanted = std::min(limit.rlim_max, kMostOpenFiles);
  if (limit.rlim_cur < wanted) {
    rlimit raised = limit;
    raised.rlim_cur = wanted;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  return static_cast<std::size_t>(std::min(limit.rlim_cur, kMostOpenFiles));
}

std::size_t connections_for(std::size_t open_files) {
  if (open_files > 2 * kReservedFiles) return open_files - kReservedFiles;
  return std::max<std::size_t>(open_files / 2, 1);
}

}  // namespace ddb::server
