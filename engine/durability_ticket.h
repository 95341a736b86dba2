#pragma once

#include <cstdint>

namespace ddb::engine {

// What a response has to wait for before it is sent: that the database's log is durable, as its
// journal's SyncPolicy promises, up to `position` (a byte offset in the log, never 0 for a real
// one: the log starts with a header). The empty ticket waits for nothing: the request changed
// nothing, the database is in memory, or the policy needs no wait once a write has returned.
// A plain value: it may be copied to and waited on from any thread.
struct DurabilityTicket {
  uint64_t position = 0;

  bool empty() const { return position == 0; }
  friend bool operator==(const DurabilityTicket&, const DurabilityTicket&) = default;
};

}  // namespace ddb::engine
