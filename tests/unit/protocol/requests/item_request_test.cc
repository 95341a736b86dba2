// read_item_request_head: TableName, the Item or Key, and ReturnConsumedCapacity, the members
// GetItem, PutItem, UpdateItem and DeleteItem open with, gathered in DynamoDB's order.

#include "protocol/requests/item_request.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

std::string violations_of(const char* request, ItemMapMember map) {
  Constraints constraints;
  read_item_request_head(Json::parse(request), map, constraints);
  try {
    constraints.check();
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

TEST(ItemRequestHead, GathersTableNameMapAndCapacityViolationsInThatOrder) {
  EXPECT_EQ(violations_of(R"({"TableName":"t!","ReturnConsumedCapacity":"SOME"})", kKeyMember),
            "4 validation errors detected: "
            "Value 't!' at 'tableName' failed to satisfy constraint: Member must satisfy regular "
            "expression pattern: [a-zA-Z0-9_.-]+; "
            "Value 't!' at 'tableName' failed to satisfy constraint: Member must have length "
            "greater than or equal to 3; "
            "Value null at 'key' failed to satisfy constraint: Member must not be null; "
            "Value 'SOME' at 'returnConsumedCapacity' failed to satisfy constraint: Member must "
            "satisfy enum value set: [INDEXES, TOTAL, NONE]");
}

TEST(ItemRequestHead, NamesTheItemMemberForPutItem) {
  EXPECT_EQ(violations_of(R"({"TableName":"orders","Key":{}})", kItemMember),
            "1 validation error detected: Value null at 'item' failed to satisfy constraint: "
            "Member must not be null");
}

TEST(ItemRequestHead, ReadsAValidHead) {
  Constraints constraints;
  Json request = Json::parse(R"({"TableName":"orders","Key":{"pk":{"S":"a"}},
                                 "ReturnConsumedCapacity":"TOTAL"})");
  ItemRequestHead head = read_item_request_head(request, kKeyMember, constraints);
  EXPECT_NO_THROW(constraints.check());
  EXPECT_EQ(head.table_name, "orders");
  EXPECT_EQ(head.map, &request["Key"]);
  EXPECT_EQ(head.capacity, CapacityDetail::Total);
}

}  // namespace
}  // namespace ddb::protocol
