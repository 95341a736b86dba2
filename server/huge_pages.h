#pragma once

#include <boost/asio/steady_timer.hpp>
#include <cstddef>

namespace ddb::server {

// Above this much committed heap the allocator takes transparent huge pages (see below).
inline constexpr std::size_t kHugePagesAfterBytes = std::size_t{64} << 20;

// A table of a million 1 KB items spreads over 1.4 GiB, and with 4 KiB pages nearly every read of
// an item misses the TLB as well as the cache. So once the allocator (mimalloc) has committed
// more than `threshold` bytes, its new segments are taken as transparent huge pages (2 MiB, where
// the kernel allows them: /sys/kernel/mm/transparent_hugepage/enabled set to madvise or always).
// Below it, an idle server and small tables keep 4 KiB pages, and with them their small resident
// size. Checks once a second on `timer` until the switch is made or the timer is cancelled (at
// shutdown, so that the io_context can run out of work). Without mimalloc (sanitizer and fuzz
// builds) it does nothing.
void use_huge_pages_past(boost::asio::steady_timer& timer, std::size_t threshold);

}  // namespace ddb::server
