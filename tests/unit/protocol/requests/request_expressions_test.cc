// check_expression_members: which expression and legacy members one request may combine, in
// DynamoDB's order and wording, with each operation's member lists as the ops pass them.

#include "protocol/requests/request_expressions.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

const ExpressionMembers kGetItem{{"ProjectionExpression"}, {"AttributesToGet"}};
const ExpressionMembers kPutOrDeleteItem{{"ConditionExpression"},
                                         {"Expected", "ConditionalOperator"}};
const ExpressionMembers kUpdateItem{{"UpdateExpression", "ConditionExpression"},
                                    {"AttributeUpdates", "Expected", "ConditionalOperator"}};
const ExpressionMembers kQuery{
    {"ProjectionExpression", "FilterExpression", "KeyConditionExpression"},
    {"AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"}};
const ExpressionMembers kScan{{"ProjectionExpression", "FilterExpression"},
                              {"AttributesToGet", "ScanFilter", "ConditionalOperator"}};

std::string error_of(const char* request, const ExpressionMembers& members,
                     bool enveloped = false) {
  try {
    check_expression_members(Json::parse(request), members, enveloped);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

TEST(ExpressionMembers, ListsMixedParametersInDynamoDbOrder) {
  struct Case {
    const char* request;
    const ExpressionMembers& members;
    const char* message;
  };
  const std::vector<Case> cases = {
      {R"j({"Expected":{"pk":{"Exists":false}},"ConditionExpression":"attribute_not_exists(pk)"})j",
       kPutOrDeleteItem,
       "Can not use both expression and non-expression parameters in the same request: "
       "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"},
      {R"({"ConditionalOperator":"AND","ConditionExpression":"a = :v"})", kPutOrDeleteItem,
       "Can not use both expression and non-expression parameters in the same request: "
       "Non-expression parameters: {ConditionalOperator} Expression parameters: "
       "{ConditionExpression}"},
      {R"({"UpdateExpression":"SET a = :v","AttributeUpdates":{"a":{"Value":{"S":"v"}}}})",
       kUpdateItem,
       "Can not use both expression and non-expression parameters in the same request: "
       "Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}"},
      {R"({"Expected":{"a":{}},"AttributeUpdates":{},"ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ConditionExpression":"","UpdateExpression":""})",
       kUpdateItem,
       "Can not use both expression and non-expression parameters in the same request: "
       "Non-expression parameters: {AttributeUpdates, Expected} Expression parameters: "
       "{UpdateExpression, ConditionExpression}"},
      {R"({"AttributesToGet":["a","a"],"QueryFilter":{},"ConditionalOperator":"OR","KeyConditions":{},"ProjectionExpression":"","FilterExpression":"","KeyConditionExpression":""})",
       kQuery,
       "Can not use both expression and non-expression parameters in the same request: "
       "Non-expression parameters: {AttributesToGet, QueryFilter, ConditionalOperator, "
       "KeyConditions} Expression parameters: {ProjectionExpression, FilterExpression, "
       "KeyConditionExpression}"},
      // Without KeyConditionExpression, KeyConditions is the key condition and is not listed.
      {R"({"AttributesToGet":["a"],"QueryFilter":{},"ConditionalOperator":"OR","KeyConditions":{},"ProjectionExpression":"","FilterExpression":""})",
       kQuery,
       "Can not use both expression and non-expression parameters in the same request: "
       "Non-expression parameters: {AttributesToGet, QueryFilter, ConditionalOperator} Expression "
       "parameters: {ProjectionExpression, FilterExpression}"},
      {R"({"ScanFilter":{},"FilterExpression":"a = :a"})", kScan,
       "Can not use both expression and non-expression parameters in the same request: "
       "Non-expression parameters: {ScanFilter} Expression parameters: {FilterExpression}"},
      {R"({"AttributesToGet":["a"],"ProjectionExpression":"a"})", kGetItem,
       "Can not use both expression and non-expression parameters in the same request: "
       "Non-expression parameters: {AttributesToGet} Expression parameters: "
       "{ProjectionExpression}"},
      {R"({"Expected":{"a":{}},"ExpressionAttributeNames":{},"ExpressionAttributeValues":{}})",
       kUpdateItem, "ExpressionAttributeNames can only be specified when using expressions"},
  };
  for (const auto& c : cases) EXPECT_EQ(error_of(c.request, c.members), c.message) << c.request;
}

TEST(ExpressionMembers, NamesTheNullExpressionsOutsideTheEnvelope) {
  EXPECT_EQ(error_of(R"({"QueryFilter":{},"ExpressionAttributeValues":{}})", kQuery),
            "ExpressionAttributeValues can only be specified when using expressions: "
            "FilterExpression and KeyConditionExpression are null");
  EXPECT_EQ(error_of(R"({"Expected":{"a":{}},"ExpressionAttributeValues":{}})", kUpdateItem),
            "ExpressionAttributeValues can only be specified when using expressions: "
            "UpdateExpression and ConditionExpression are null");
  EXPECT_EQ(error_of(R"({"ExpressionAttributeValues":{}})", kPutOrDeleteItem),
            "ExpressionAttributeValues can only be specified when using expressions: "
            "ConditionExpression is null");
  // ProjectionExpression takes no values, so it does not count as an expression here.
  EXPECT_EQ(error_of(R"({"ProjectionExpression":"a","ExpressionAttributeValues":{":v":{"S":"x"}}})",
                     kScan),
            "ExpressionAttributeValues can only be specified when using expressions: "
            "FilterExpression is null");
  // GetItem has no expression that takes values.
  EXPECT_EQ(error_of(R"({"ProjectionExpression":"a","ExpressionAttributeValues":{}})", kGetItem),
            "");
}

TEST(ExpressionMembers, PutsMessagesInTheEnvelopeWithoutNamingExpressions) {
  EXPECT_EQ(error_of(R"({"ExpressionAttributeNames":{"#a":"a"}})", kPutOrDeleteItem, true),
            "1 validation error detected: ExpressionAttributeNames can only be specified when "
            "using expressions");
  EXPECT_EQ(error_of(R"({"Expected":{"a":{}},"ExpressionAttributeValues":{":v":{"S":"x"}}})",
                     kPutOrDeleteItem, true),
            "1 validation error detected: ExpressionAttributeValues can only be specified when "
            "using expressions");
}

TEST(ExpressionMembers, AcceptsRequestsThatUseOneApi) {
  const std::vector<std::pair<const char*, const ExpressionMembers*>> accepted = {
      {R"({"Expected":{"a":{"Exists":false}},"ConditionalOperator":"AND"})", &kPutOrDeleteItem},
      {R"({"ConditionExpression":"a = :v","ExpressionAttributeValues":{":v":{"S":"x"}}})",
       &kPutOrDeleteItem},
      {R"({"KeyConditions":{},"FilterExpression":"a = :v","ExpressionAttributeValues":{}})",
       &kQuery},
      {R"({"ProjectionExpression":"#a","ExpressionAttributeNames":{"#a":"a"}})", &kGetItem},
      // A JSON null is an absent member.
      {R"({"ScanFilter":{},"ConditionalOperator":"OR","Expected":null,"FilterExpression":null})",
       &kScan},
  };
  for (const auto& [request, members] : accepted) {
    EXPECT_EQ(error_of(request, *members), "") << request;
  }
}

}  // namespace
}  // namespace ddb::protocol
