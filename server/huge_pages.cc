#include "server/huge_pages.h"

#include <chrono>

#if DDB_WITH_MIMALLOC
#include <mimalloc.h>
#endif

namespace ddb::server {

#if DDB_WITH_MIMALLOC
namespace {

std::size_t committed_bytes() {
  std::size_t elapsed, user, system, rss, peak_rss, commit, peak_commit, page_faults;
  mi_process_info(&elapsed, &user, &system, &rss, &peak_rss, &commit, &peak_commit, &page_faults);
  return commit;
}

}  // namespace

void use_huge_pages_past(boost::asio::steady_timer& timer, std::size_t threshold) {
  if (committed_bytes() > threshold) {
    // mimalloc reads the option at each new segment: those already committed keep their pages.
    mi_option_set_enabled(mi_option_large_os_pages, true);
    return;
  }
  timer.expires_after(std::chrono::seconds(1));
  timer.async_wait([&timer, threshold](const boost::system::error_code& ec) {
    if (!ec) use_huge_pages_past(timer, threshold);
  });
}
#else
void use_huge_pages_past(boost::asio::steady_timer&, std::size_t) {}
#endif

}  // namespace ddb::server
