#pragma once

#include <cstddef>

namespace ddb::server {

// File descriptors kept back from connections: the data directory's log and snapshots, each
// serving thread's event descriptors, the standard streams and the listening socket.
inline constexpr std::size_t kReservedFiles = 256;

// Raises this process's soft limit on open files (RLIMIT_NOFILE) to its hard limit and returns the
// soft limit now in force. Call once at start, before any thread is made.
std::size_t raise_open_file_limit();

// The default --max-connections for a process that may open `open_files` files: all of them but
// kReservedFiles (half of them when there are few), at least 1.
std::size_t connections_for(std::size_t open_files);

}  // namespace ddb::server
