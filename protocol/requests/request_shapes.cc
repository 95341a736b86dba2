#include "protocol/requests/request_shapes.h"

#include <cstddef>
#include <utility>

namespace ddb::protocol {

// The input shapes of the service model (botocore's dynamodb 2012-08-10 model), as far as the
// operations below use them. Each structure names its model type: the deserializer's messages do.

namespace {

template <std::size_t N>
constexpr Shape structure(std::string_view model_type, const ShapeMember (&members)[N]) {
  return {ShapeKind::Structure, model_type, nullptr, members, N};
}

const Shape kString{ShapeKind::String};
const Shape kInteger{ShapeKind::Integer};
const Shape kBoolean{ShapeKind::Boolean};
const Shape kBlob{ShapeKind::Blob};
const Shape kStringList{ShapeKind::List, {}, &kString};
const Shape kBlobList{ShapeKind::List, {}, &kBlob};

// AttributeValue, whose M and L hold AttributeValues.
extern const Shape kAttributeValue;
const Shape kAttributeMap{ShapeKind::Map, kAttributeValueType, &kAttributeValue};
const Shape kAttributeList{ShapeKind::List, {}, &kAttributeValue};
const ShapeMember kAttributeValueMembers[] = {
    {"S", &kString},      {"N", &kString},    {"B", &kBlob},         {"SS", &kStringList},
    {"NS", &kStringList}, {"BS", &kBlobList}, {"M", &kAttributeMap}, {"L", &kAttributeList},
    {"NULL", &kBoolean},  {"BOOL", &kBoolean}};
const Shape kAttributeValue = structure("AttributeValue", kAttributeValueMembers);

const Shape kNameMap{ShapeKind::Map, kStringType, &kString};  // ExpressionAttributeNames
const Shape kKeyList{ShapeKind::List, {}, &kAttributeMap};

// The legacy members: Expected, AttributeUpdates, KeyConditions, QueryFilter and ScanFilter.
const ShapeMember kExpectedMembers[] = {{"Value", &kAttributeValue},
                                        {"Exists", &kBoolean},
                                        {"ComparisonOperator", &kString},
                                        {"AttributeValueList", &kAttributeList}};
const Shape kExpected = structure("ExpectedAttributeValue", kExpectedMembers);
const Shape kExpectedMap{ShapeKind::Map, "com.amazonaws.dynamodb.v20120810.ExpectedAttributeValue",
                         &kExpected};
const ShapeMember kUpdateMembers[] = {{"Value", &kAttributeValue}, {"Action", &kString}};
const Shape kUpdate = structure("AttributeValueUpdate", kUpdateMembers);
const Shape kUpdateMap{ShapeKind::Map, "com.amazonaws.dynamodb.v20120810.AttributeValueUpdate",
                       &kUpdate};
const ShapeMember kConditionMembers[] = {{"AttributeValueList", &kAttributeList},
                                         {"ComparisonOperator", &kString}};
const Shape kCondition = structure("Condition", kConditionMembers);
const Shape kConditionMap{ShapeKind::Map, "com.amazonaws.dynamodb.v20120810.Condition",
                          &kCondition};

const ShapeMember kGetItemMembers[] = {{"TableName", &kString},
                                       {"Key", &kAttributeMap},
                                       {"AttributesToGet", &kStringList},
                                       {"ConsistentRead", &kBoolean},
                                       {"ReturnConsumedCapacity", &kString},
                                       {"ProjectionExpression", &kString},
                                       {"ExpressionAttributeNames", &kNameMap}};
const Shape kGetItem = structure("GetItemInput", kGetItemMembers);

const ShapeMember kPutItemMembers[] = {{"TableName", &kString},
                                       {"Item", &kAttributeMap},
                                       {"Expected", &kExpectedMap},
                                       {"ReturnValues", &kString},
                                       {"ReturnConsumedCapacity", &kString},
                                       {"ReturnItemCollectionMetrics", &kString},
                                       {"ConditionalOperator", &kString},
                                       {"ConditionExpression", &kString},
                                       {"ExpressionAttributeNames", &kNameMap},
                                       {"ExpressionAttributeValues", &kAttributeMap},
                                       {"ReturnValuesOnConditionCheckFailure", &kString}};
const Shape kPutItem = structure("PutItemInput", kPutItemMembers);

const ShapeMember kUpdateItemMembers[] = {{"TableName", &kString},
                                          {"Key", &kAttributeMap},
                                          {"AttributeUpdates", &kUpdateMap},
                                          {"Expected", &kExpectedMap},
                                          {"ConditionalOperator", &kString},
                                          {"ReturnValues", &kString},
                                          {"ReturnConsumedCapacity", &kString},
                                          {"ReturnItemCollectionMetrics", &kString},
                                          {"UpdateExpression", &kString},
                                          {"ConditionExpression", &kString},
                                          {"ExpressionAttributeNames", &kNameMap},
                                          {"ExpressionAttributeValues", &kAttributeMap},
                                          {"ReturnValuesOnConditionCheckFailure", &kString}};
const Shape kUpdateItem = structure("UpdateItemInput", kUpdateItemMembers);

const ShapeMember kDeleteItemMembers[] = {{"TableName", &kString},
                                          {"Key", &kAttributeMap},
                                          {"Expected", &kExpectedMap},
                                          {"ConditionalOperator", &kString},
                                          {"ReturnValues", &kString},
                                          {"ReturnConsumedCapacity", &kString},
                                          {"ReturnItemCollectionMetrics", &kString},
                                          {"ConditionExpression", &kString},
                                          {"ExpressionAttributeNames", &kNameMap},
                                          {"ExpressionAttributeValues", &kAttributeMap},
                                          {"ReturnValuesOnConditionCheckFailure", &kString}};
const Shape kDeleteItem = structure("DeleteItemInput", kDeleteItemMembers);

const ShapeMember kQueryMembers[] = {{"TableName", &kString},
                                     {"IndexName", &kString},
                                     {"Select", &kString},
                                     {"AttributesToGet", &kStringList},
                                     {"Limit", &kInteger},
                                     {"ConsistentRead", &kBoolean},
                                     {"KeyConditions", &kConditionMap},
                                     {"QueryFilter", &kConditionMap},
                                     {"ConditionalOperator", &kString},
                                     {"ScanIndexForward", &kBoolean},
                                     {"ExclusiveStartKey", &kAttributeMap},
                                     {"ReturnConsumedCapacity", &kString},
                                     {"ProjectionExpression", &kString},
                                     {"FilterExpression", &kString},
                                     {"KeyConditionExpression", &kString},
                                     {"ExpressionAttributeNames", &kNameMap},
                                     {"ExpressionAttributeValues", &kAttributeMap}};
const Shape kQuery = structure("QueryInput", kQueryMembers);

const ShapeMember kScanMembers[] = {{"TableName", &kString},
                                    {"IndexName", &kString},
                                    {"AttributesToGet", &kStringList},
                                    {"Limit", &kInteger},
                                    {"Select", &kString},
                                    {"ScanFilter", &kConditionMap},
                                    {"ConditionalOperator", &kString},
                                    {"ExclusiveStartKey", &kAttributeMap},
                                    {"ReturnConsumedCapacity", &kString},
                                    {"TotalSegments", &kInteger},
                                    {"Segment", &kInteger},
                                    {"ProjectionExpression", &kString},
                                    {"FilterExpression", &kString},
                                    {"ExpressionAttributeNames", &kNameMap},
                                    {"ExpressionAttributeValues", &kAttributeMap},
                                    {"ConsistentRead", &kBoolean}};
const Shape kScan = structure("ScanInput", kScanMembers);

const ShapeMember kKeysAndAttributesMembers[] = {{"Keys", &kKeyList},
                                                 {"AttributesToGet", &kStringList},
                                                 {"ConsistentRead", &kBoolean},
                                                 {"ProjectionExpression", &kString},
                                                 {"ExpressionAttributeNames", &kNameMap}};
const Shape kKeysAndAttributes = structure("KeysAndAttributes", kKeysAndAttributesMembers);
const Shape kBatchGetRequests{ShapeKind::Map, "com.amazonaws.dynamodb.v20120810.KeysAndAttributes",
                              &kKeysAndAttributes};
const ShapeMember kBatchGetItemMembers[] = {{"RequestItems", &kBatchGetRequests},
                                            {"ReturnConsumedCapacity", &kString}};
const Shape kBatchGetItem = structure("BatchGetItemInput", kBatchGetItemMembers);

const ShapeMember kPutRequestMembers[] = {{"Item", &kAttributeMap}};
const Shape kPutRequest = structure("PutRequest", kPutRequestMembers);
const ShapeMember kDeleteRequestMembers[] = {{"Key", &kAttributeMap}};
const Shape kDeleteRequest = structure("DeleteRequest", kDeleteRequestMembers);
const ShapeMember kWriteRequestMembers[] = {{"PutRequest", &kPutRequest},
                                            {"DeleteRequest", &kDeleteRequest}};
const Shape kWriteRequest = structure("WriteRequest", kWriteRequestMembers);
const Shape kWriteRequests{ShapeKind::List, {}, &kWriteRequest};
const Shape kBatchWriteRequests{ShapeKind::Map,
                                "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>",
                                &kWriteRequests};
const ShapeMember kBatchWriteItemMembers[] = {{"RequestItems", &kBatchWriteRequests},
                                              {"ReturnConsumedCapacity", &kString},
                                              {"ReturnItemCollectionMetrics", &kString}};
const Shape kBatchWriteItem = structure("BatchWriteItemInput", kBatchWriteItemMembers);

const ShapeMember kGetMembers[] = {{"Key", &kAttributeMap},
                                   {"TableName", &kString},
                                   {"ProjectionExpression", &kString},
                                   {"ExpressionAttributeNames", &kNameMap}};
const Shape kGet = structure("Get", kGetMembers);
const ShapeMember kTransactGetItemMembers[] = {{"Get", &kGet}};
const Shape kTransactGetItem = structure("TransactGetItem", kTransactGetItemMembers);
const Shape kTransactGetItemList{ShapeKind::List, {}, &kTransactGetItem};
const ShapeMember kTransactGetItemsMembers[] = {{"TransactItems", &kTransactGetItemList},
                                                {"ReturnConsumedCapacity", &kString}};
const Shape kTransactGetItems = structure("TransactGetItemsInput", kTransactGetItemsMembers);

// ConditionCheck, Put, Delete and Update differ in their Item or Key and their expressions.
const ShapeMember kConditionCheckMembers[] = {{"Key", &kAttributeMap},
                                              {"TableName", &kString},
                                              {"ConditionExpression", &kString},
                                              {"ExpressionAttributeNames", &kNameMap},
                                              {"ExpressionAttributeValues", &kAttributeMap},
                                              {"ReturnValuesOnConditionCheckFailure", &kString}};
const Shape kConditionCheck = structure("ConditionCheck", kConditionCheckMembers);
const ShapeMember kPutMembers[] = {{"Item", &kAttributeMap},
                                   {"TableName", &kString},
                                   {"ConditionExpression", &kString},
                                   {"ExpressionAttributeNames", &kNameMap},
                                   {"ExpressionAttributeValues", &kAttributeMap},
                                   {"ReturnValuesOnConditionCheckFailure", &kString}};
const Shape kPut = structure("Put", kPutMembers);
const Shape kDelete = structure("Delete", kConditionCheckMembers);
const ShapeMember kUpdateActionMembers[] = {{"Key", &kAttributeMap},
                                            {"UpdateExpression", &kString},
                                            {"TableName", &kString},
                                            {"ConditionExpression", &kString},
                                            {"ExpressionAttributeNames", &kNameMap},
                                            {"ExpressionAttributeValues", &kAttributeMap},
                                            {"ReturnValuesOnConditionCheckFailure", &kString}};
const Shape kUpdateAction = structure("Update", kUpdateActionMembers);
const ShapeMember kTransactWriteItemMembers[] = {{"ConditionCheck", &kConditionCheck},
                                                 {"Put", &kPut},
                                                 {"Delete", &kDelete},
                                                 {"Update", &kUpdateAction}};
const Shape kTransactWriteItem = structure("TransactWriteItem", kTransactWriteItemMembers);
const Shape kTransactWriteItemList{ShapeKind::List, {}, &kTransactWriteItem};
const ShapeMember kTransactWriteItemsMembers[] = {{"TransactItems", &kTransactWriteItemList},
                                                  {"ReturnConsumedCapacity", &kString},
                                                  {"ReturnItemCollectionMetrics", &kString},
                                                  {"ClientRequestToken", &kString}};
const Shape kTransactWriteItems = structure("TransactWriteItemsInput", kTransactWriteItemsMembers);

const ShapeMember kExecuteStatementMembers[] = {{"Statement", &kString},
                                                {"Parameters", &kAttributeList},
                                                {"ConsistentRead", &kBoolean},
                                                {"NextToken", &kString},
                                                {"ReturnConsumedCapacity", &kString},
                                                {"Limit", &kInteger},
                                                {"ReturnValuesOnConditionCheckFailure", &kString}};
const Shape kExecuteStatement = structure("ExecuteStatementInput", kExecuteStatementMembers);

const ShapeMember kBatchStatementMembers[] = {{"Statement", &kString},
                                              {"Parameters", &kAttributeList},
                                              {"ConsistentRead", &kBoolean},
                                              {"ReturnValuesOnConditionCheckFailure", &kString}};
const Shape kBatchStatement = structure("BatchStatementRequest", kBatchStatementMembers);
const Shape kBatchStatementList{ShapeKind::List, {}, &kBatchStatement};
const ShapeMember kBatchExecuteStatementMembers[] = {{"Statements", &kBatchStatementList},
                                                     {"ReturnConsumedCapacity", &kString}};
const Shape kBatchExecuteStatement =
    structure("BatchExecuteStatementInput", kBatchExecuteStatementMembers);

const ShapeMember kParameterizedStatementMembers[] = {
    {"Statement", &kString},
    {"Parameters", &kAttributeList},
    {"ReturnValuesOnConditionCheckFailure", &kString}};
const Shape kParameterizedStatement =
    structure("ParameterizedStatement", kParameterizedStatementMembers);
const Shape kParameterizedStatementList{ShapeKind::List, {}, &kParameterizedStatement};
const ShapeMember kExecuteTransactionMembers[] = {
    {"TransactStatements", &kParameterizedStatementList},
    {"ClientRequestToken", &kString},
    {"ReturnConsumedCapacity", &kString}};
const Shape kExecuteTransaction = structure("ExecuteTransactionInput", kExecuteTransactionMembers);

// Table management, TTL and tags.
const Shape kLong{ShapeKind::Long};
const ShapeMember kAttributeDefinitionMembers[] = {{"AttributeName", &kString},
                                                   {"AttributeType", &kString}};
const Shape kAttributeDefinition = structure("AttributeDefinition", kAttributeDefinitionMembers);
const Shape kAttributeDefinitions{ShapeKind::List, {}, &kAttributeDefinition};
const ShapeMember kKeySchemaElementMembers[] = {{"AttributeName", &kString}, {"KeyType", &kString}};
const Shape kKeySchemaElement = structure("KeySchemaElement", kKeySchemaElementMembers);
const Shape kKeySchema{ShapeKind::List, {}, &kKeySchemaElement};
const ShapeMember kProjectionMembers[] = {{"ProjectionType", &kString},
                                          {"NonKeyAttributes", &kStringList}};
const Shape kProjection = structure("Projection", kProjectionMembers);
const ShapeMember kProvisionedThroughputMembers[] = {{"ReadCapacityUnits", &kLong},
                                                     {"WriteCapacityUnits", &kLong}};
const Shape kProvisionedThroughput =
    structure("ProvisionedThroughput", kProvisionedThroughputMembers);
const ShapeMember kOnDemandThroughputMembers[] = {{"MaxReadRequestUnits", &kLong},
                                                  {"MaxWriteRequestUnits", &kLong}};
const Shape kOnDemandThroughput = structure("OnDemandThroughput", kOnDemandThroughputMembers);
const ShapeMember kWarmThroughputMembers[] = {{"ReadUnitsPerSecond", &kLong},
                                              {"WriteUnitsPerSecond", &kLong}};
const Shape kWarmThroughput = structure("WarmThroughput", kWarmThroughputMembers);
const ShapeMember kStreamSpecificationMembers[] = {{"StreamEnabled", &kBoolean},
                                                   {"StreamViewType", &kString}};
const Shape kStreamSpecification = structure("StreamSpecification", kStreamSpecificationMembers);
const ShapeMember kSseSpecificationMembers[] = {
    {"Enabled", &kBoolean}, {"SSEType", &kString}, {"KMSMasterKeyId", &kString}};
const Shape kSseSpecification = structure("SSESpecification", kSseSpecificationMembers);
const ShapeMember kTagMembers[] = {{"Key", &kString}, {"Value", &kString}};
const Shape kTag = structure("Tag", kTagMembers);
const Shape kTagList{ShapeKind::List, {}, &kTag};

const ShapeMember kLocalSecondaryIndexMembers[] = {
    {"IndexName", &kString}, {"KeySchema", &kKeySchema}, {"Projection", &kProjection}};
const Shape kLocalSecondaryIndex = structure("LocalSecondaryIndex", kLocalSecondaryIndexMembers);
const Shape kLocalSecondaryIndexes{ShapeKind::List, {}, &kLocalSecondaryIndex};
// A GSI in CreateTable, and one UpdateTable creates: the same members.
const ShapeMember kGlobalSecondaryIndexMembers[] = {
    {"IndexName", &kString},
    {"KeySchema", &kKeySchema},
    {"Projection", &kProjection},
    {"ProvisionedThroughput", &kProvisionedThroughput},
    {"OnDemandThroughput", &kOnDemandThroughput},
    {"WarmThroughput", &kWarmThroughput}};
const Shape kGlobalSecondaryIndex = structure("GlobalSecondaryIndex", kGlobalSecondaryIndexMembers);
const Shape kGlobalSecondaryIndexes{ShapeKind::List, {}, &kGlobalSecondaryIndex};

const ShapeMember kCreateTableMembers[] = {{"AttributeDefinitions", &kAttributeDefinitions},
                                           {"TableName", &kString},
                                           {"KeySchema", &kKeySchema},
                                           {"LocalSecondaryIndexes", &kLocalSecondaryIndexes},
                                           {"GlobalSecondaryIndexes", &kGlobalSecondaryIndexes},
                                           {"BillingMode", &kString},
                                           {"ProvisionedThroughput", &kProvisionedThroughput},
                                           {"StreamSpecification", &kStreamSpecification},
                                           {"SSESpecification", &kSseSpecification},
                                           {"Tags", &kTagList},
                                           {"TableClass", &kString},
                                           {"DeletionProtectionEnabled", &kBoolean},
                                           {"WarmThroughput", &kWarmThroughput},
                                           {"ResourcePolicy", &kString},
                                           {"OnDemandThroughput", &kOnDemandThroughput}};
const Shape kCreateTable = structure("CreateTableInput", kCreateTableMembers);

const ShapeMember kUpdateIndexActionMembers[] = {{"IndexName", &kString},
                                                 {"ProvisionedThroughput", &kProvisionedThroughput},
                                                 {"OnDemandThroughput", &kOnDemandThroughput},
                                                 {"WarmThroughput", &kWarmThroughput}};
const Shape kUpdateIndexAction =
    structure("UpdateGlobalSecondaryIndexAction", kUpdateIndexActionMembers);
const Shape kCreateIndexAction =
    structure("CreateGlobalSecondaryIndexAction", kGlobalSecondaryIndexMembers);
const ShapeMember kDeleteIndexActionMembers[] = {{"IndexName", &kString}};
const Shape kDeleteIndexAction =
    structure("DeleteGlobalSecondaryIndexAction", kDeleteIndexActionMembers);
const ShapeMember kIndexUpdateMembers[] = {{"Update", &kUpdateIndexAction},
                                           {"Create", &kCreateIndexAction},
                                           {"Delete", &kDeleteIndexAction}};
const Shape kIndexUpdate = structure("GlobalSecondaryIndexUpdate", kIndexUpdateMembers);
const Shape kIndexUpdates{ShapeKind::List, {}, &kIndexUpdate};
const ShapeMember kUpdateTableMembers[] = {{"AttributeDefinitions", &kAttributeDefinitions},
                                           {"TableName", &kString},
                                           {"BillingMode", &kString},
                                           {"ProvisionedThroughput", &kProvisionedThroughput},
                                           {"GlobalSecondaryIndexUpdates", &kIndexUpdates},
                                           {"StreamSpecification", &kStreamSpecification},
                                           {"SSESpecification", &kSseSpecification},
                                           {"TableClass", &kString},
                                           {"DeletionProtectionEnabled", &kBoolean},
                                           {"OnDemandThroughput", &kOnDemandThroughput},
                                           {"WarmThroughput", &kWarmThroughput}};
const Shape kUpdateTable = structure("UpdateTableInput", kUpdateTableMembers);

const ShapeMember kTableNameMembers[] = {{"TableName", &kString}};
const Shape kTableNameOnly = structure("DescribeTableInput", kTableNameMembers);
const ShapeMember kListTablesMembers[] = {{"ExclusiveStartTableName", &kString},
                                          {"Limit", &kInteger}};
const Shape kListTables = structure("ListTablesInput", kListTablesMembers);
const ShapeMember kTimeToLiveSpecificationMembers[] = {{"Enabled", &kBoolean},
                                                       {"AttributeName", &kString}};
const Shape kTimeToLiveSpecification =
    structure("TimeToLiveSpecification", kTimeToLiveSpecificationMembers);
const ShapeMember kUpdateTimeToLiveMembers[] = {
    {"TableName", &kString}, {"TimeToLiveSpecification", &kTimeToLiveSpecification}};
const Shape kUpdateTimeToLive = structure("UpdateTimeToLiveInput", kUpdateTimeToLiveMembers);
const ShapeMember kTagResourceMembers[] = {{"ResourceArn", &kString}, {"Tags", &kTagList}};
const Shape kTagResource = structure("TagResourceInput", kTagResourceMembers);
const ShapeMember kUntagResourceMembers[] = {{"ResourceArn", &kString}, {"TagKeys", &kStringList}};
const Shape kUntagResource = structure("UntagResourceInput", kUntagResourceMembers);
const ShapeMember kListTagsMembers[] = {{"ResourceArn", &kString}, {"NextToken", &kString}};
const Shape kListTags = structure("ListTagsOfResourceInput", kListTagsMembers);

}  // namespace

const Shape* request_shape(std::string_view operation) {
  static constexpr std::pair<std::string_view, const Shape*> kShapes[] = {
      {"GetItem", &kGetItem},
      {"PutItem", &kPutItem},
      {"UpdateItem", &kUpdateItem},
      {"DeleteItem", &kDeleteItem},
      {"Query", &kQuery},
      {"Scan", &kScan},
      {"BatchGetItem", &kBatchGetItem},
      {"BatchWriteItem", &kBatchWriteItem},
      {"TransactGetItems", &kTransactGetItems},
      {"TransactWriteItems", &kTransactWriteItems},
      {"ExecuteStatement", &kExecuteStatement},
      {"BatchExecuteStatement", &kBatchExecuteStatement},
      {"ExecuteTransaction", &kExecuteTransaction},
      {"CreateTable", &kCreateTable},
      {"UpdateTable", &kUpdateTable},
      {"DescribeTable", &kTableNameOnly},
      {"DeleteTable", &kTableNameOnly},
      {"DescribeTimeToLive", &kTableNameOnly},
      {"ListTables", &kListTables},
      {"UpdateTimeToLive", &kUpdateTimeToLive},
      {"TagResource", &kTagResource},
      {"UntagResource", &kUntagResource},
      {"ListTagsOfResource", &kListTags},
  };
  for (const auto& [name, shape] : kShapes) {
    if (name == operation) return shape;
  }
  return nullptr;
}

}  // namespace ddb::protocol
