#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "engine/table.h"
#include "protocol/context.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/item_request.h"
#include "protocol/requests/request_expressions.h"
#include "protocol/writes/write_plan.h"

namespace ddb::protocol {

// How an operation checks ReturnValues. DynamoDB's operations differ in where the check falls and
// in what it allows beyond the model's enum [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW].
enum class ReturnValuesRule {
  // UpdateItem: any of the enum. A bad value is listed before the legacy members' violations.
  AnyOfModel,
  // PutItem: the enum, listed after the legacy members' violations; then, once the model
  // constraints hold, only ALL_OLD or NONE: "ReturnValues can only be ALL_OLD or NONE", bare
  // (ExtendDB's us-east-1 capture).
  AllOldOrNone,
  // DeleteItem: as PutItem, with that message in the "1 validation error detected: " envelope
  // (paritysuite deleteItem.test.ts, us-east-1 2026).
  AllOldOrNoneEnveloped,
};

// What sets one single-item write's request apart from the others'.
struct SingleItemWriteMembers {
  WritePlan::Kind kind;  // Update also reads UpdateExpression and AttributeUpdates
  ItemMapMember map;     // Item (the item to store) or Key
  ReturnValuesRule return_values;
  ExpressionMembers expressions;  // which expression and legacy members it may combine
};

inline const SingleItemWriteMembers kPutItemMembers{
    WritePlan::Kind::Put,
    kItemMember,
    ReturnValuesRule::AllOldOrNone,
    {{"ConditionExpression"}, {"Expected", "ConditionalOperator"}}};
inline const SingleItemWriteMembers kUpdateItemMembers{
    WritePlan::Kind::Update,
    kKeyMember,
    ReturnValuesRule::AnyOfModel,
    {{"UpdateExpression", "ConditionExpression"},
     {"AttributeUpdates", "Expected", "ConditionalOperator"}}};
inline const SingleItemWriteMembers kDeleteItemMembers{
    WritePlan::Kind::Delete,
    kKeyMember,
    ReturnValuesRule::AllOldOrNoneEnveloped,
    {{"ConditionExpression"}, {"Expected", "ConditionalOperator"}}};

// A PutItem, UpdateItem or DeleteItem request, read and validated as far as it can be without the
// table.
struct SingleItemWrite {
  std::string table_name;
  CapacityDetail capacity = CapacityDetail::None;
  bool item_collection_metrics = false;  // ReturnItemCollectionMetrics=SIZE
  // ReturnValues as given, "NONE" when absent; for Put and Delete, ALL_OLD or NONE.
  std::string return_values = "NONE";
  std::size_t item_size = 0;  // PutItem: the item's size, within DynamoDB's limit
  // The write: its kind; the Item, or the Key's attributes (decoded, not yet checked against the
  // key schema); the condition from ConditionExpression or Expected with
  // ReturnValuesOnConditionCheckFailure; an Update's actions from UpdateExpression or
  // AttributeUpdates.
  WritePlan plan;
};

// Reads the request of the single-item write `members` describes: the opening PutItem, UpdateItem
// and DeleteItem share, and the one place their order of checks is kept. It throws the first
// failure DynamoDB reports, checking in this order:
//   1. the model constraints, gathered into one "N validation error(s) detected: ..." listing
//      TableName, the Item or Key, ReturnConsumedCapacity, ReturnItemCollectionMetrics and
//      ReturnValuesOnConditionCheckFailure, then ReturnValues and the legacy members present
//      (Expected, AttributeUpdates, ConditionalOperator) in the order `members.return_values`
//      gives (a member of the wrong JSON type was reported as the body was read, request_shapes.h);
//   2. PutItem and DeleteItem: a ReturnValues other than ALL_OLD or NONE;
//   3. the expression and legacy members the request combines (check_expression_members);
//   4. the values of the Item or Key;
//   5. ExpressionAttributeNames and ExpressionAttributeValues, UpdateExpression,
//      ConditionExpression, then any name or value no expression used;
//   6. PutItem: the item's size ("Item size has exceeded the maximum allowed size", bare);
//   7. AttributeUpdates (UpdateItem), then Expected.
// The ValidationExceptions of steps 3 to 5 and 7, and DeleteItem's of step 2, come in the
// "1 validation error detected: " envelope, as these operations report them.
// It does not look at the table. The caller then checks that the table exists and the key against
// its schema (PutItem: also the item's index keys), and writes, with plan.decision()
// checking the condition under the item's lock.
// Requires: `request` is a JSON object (the dispatcher has checked it).
SingleItemWrite read_single_item_write(const Json& request, const SingleItemWriteMembers& members);

// Writes `key` to `table` as `decision` decides (checking the condition under the item's lock)
// and returns the item it replaced. A write its condition refuses still consumes write capacity in
// DynamoDB, by the size of the item it found (`outcome.old_size`; at least one unit: Developer
// Guide, "Condition expressions"): it is charged so, then the ConditionalCheckFailedException goes
// on.
std::optional<engine::Item> write_with_condition(const RequestContext& ctx, engine::Table& table,
                                                 const engine::Key& key,
                                                 engine::WriteDecision decision,
                                                 const WriteOutcome& outcome);

}  // namespace ddb::protocol
