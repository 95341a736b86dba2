// read_single_item_write: the opening PutItem, UpdateItem and DeleteItem share. With several
// problems in one request, the first one DynamoDB reports is the one thrown; a clean request comes
// back read.

#include "protocol/writes/single_item_write.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

struct Failure {
  engine::ErrorType type = engine::ErrorType::InternalServer;
  std::string message;
};

Failure failure_of(const char* request, const SingleItemWriteMembers& members) {
  try {
    read_single_item_write(Json::parse(request), members);
  } catch (const engine::Error& error) {
    return {error.type(), error.message()};
  }
  ADD_FAILURE() << "no error for " << request;
  return {};
}

std::string message_of(const char* request, const SingleItemWriteMembers& members) {
  Failure failure = failure_of(request, members);
  EXPECT_EQ(failure.type, engine::ErrorType::Validation) << failure.message;
  return failure.message;
}

TEST(SingleItemWrite, ListsEveryModelViolationInDynamoDbOrder) {
  EXPECT_EQ(
      message_of(R"({"ReturnConsumedCapacity":"ALL","ReturnItemCollectionMetrics":"KEYS",
                     "ReturnValuesOnConditionCheckFailure":"ALL_NEW","ConditionalOperator":"XOR",
                     "ReturnValues":"SOME"})",
                 kPutItemMembers),
      "7 validation errors detected: "
      "Value null at 'tableName' failed to satisfy constraint: Member must not be null; "
      "Value null at 'item' failed to satisfy constraint: Member must not be null; "
      "Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy "
      "enum value set: [INDEXES, TOTAL, NONE]; "
      "Value 'KEYS' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must "
      "satisfy enum value set: [SIZE, NONE]; "
      "Value 'ALL_NEW' at 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: "
      "Member must satisfy enum value set: [ALL_OLD, NONE]; "
      "Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy "
      "enum value set: [OR, AND]; "
      "Value 'SOME' at 'returnValues' failed to satisfy constraint: Member must satisfy enum "
      "value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
}

TEST(SingleItemWrite, UpdateItemListsReturnValuesBeforeTheLegacyMembers) {
  EXPECT_EQ(message_of(R"({"TableName":"tbl","Key":{},"ConditionalOperator":"XOR",
                           "ReturnValues":"SOME"})",
                       kUpdateItemMembers),
            "2 validation errors detected: "
            "Value 'SOME' at 'returnValues' failed to satisfy constraint: Member must satisfy "
            "enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]; "
            "Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must "
            "satisfy enum value set: [OR, AND]");
}

TEST(SingleItemWrite, DeleteItemListsReturnValuesAfterTheLegacyMembers) {
  EXPECT_EQ(message_of(R"({"TableName":"tbl","Key":{},"ConditionalOperator":"XOR",
                           "ReturnValues":"SOME"})",
                       kDeleteItemMembers),
            "2 validation errors detected: "
            "Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must "
            "satisfy enum value set: [OR, AND]; "
            "Value 'SOME' at 'returnValues' failed to satisfy constraint: Member must satisfy "
            "enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
}

TEST(SingleItemWrite, ReadsReturnValuesOfTheWrongTypeWhereEachOperationReadsIt) {
  const char* request = R"({"TableName":"tbl","Key":{},"Expected":[],"ReturnValues":1})";
  Failure update = failure_of(request, kUpdateItemMembers);
  EXPECT_EQ(update.type, engine::ErrorType::Serialization);
  EXPECT_EQ(update.message, "NUMBER_VALUE cannot be converted to String");
  Failure remove = failure_of(request, kDeleteItemMembers);
  EXPECT_EQ(remove.type, engine::ErrorType::Serialization);
  EXPECT_EQ(remove.message,
            "Unrecognized collection type java.util.Map<java.lang.String, "
            "com.amazonaws.dynamodb.v20120810.ExpectedAttributeValue>");
}

TEST(SingleItemWrite, PutItemAllowsOnlyAllOldOrNoneOnceTheModelConstraintsHold) {
  EXPECT_EQ(
      message_of(R"({"TableName":"tbl","Item":{},"ReturnValues":"ALL_NEW"})", kPutItemMembers),
      "ReturnValues can only be ALL_OLD or NONE");
  EXPECT_EQ(message_of(R"({"TableName":"tbl","ReturnValues":"ALL_NEW"})", kPutItemMembers),
            "1 validation error detected: Value null at 'item' failed to satisfy constraint: "
            "Member must not be null");
}

TEST(SingleItemWrite, DeleteItemReportsAllOldOrNoneInTheEnvelope) {
  EXPECT_EQ(message_of(R"({"TableName":"tbl","Key":{},"ReturnValues":"UPDATED_NEW"})",
                       kDeleteItemMembers),
            "1 validation error detected: ReturnValues can only be ALL_OLD or NONE");
}

