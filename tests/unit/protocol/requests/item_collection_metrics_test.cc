// ReturnItemCollectionMetrics through the dispatcher: the ItemCollectionMetrics member of PutItem,
// UpdateItem and DeleteItem for tables with local secondary indexes.

#include <gtest/gtest.h>

#include "engine/table_definition.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

// A table "threads" (forum S, subject S) with an LSI on last_post, created in the engine: the
// metrics are the write operations' business, whatever CreateTable accepts.
class ItemCollectionMetrics : public ::testing::Test {
 protected:
  void SetUp() override {
    engine::TableDefinition definition;
    definition.name = "threads";
    definition.key_schema =
        test::composite_schema("forum", engine::Type::S, "subject", engine::Type::S);
    engine::IndexDefinition local;
    local.name = "by_last_post";
    local.kind = engine::IndexKind::Local;
    local.key_schema =
        test::composite_schema("forum", engine::Type::S, "last_post", engine::Type::S);
    local.projection.type = engine::ProjectionType::KeysOnly;
    definition.indexes.push_back(local);
    h.database().create_table(h.table_namespace(), definition);
    h.create_table("plain", "subject");
  }
  test::Harness h;
};

const json kMetrics = {{"ItemCollectionKey", {{"forum", {{"S", "EC2"}}}}},
                       {"SizeEstimateRangeGB", {0.0, 1.0}}};

TEST_F(ItemCollectionMetrics, PutUpdateAndDeleteReportTheCollectionWhenAskedFor) {
  auto put = h.call("PutItem", R"({"TableName":"threads","ReturnItemCollectionMetrics":"SIZE",
      "Item":{"forum":{"S":"EC2"},"subject":{"S":"a"},"last_post":{"S":"2024"}}})");
  EXPECT_EQ(put.status, 200);
  EXPECT_EQ(put.body["ItemCollectionMetrics"], kMetrics);
  auto update = h.call("UpdateItem", R"({"TableName":"threads","ReturnItemCollectionMetrics":"SIZE",
      "Key":{"forum":{"S":"EC2"},"subject":{"S":"a"}},"UpdateExpression":"SET n = :n",
      "ExpressionAttributeValues":{":n":{"N":"1"}}})");
  EXPECT_EQ(update.body["ItemCollectionMetrics"], kMetrics);
  auto remove = h.call("DeleteItem", R"({"TableName":"threads","ReturnItemCollectionMetrics":"SIZE",
      "Key":{"forum":{"S":"EC2"},"subject":{"S":"a"}}})");
  EXPECT_EQ(remove.body["ItemCollectionMetrics"], kMetrics);
}

TEST_F(ItemCollectionMetrics, NoneOrAbsentReportsNothing) {
  auto put = h.call("PutItem", R"({"TableName":"threads","ReturnItemCollectionMetrics":"NONE",
      "Item":{"forum":{"S":"EC2"},"subject":{"S":"a"}}})");
  EXPECT_EQ(put.status, 200);
  EXPECT_FALSE(put.body.contains("ItemCollectionMetrics"));
  put = h.call("PutItem", R"({"TableName":"threads",
      "Item":{"forum":{"S":"EC2"},"subject":{"S":"a"}}})");
  EXPECT_FALSE(put.body.contains("ItemCollectionMetrics"));
}

TEST_F(ItemCollectionMetrics, ATableWithoutLocalIndexesReportsNothing) {
  auto put = h.call("PutItem", R"({"TableName":"plain","ReturnItemCollectionMetrics":"SIZE",
      "Item":{"pk":{"S":"EC2"},"subject":{"S":"a"}}})");
  EXPECT_EQ(put.status, 200);
  EXPECT_FALSE(put.body.contains("ItemCollectionMetrics"));
}

TEST_F(ItemCollectionMetrics, RejectsAnUnknownValue) {
  auto put = h.call("PutItem", R"({"TableName":"threads","ReturnItemCollectionMetrics":"ALL",
      "Item":{"forum":{"S":"EC2"},"subject":{"S":"a"}}})");
  test::expect_validation(put,
                          "1 validation error detected: Value 'ALL' at "
                          "'returnItemCollectionMetrics' failed to satisfy constraint: Member must "
                          "satisfy enum value set: [SIZE, NONE]");
}

TEST_F(ItemCollectionMetrics, PutRejectsAWronglyTypedIndexKeyBeforeItsCondition) {
  h.call("PutItem", R"({"TableName":"threads","Item":{"forum":{"S":"EC2"},"subject":{"S":"a"}}})");
  auto put = h.call("PutItem", R"j({"TableName":"threads",
      "Item":{"forum":{"S":"EC2"},"subject":{"S":"a"},"last_post":{"N":"5"}},
      "ConditionExpression":"attribute_not_exists(forum)"})j");
  test::expect_validation(put,
                          "One or more parameter values were invalid: Type mismatch for Index Key "
                          "last_post Expected: S Actual: N IndexName: by_last_post");
}

}  // namespace
}  // namespace ddb::protocol
