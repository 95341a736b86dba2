// DeleteTable in-process through the dispatcher, including deletion protection, with DynamoDB's
// exact error types and messages (dynalite's tests recorded against AWS, paritysuite captures from
// 2026, AWS responses quoted in GitHub issues).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::create_request;
using test::expect_validation;
using test::Harness;

TEST(DeleteTable, DeletesAndDescribesTheTableAsDeleting) {
  Harness h;
  h.create_table("users");
  CallResult r = h.call("DeleteTable", R"({"TableName":"users"})");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["TableDescription"]["TableStatus"], "DELETING");
  EXPECT_EQ(h.call("DescribeTable", R"({"TableName":"users"})").error_type,
            "ResourceNotFoundException");
  EXPECT_EQ(h.call("ListTables", "{}").body, json::parse(R"({"TableNames":[]})"));
}

TEST(DeleteTable, RejectsAMissingTableNamingIt) {
  Harness h;
  CallResult r = h.call("DeleteTable", R"({"TableName":"nope"})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: Table: nope not found");
}

TEST(DeleteTable, RefusesATableWithDeletionProtection) {
  Harness h;
  json request = create_request("users");
  request["DeletionProtectionEnabled"] = true;
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  expect_validation(h.call("DeleteTable", R"({"TableName":"users"})"),
                    "Resource cannot be deleted as it is currently protected against deletion. "
                    "Disable deletion protection first.");
  EXPECT_EQ(h.call("DescribeTable", R"({"TableName":"users"})").status, 200);
}

}  // namespace
}  // namespace ddb::protocol