TEST(SingleItemWrite, ChecksReturnValuesBeforeMixedExpressionMembers) {
  EXPECT_EQ(message_of(R"({"TableName":"tbl","Item":{},"ReturnValues":"ALL_NEW",
                           "Expected":{"a":{"Exists":false}},"ConditionExpression":"a = b"})",
                       kPutItemMembers),
            "ReturnValues can only be ALL_OLD or NONE");
}

TEST(SingleItemWrite, ChecksMixedExpressionMembersBeforeTheItemValues) {
  EXPECT_EQ(message_of(R"({"TableName":"tbl","Key":{"pk":{}},
                           "AttributeUpdates":{"a":{"Action":"DELETE"}},
                           "UpdateExpression":"REMOVE a"})",
                       kUpdateItemMembers),
            "1 validation error detected: Can not use both expression and non-expression "
            "parameters in the same request: Non-expression parameters: {AttributeUpdates} "
            "Expression parameters: {UpdateExpression}");
}

TEST(SingleItemWrite, ChecksTheItemValuesBeforeTheExpressions) {
  EXPECT_EQ(
      message_of(R"({"TableName":"tbl","Item":{"pk":{}},"ConditionExpression":"a = :missing"})",
                 kPutItemMembers),
      "1 validation error detected: Supplied AttributeValue is empty, must contain exactly "
      "one of the supported datatypes");
}

TEST(SingleItemWrite, ReportsAnUnusedValueInTheEnvelope) {
  EXPECT_EQ(message_of(R"j({"TableName":"tbl","Key":{"pk":{"S":"a"}},
                            "ConditionExpression":"attribute_exists(pk)",
                            "ExpressionAttributeValues":{":v":{"S":"x"}}})j",
                       kDeleteItemMembers),
            "1 validation error detected: Value provided in ExpressionAttributeValues unused in "
            "expressions: keys: {:v}");
}

TEST(SingleItemWrite, ReadsAPutItemsMembers) {
  SingleItemWrite write = read_single_item_write(
      Json::parse(R"j({"TableName":"orders","Item":{"pk":{"S":"a"},"n":{"N":"1"}},
                       "ReturnConsumedCapacity":"INDEXES","ReturnItemCollectionMetrics":"SIZE",
                       "ReturnValues":"ALL_OLD","ReturnValuesOnConditionCheckFailure":"ALL_OLD",
                       "ConditionExpression":"attribute_not_exists(pk)"})j"),
      kPutItemMembers);
  EXPECT_EQ(write.table_name, "orders");
  EXPECT_EQ(write.capacity, CapacityDetail::Indexes);
  EXPECT_TRUE(write.item_collection_metrics);
  EXPECT_EQ(write.return_values, "ALL_OLD");
  EXPECT_EQ(write.plan.kind, WritePlan::Kind::Put);
  EXPECT_EQ(write.plan.item.size(), 2u);
  EXPECT_TRUE(write.plan.condition.condition.has_value());
  EXPECT_TRUE(write.plan.condition.return_item_on_failure);
}

TEST(SingleItemWrite, AbsentOptionsReadAsNone) {
  SingleItemWrite write = read_single_item_write(
      Json::parse(R"({"TableName":"orders","Key":{"pk":{"S":"a"}}})"), kDeleteItemMembers);
  EXPECT_EQ(write.capacity, CapacityDetail::None);
  EXPECT_FALSE(write.item_collection_metrics);
  EXPECT_EQ(write.return_values, "NONE");
  EXPECT_EQ(write.plan.kind, WritePlan::Kind::Delete);
  EXPECT_FALSE(write.plan.condition.condition.has_value());
  EXPECT_FALSE(write.plan.condition.return_item_on_failure);
}

TEST(SingleItemWrite, UpdateItemReadsAttributeUpdatesAndExpected) {
  SingleItemWrite write = read_single_item_write(
      Json::parse(R"({"TableName":"orders","Key":{"pk":{"S":"a"}},"ReturnValues":"UPDATED_NEW",
                      "AttributeUpdates":{"n":{"Action":"ADD","Value":{"N":"1"}}},
                      "Expected":{"n":{"Exists":false}}})"),
      kUpdateItemMembers);
  EXPECT_EQ(write.return_values, "UPDATED_NEW");
  EXPECT_EQ(write.plan.kind, WritePlan::Kind::Update);
  EXPECT_TRUE(write.plan.legacy_updates);
  EXPECT_EQ(write.plan.actions.size(), 1u);
  EXPECT_TRUE(write.plan.condition.condition.has_value());
}

TEST(SingleItemWrite, UpdateItemReadsUpdateExpression) {
  SingleItemWrite write =
      read_single_item_write(Json::parse(R"({"TableName":"orders","Key":{"pk":{"S":"a"}},
                      "UpdateExpression":"SET a = :a, b = :b",
                      "ExpressionAttributeValues":{":a":{"S":"x"},":b":{"N":"2"}}})"),
                             kUpdateItemMembers);
  EXPECT_FALSE(write.plan.legacy_updates);
  EXPECT_EQ(write.plan.actions.size(), 2u);
}

}  // namespace
}  // namespace ddb::protocol
