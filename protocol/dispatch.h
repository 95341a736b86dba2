#pragma once

#include <functional>
#include <string_view>

#include "protocol/call.h"
#include "protocol/namespaces.h"

namespace ddb::engine {
class Database;
}

namespace ddb::protocol {

class FaultRules;
class RequestLog;
class AccessReport;
class Transfers;

// Turns one DynamoDB JSON request into one response. Thread-safe: one Dispatcher serves every
// session. Never throws: DynamoDB errors become their JSON error body, anything else a logged 500.
class Dispatcher {
 public:
  explicit Dispatcher(engine::Database& database, Namespaces namespaces = Namespaces::PerAccessKey)
      : database_(database), namespaces_(namespaces) {}

  // `target` is the X-Amz-Target header value ("DynamoDB_20120810.Query"); `body` the request
  // bytes. With a durable database, the response's `durability` names what the request logged
  // (whatever its outcome): the caller must not send the response before when_durable() says that
  // it is durable. Returns without waiting for any disk.
  Response handle(std::string_view target, std::string_view body, const Caller& caller) const;

  // Calls `done` once `ticket` (a Response's `durability`) is durable: at once on the calling
  // thread for an empty ticket or one already synced, otherwise on the data directory's sync
  // thread, so `done` must neither throw nor block (see engine::DatabaseJournal::when_durable).
  void when_durable(engine::DurabilityTicket ticket, std::function<void()> done) const;

  // Records every request handled from now on in `log` (protocol/admin/request_log.h), or none
  // when nullptr. Requires: no request is being handled; `log` outlives the dispatcher.
  void set_request_log(RequestLog* log) { request_log_ = log; }
  // Counts every request handled from now on in `report` (protocol/admin/access_report.h), or
  // none when nullptr. Requires: as set_request_log's.
  void set_access_report(AccessReport* report) { access_report_ = report; }

  // Tries `faults` (protocol/faults) on every request handled from now on, or none when nullptr.
  // Requires: no request is being handled; `faults` outlives the dispatcher.
  void set_faults(FaultRules* faults) { faults_ = faults; }

  // Serves ExportTableToPointInTime, ImportTable and their Describe and List operations with
  // `transfers` (protocol/transfers/transfers.h) from now on; without it they answer a
  // ValidationException naming --s3-dir. Requires: as set_request_log's.
  void set_transfers(Transfers* transfers) { transfers_ = transfers; }

 private:
  engine::Database& database_;
  Namespaces namespaces_;
  RequestLog* request_log_ = nullptr;
  FaultRules* faults_ = nullptr;
  AccessReport* access_report_ = nullptr;
  Transfers* transfers_ = nullptr;
};

}  // namespace ddb::protocol
