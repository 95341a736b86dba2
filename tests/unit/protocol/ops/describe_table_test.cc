// DescribeTable in-process through the dispatcher, with DynamoDB's exact error types and messages
// (dynalite's tests recorded against AWS, paritysuite captures from 2026, AWS responses quoted in
// GitHub issues).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::definitions;
using test::expect_violations;
using test::Harness;
using test::key_schema;

TEST(DescribeTable, DescribesAnExistingTable) {
  Harness h;
  h.create_table("orders", "sk", "N");
  CallResult r = h.call("DescribeTable", R"({"TableName":"orders"})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["Table"]["TableName"], "orders");
  EXPECT_EQ(r.body["Table"]["KeySchema"], key_schema("pk", "sk"));
  EXPECT_EQ(r.body["Table"]["AttributeDefinitions"], definitions({{"pk", "S"}, {"sk", "N"}}));
}

TEST(DescribeTable, RejectsAMissingTableNamingIt) {
  Harness h;
  CallResult r = h.call("DescribeTable", R"({"TableName":"nope"})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: Table: nope not found");
}

TEST(DescribeTable, RejectsAnEmptyName) {
  Harness h;
  expect_violations(
      h.call("DescribeTable", R"({"TableName":""})"),
      {"Value '' at 'tableName' failed to satisfy constraint: Member must have length "
       "greater than or equal to 3",
       "Value '' at 'tableName' failed to satisfy constraint: Member must satisfy "
       "regular expression pattern: [a-zA-Z0-9_.-]+"});
}

}  // namespace
}  // namespace ddb::protocol
