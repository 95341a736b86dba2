// GET and POST /ddblocal/clock: read the server's clock, move it forward or set it.

#include <chrono>
#include <cmath>
#include <cstdint>

#include "engine/database.h"
#include "protocol/admin/admin_operations.h"

namespace ddb::protocol::admin {

namespace {

// The clock's reading: epoch seconds (with milliseconds) and how far it is ahead of real time.
Json clock_json(const engine::Clock& clock) {
  using namespace std::chrono;
  return {{"epochSeconds", static_cast<double>(clock.now_ms()) / 1000.0},
          {"offsetSeconds",
           static_cast<double>(duration_cast<milliseconds>(clock.offset()).count()) / 1000.0}};
}

// A member that must be a finite number, in seconds, or nothing.
std::optional<double> seconds_member(const Json& body, const char* name) {
  auto it = body.find(name);
  if (it == body.end()) return std::nullopt;
  if (!it->is_number() || !std::isfinite(it->get<double>())) {
    throw AdminError::bad_request(std::string(name) + " must be a number of seconds");
  }
  return it->get<double>();
}

// Seconds as microseconds, refusing what the clock cannot hold (about ±292,000 years).
std::chrono::microseconds microseconds_of(double seconds, const char* name) {
  constexpr double kLimit = 9.0e12;  // seconds; far inside int64 microseconds
  if (std::fabs(seconds) > kLimit) {
    throw AdminError::bad_request(std::string(name) + " is out of range");
  }
  return std::chrono::microseconds(static_cast<int64_t>(std::llround(seconds * 1e6)));
}

}  // namespace

Json get_clock(AdminCall& call) { return clock_json(call.services.database.clock()); }

Json move_clock(AdminCall& call) {
  if (!call.body.is_object()) {
    throw AdminError::bad_request(
        R"(the body must be {"advanceSeconds": N} or {"epochSeconds": T})");
  }
  std::optional<double> advance = seconds_member(call.body, "advanceSeconds");
  std::optional<double> epoch = seconds_member(call.body, "epochSeconds");
  if (advance.has_value() == epoch.has_value()) {
    throw AdminError::bad_request("give exactly one of advanceSeconds and epochSeconds");
  }
  engine::Clock& clock = call.services.database.clock();
  if (advance) {
    if (*advance < 0) throw AdminError::bad_request("advanceSeconds must not be negative");
    clock.advance(microseconds_of(*advance, "advanceSeconds"));
  } else {
    clock.set(engine::Clock::time_point(microseconds_of(*epoch, "epochSeconds")));
  }
  return clock_json(clock);
}

}  // namespace ddb::protocol::admin
