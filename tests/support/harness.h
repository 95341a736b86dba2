#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/database.h"
#include "protocol/dispatch.h"
#include "protocol/namespaces.h"

namespace ddb::test {

// Blocks the calling thread until `ticket` is durable, as a session's coroutine waits for it
// (server/durability_wait.h); for tests, which run no event loop.
void wait_until_durable(const engine::Database& database, engine::DurabilityTicket ticket);

// What one in-process call returned, decoded for assertions.
struct CallResult {
  int status = 0;
  std::chrono::milliseconds delay{0};  // how long the session would wait before sending it
  std::string raw_body;                // the bytes of the response body
  nlohmann::json body;
  // The part of __type after '#' ("ValidationException"); empty on success.
  std::string error_type;
  // The error's "message" (or "Message", as SerializationException spells it); empty when absent.
  std::string message;
};

// protocol and engine together, with no socket: a fresh Database and a Dispatcher over it.
//   ddb::test::Harness h;
//   auto r = h.call("Query", R"({"TableName":"t", ...})");
//   EXPECT_EQ(r.error_type, "ValidationException");
class Harness {
 public:
  Harness() : dispatcher_(database_) {}
  // A dispatcher that consults `faults` (which must outlive the harness) for every call.
  explicit Harness(protocol::FaultRules& faults) : dispatcher_(database_) {
    dispatcher_.set_faults(&faults);
  }

  // Sends `body` as operation `op` ("Query") with the X-Amz-Target DynamoDB uses.
  CallResult call(std::string_view op, std::string_view body) const;
  CallResult call(std::string_view op, const char* body) const {
    return call(op, std::string_view(body));
  }
  CallResult call(std::string_view op, const nlohmann::json& body) const;
  // Sends `body` as DynamoDB Streams operation `op` ("GetRecords").
  CallResult call_streams(std::string_view op, const nlohmann::json& body) const;

  // Creates a PAY_PER_REQUEST table with a string partition key `pk` and, when `sort_key` is
  // non-empty, a sort key of that name and `sort_type` ("S", "N" or "B"). Fails the test on error.
  void create_table(std::string_view name, std::string_view sort_key = "",
                    std::string_view sort_type = "S") const;
  // Puts `item` (wire JSON) into `table`; fails the test on error.
  void put(std::string_view table, const nlohmann::json& item) const;

  engine::Database& database() { return database_; }
  // Serves the export and import operations with `transfers` (which must outlive the harness's
  // calls); without it they are refused as without --s3-dir.
  void set_transfers(protocol::Transfers* transfers) { dispatcher_.set_transfers(transfers); }
  // Who the calls come from: access key AKIDEXAMPLE, region us-east-1, Host localhost:8000 unless
  // a test changes it.
  protocol::Caller& caller() { return caller_; }
  // The engine::Database region (namespace) that holds the tables the calls create: the caller's
  // access key and region, the server's default split.
  std::string table_namespace() const {
    return protocol::namespace_of(protocol::Namespaces::PerAccessKey, caller_);
  }

 private:
  CallResult call_target(const std::string& target, std::string_view body) const;

  engine::Database database_;
  protocol::Dispatcher dispatcher_;
  protocol::Caller caller_{.access_key = "AKIDEXAMPLE",
                           .region = "us-east-1",
                           .auth_failure = std::nullopt,
                           .host = "localhost:8000"};
};

// Expects a ValidationException (HTTP 400) with exactly `message`.
void expect_validation(const CallResult& r, const std::string& message);

// A composite key schema. Built out of line: GCC 12 misreports brace-initialised KeySchema
// temporaries (std::optional of a struct holding a string) as maybe-uninitialized at -O2.
engine::KeySchema composite_schema(const std::string& partition, engine::Type partition_type,
                                   const std::string& sort, engine::Type sort_type);

}  // namespace ddb::test
