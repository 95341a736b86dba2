// The dispatcher in-process: its wire basics (unknown targets, unparseable bodies and the __type
// namespace of each error, with DynamoDB's exact error types and messages: dynalite's tests
// recorded against AWS, paritysuite captures from 2026, AWS responses quoted in GitHub issues). The
// namespaces of tables have their own tests (namespaces_test.cc).

#include "protocol/dispatch.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::Harness;

TEST(Dispatch, UnknownTargetIsAnUnknownOperationWithoutMessage) {
  Harness h;
  CallResult r = h.call("ListTable", "{}");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "UnknownOperationException");
  EXPECT_EQ(r.body,
            json::parse(R"({"__type":"com.amazon.coral.service#UnknownOperationException"})"));
}

TEST(Dispatch, GlobalTablesOperationsAreRefusedByName) {
  Harness h;
  for (const char* op : {"CreateGlobalTable", "DescribeGlobalTable", "DescribeGlobalTableSettings",
                         "ListGlobalTables", "UpdateGlobalTable", "UpdateGlobalTableSettings",
                         "DescribeTableReplicaAutoScaling", "UpdateTableReplicaAutoScaling"}) {
    CallResult r = h.call(op, "{}");
    EXPECT_EQ(r.status, 400) << op;
    EXPECT_EQ(r.body["__type"], "com.amazon.coral.service#UnknownOperationException") << op;
    EXPECT_EQ(r.message, std::string(op) +
                             " is not supported: ddblocal has no global tables (no "
                             "replicas in other regions)");
  }
}

TEST(Dispatch, UnparseableBodyIsASerializationExceptionWithoutMessage) {
  Harness h;
  CallResult r = h.call("ListTables", "{not json");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, json::parse(R"({"__type":"com.amazon.coral.service#SerializationException"})"));
}

TEST(Dispatch, SerializationExceptionSpellsMessageWithACapital) {
  Harness h;
  CallResult r = h.call("DescribeTable", R"({"TableName":5})");
  EXPECT_EQ(r.body, json::parse(R"({"__type":"com.amazon.coral.service#SerializationException",
                                    "Message":"NUMBER_VALUE cannot be converted to String"})"));
}

TEST(Dispatch, ValidationExceptionUsesTheCoralValidateNamespace) {
  Harness h;
  CallResult r = h.call("DescribeTable", "{}");
  EXPECT_EQ(r.body["__type"], "com.amazon.coral.validate#ValidationException");
  EXPECT_TRUE(r.body.contains("message"));
}

TEST(Dispatch, ResourceNotFoundUsesTheDynamoDbNamespace) {
  Harness h;
  CallResult r = h.call("DescribeTable", R"({"TableName":"nope"})");
  EXPECT_EQ(r.body["__type"], "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
}

}  // namespace
}  // namespace ddb::protocol
