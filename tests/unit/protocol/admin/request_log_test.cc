// The request log's ring: numbering, order, wrap-around, limits, clearing and the echo callback.

#include "protocol/admin/request_log.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ddb::protocol {
namespace {

RequestLogRecord record(std::string_view operation) {
  RequestLogRecord r;
  r.operation = operation;
  return r;
}

std::vector<std::string> operations(const std::vector<RequestLogEntry>& entries) {
  std::vector<std::string> names;
  for (const RequestLogEntry& e : entries) names.push_back(e.operation);
  return names;
}

TEST(RequestLog, KeepsTheLatestEntriesOldestFirst) {
  RequestLog log(3);
  for (std::string_view name : {"A", "B", "C", "D", "E"}) {
    log.record(record(name));
  }
  std::vector<RequestLogEntry> all = log.latest(100);
  EXPECT_EQ(operations(all), (std::vector<std::string>{"C", "D", "E"}));
  EXPECT_EQ(all.front().sequence, 3u);
  EXPECT_EQ(all.back().sequence, 5u);
  EXPECT_EQ(operations(log.latest(2)), (std::vector<std::string>{"D", "E"}));
  EXPECT_TRUE(log.latest(0).empty());
}

TEST(RequestLog, BeforeItIsFullTheOrderIsTheRecordingOrder) {
  RequestLog log(10);
  for (std::string_view name : {"A", "B"}) {
    log.record(record(name));
  }
  EXPECT_EQ(operations(log.latest(10)), (std::vector<std::string>{"A", "B"}));
}

TEST(RequestLog, ClearingEmptiesItButNumberingGoesOn) {
  RequestLog log(2);
  for (std::string_view name : {"A", "B", "C"}) {
    log.record(record(name));
  }
  log.clear();
  EXPECT_TRUE(log.latest(10).empty());
  log.record(record("D"));
  std::vector<RequestLogEntry> all = log.latest(10);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].sequence, 4u);
}

TEST(RequestLog, AZeroSizedLogKeepsNothingButStillEchoes) {
  std::vector<std::string> echoed;
  RequestLog log(0, [&](const RequestLogEntry& e) { echoed.push_back(e.operation); });
  log.record(record("A"));
  EXPECT_TRUE(log.latest(10).empty());
  EXPECT_EQ(echoed, (std::vector<std::string>{"A"}));
}

TEST(RequestLog, JsonNamesEveryFieldAndNullsWhatDoesNotApply) {
  RequestLogEntry e;
  e.operation = "GetItem";
  e.time_ms = 1500;
  e.table = "Orders";
  e.capacity_units = 0.5;
  Json json = request_log_entry_json(e);
  EXPECT_EQ(json["time"], 1.5);
  EXPECT_EQ(json["table"], "Orders");
  EXPECT_TRUE(json["index"].is_null());
  EXPECT_TRUE(json["errorType"].is_null());
  EXPECT_TRUE(json["count"].is_null());
  EXPECT_EQ(json["consumedCapacity"], 0.5);
  EXPECT_EQ(json["scan"], false);
}

}  // namespace
}  // namespace ddb::protocol
