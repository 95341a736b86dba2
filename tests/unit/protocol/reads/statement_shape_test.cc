// A Query's or Scan's shape: the operation, IndexName and expressions, never the values.

#include "protocol/reads/statement_shape.h"

#include <gtest/gtest.h>

namespace ddb::protocol {
namespace {

TEST(StatementShape, NamesTheIndexAndTheExpressionsAsWritten) {
  Json request = Json::parse(R"({"TableName": "t", "IndexName": "byCustomer",
      "KeyConditionExpression": "#c = :c", "FilterExpression": "#s = :s",
      "ExpressionAttributeValues": {":c": {"S": "c1"}, ":s": {"S": "OPEN"}}, "Limit": 5})");
  EXPECT_EQ(statement_shape("Query", request),
            "Query IndexName=byCustomer KeyConditionExpression=\"#c = :c\" "
            "FilterExpression=\"#s = :s\"");
}

TEST(StatementShape, ABareScanIsItsOperation) {
  EXPECT_EQ(statement_shape("Scan", Json::parse(R"({"TableName": "t"})")), "Scan");
}

TEST(StatementShape, LegacyConditionsShowTheirAttributesAndOperators) {
  Json request = Json::parse(R"({"TableName": "t",
      "ScanFilter": {"status": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "x"}]},
                     "age": {"ComparisonOperator": "GT", "AttributeValueList": [{"N": "3"}]}}})");
  EXPECT_EQ(statement_shape("Scan", request), "Scan ScanFilter={age GT, status EQ}");
}

}  // namespace
}  // namespace ddb::protocol
