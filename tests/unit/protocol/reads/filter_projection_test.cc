// FilterExpression on Query and Scan, and ProjectionExpression on GetItem, Query and Scan, through
// the dispatcher: the filter runs after the page is read (Limit counts items read), Count and
// ScannedCount differ, and the messages are DynamoDB's.

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::Harness;

// Items a/0..a/4 with n = their sort key.
void fill(Harness& h) {
  h.create_table("tbl", "sk", "N");
  for (int i = 0; i < 5; ++i) {
    std::string n = std::to_string(i);
    h.put("tbl", json{{"pk", {{"S", "a"}}},
                      {"sk", {{"N", n}}},
                      {"n", {{"N", n}}},
                      {"m", {{"M", {{"x", {{"S", "x" + n}}}, {"y", {{"S", "y"}}}}}}}});
  }
}

json query(const std::string& filter) {
  return {{"TableName", "tbl"},
          {"KeyConditionExpression", "pk = :p"},
          {"FilterExpression", filter},
          {"ExpressionAttributeValues", {{":p", {{"S", "a"}}}, {":two", {{"N", "2"}}}}}};
}

TEST(Filter, QueryCountsItemsReadAndItemsKept) {
  Harness h;
  fill(h);
  CallResult r = h.call("Query", query("n >= :two"));
  EXPECT_EQ(r.body["Count"], 3);
  EXPECT_EQ(r.body["ScannedCount"], 5);
  EXPECT_EQ(r.body["Items"].size(), 3u);
}

TEST(Filter, LimitCountsItemsBeforeTheFilter) {
  Harness h;
  fill(h);
  json request = query("n >= :two");
  request["Limit"] = 3;
  CallResult r = h.call("Query", request);
  EXPECT_EQ(r.body["Count"], 1);
  EXPECT_EQ(r.body["ScannedCount"], 3);
  EXPECT_EQ(r.body["LastEvaluatedKey"], json::parse(R"({"pk":{"S":"a"},"sk":{"N":"2"}})"));
}

TEST(Filter, SelectCountStillFilters) {
  Harness h;
  fill(h);
  json request = query("n < :two");
  request["Select"] = "COUNT";
  CallResult r = h.call("Query", request);
  EXPECT_FALSE(r.body.contains("Items"));
  EXPECT_EQ(r.body["Count"], 2);
  EXPECT_EQ(r.body["ScannedCount"], 5);
}

TEST(Filter, QueryRejectsKeyAttributesInTheFilter) {
  Harness h;
  fill(h);
  expect_validation(h.call("Query", query("sk = :two")),
                    "Filter Expression can only contain non-primary key attributes: Primary key "
                    "attribute: sk");
}

TEST(Filter, ScanFiltersOnAnyAttribute) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"},
                  {"FilterExpression", "sk = :two OR begins_with(m.x, :x4)"},
                  {"ExpressionAttributeValues", {{":two", {{"N", "2"}}}, {":x4", {{"S", "x4"}}}}}};
  CallResult r = h.call("Scan", request);
  EXPECT_EQ(r.body["Count"], 2);
  EXPECT_EQ(r.body["ScannedCount"], 5);
}

TEST(Filter, ReportsOperandTypesWithTheFilterPrefix) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"},
                  {"FilterExpression", "begins_with(m.x, :two)"},
                  {"ExpressionAttributeValues", {{":two", {{"N", "2"}}}}}};
  expect_validation(h.call("Scan", request),
                    "Invalid FilterExpression: Incorrect operand type for operator or function; "
                    "operator or function: begins_with, operand type: N");
}

TEST(Filter, RejectsValuesWithoutAFilter) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"},
                  {"ProjectionExpression", "n"},
                  {"ExpressionAttributeValues", {{":two", {{"N", "2"}}}}}};
  expect_validation(h.call("Scan", request),
                    "ExpressionAttributeValues can only be specified when using expressions: "
                    "FilterExpression is null");
  request = {{"TableName", "tbl"}, {"ExpressionAttributeNames", {{"#n", "n"}}}};
  expect_validation(h.call("Scan", request),
                    "ExpressionAttributeNames can only be specified when using expressions");
}

TEST(Projection, GetItemReturnsTheProjectedPaths) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"},
                  {"Key", {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}}},
                  {"ProjectionExpression", "#m.x, n"},
                  {"ExpressionAttributeNames", {{"#m", "m"}}}};
  CallResult r = h.call("GetItem", request);
  EXPECT_EQ(r.body["Item"], json::parse(R"({"m":{"M":{"x":{"S":"x1"}}},"n":{"N":"1"}})"));
}

TEST(Projection, QueryAndScanProjectEveryItem) {
  Harness h;
  fill(h);
  json request = query("n >= :two");
  request["ProjectionExpression"] = "sk";
  CallResult r = h.call("Query", request);
  ASSERT_EQ(r.body["Items"].size(), 3u);
  EXPECT_EQ(r.body["Items"][0], json::parse(R"({"sk":{"N":"2"}})"));
  r = h.call("Scan", json{{"TableName", "tbl"}, {"ProjectionExpression", "m.y"}, {"Limit", 1}});
  EXPECT_EQ(r.body["Items"][0], json::parse(R"({"m":{"M":{"y":{"S":"y"}}}})"));
}

TEST(Projection, RejectsOverlappingPaths) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"},
                  {"Key", {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}}},
                  {"ProjectionExpression", "m, m.x"}};
  expect_validation(h.call("GetItem", request),
                    "Invalid ProjectionExpression: Two document paths overlap with each other; "
                    "must remove or rewrite one of these paths; path one: [m], path two: [m, x]");
}

TEST(Projection, RejectsMixingWithAttributesToGet) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"},
                  {"Key", {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}}},
                  {"ProjectionExpression", "n"},
                  {"AttributesToGet", {"n"}}};
  expect_validation(h.call("GetItem", request),
                    "Can not use both expression and non-expression parameters in the same "
                    "request: Non-expression parameters: {AttributesToGet} Expression parameters: "
                    "{ProjectionExpression}");
}

TEST(Projection, SelectCountRejectsAProjectionExpression) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"}, {"ProjectionExpression", "n"}, {"Select", "COUNT"}};
  expect_validation(h.call("Scan", request),
                    "Cannot specify the ProjectionExpression when choosing to get only the Count");
}

}  // namespace
}  // namespace ddb::protocol
