// ListTables in-process through the dispatcher: order, paging and its limits, with DynamoDB's exact
// error types and messages (dynalite's tests recorded against AWS, paritysuite captures from 2026,
// AWS responses quoted in GitHub issues).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::expect_violations;
using test::Harness;

TEST(ListTables, ListsNamesInAscendingOrder) {
  Harness h;
  for (const char* name : {"ccc", "aaa", "bbb"}) h.create_table(name);
  CallResult r = h.call("ListTables", "{}");
  EXPECT_EQ(r.body, json::parse(R"({"TableNames":["aaa","bbb","ccc"]})"));
}

TEST(ListTables, PagesWithLimitAndExclusiveStartTableName) {
  Harness h;
  for (const char* name : {"t01", "t02", "t03", "t04", "t05"}) h.create_table(name);
  CallResult first = h.call("ListTables", R"({"Limit":2})");
  EXPECT_EQ(first.body,
            json::parse(R"({"TableNames":["t01","t02"],"LastEvaluatedTableName":"t02"})"));
  CallResult second = h.call("ListTables", R"({"Limit":2,"ExclusiveStartTableName":"t02"})");
  EXPECT_EQ(second.body,
            json::parse(R"({"TableNames":["t03","t04"],"LastEvaluatedTableName":"t04"})"));
  CallResult third = h.call("ListTables", R"({"Limit":2,"ExclusiveStartTableName":"t04"})");
  EXPECT_EQ(third.body, json::parse(R"({"TableNames":["t05"]})"));
  // A start name that is not a table resumes where it would sort.
  CallResult between = h.call("ListTables", R"({"ExclusiveStartTableName":"t025"})");
  EXPECT_EQ(between.body, json::parse(R"({"TableNames":["t03","t04","t05"]})"));
}

TEST(ListTables, RejectsLimitsOutsideOneToHundred) {
  Harness h;
  expect_validation(h.call("ListTables", R"({"Limit":0})"),
                    "1 validation error detected: Value '0' at 'limit' failed to satisfy "
                    "constraint: Member must have value greater than or equal to 1");
  expect_validation(h.call("ListTables", R"({"Limit":101})"),
                    "1 validation error detected: Value '101' at 'limit' failed to satisfy "
                    "constraint: Member must have value less than or equal to 100");
}

TEST(ListTables, RejectsAnEmptyExclusiveStartTableName) {
  Harness h;
  expect_violations(h.call("ListTables", R"({"ExclusiveStartTableName":""})"),
                    {"Value '' at 'exclusiveStartTableName' failed to satisfy constraint: Member "
                     "must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                     "Value '' at 'exclusiveStartTableName' failed to satisfy constraint: Member "
                     "must have length greater than or equal to 3"});
}

}  // namespace
}  // namespace ddb::protocol
