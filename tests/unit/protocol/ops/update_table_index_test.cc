// UpdateTable's GlobalSecondaryIndexUpdates in-process: creating a GSI on a table that holds items
// (backfilled in the background), deleting one, changing its capacity, and DynamoDB's errors for
// each (the ack-api-quirks live captures of 2026).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;
using test::kInvalid;

const std::string kLimitOnline =
    "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per "
    "table";

json key(const char* hash, const char* range = nullptr) {
  json schema = json::array({{{"AttributeName", hash}, {"KeyType", "HASH"}}});
  if (range) schema.push_back({{"AttributeName", range}, {"KeyType", "RANGE"}});
  return schema;
}

json attribute(const char* name, const char* type) {
  return {{"AttributeName", name}, {"AttributeType", type}};
}

json index(const std::string& name, json key_schema,
           json projection = {{"ProjectionType", "ALL"}}) {
  return {{"IndexName", name}, {"KeySchema", std::move(key_schema)}, {"Projection", projection}};
}

json capacity(int read, int write) {
  return {{"ReadCapacityUnits", read}, {"WriteCapacityUnits", write}};
}

// Table "items": pk (S) + sk (N), an LSI "by-h" on h (N). On demand unless `provisioned`, then
// 5/5 for the table and for each of `gsis`.
void create_items(const Harness& h, json gsis = nullptr, bool provisioned = false) {
  json request = {{"TableName", "items"},
                  {"AttributeDefinitions",
                   json::array({attribute("pk", "S"), attribute("sk", "N"), attribute("h", "N")})},
                  {"KeySchema", key("pk", "sk")},
                  {"LocalSecondaryIndexes", json::array({index("by-h", key("pk", "h"))})},
                  {"BillingMode", provisioned ? "PROVISIONED" : "PAY_PER_REQUEST"}};
  if (provisioned) request["ProvisionedThroughput"] = capacity(5, 5);
  if (gsis.is_array()) {
    std::vector<std::string> defined;
    for (json& gsi : gsis) {
      if (provisioned) gsi["ProvisionedThroughput"] = capacity(5, 5);
      std::string name = gsi["KeySchema"][0]["AttributeName"];
      if (std::find(defined.begin(), defined.end(), name) != defined.end()) continue;
      defined.push_back(name);
      request["AttributeDefinitions"].push_back(attribute(name.c_str(), "S"));
    }
    request["GlobalSecondaryIndexes"] = std::move(gsis);
  }
  CallResult r = h.call("CreateTable", request);
  ASSERT_EQ(r.status, 200) << r.body.dump();
}

json update(json index_updates, json attributes = nullptr) {
  json request = {{"TableName", "items"},
                  {"GlobalSecondaryIndexUpdates", std::move(index_updates)}};
  if (!attributes.is_null()) request["AttributeDefinitions"] = std::move(attributes);
  return request;
}

json create_action(json gsi) { return json::array({{{"Create", std::move(gsi)}}}); }

json delete_action(const std::string& name) {
  return json::array({{{"Delete", {{"IndexName", name}}}}});
}

json update_action(const std::string& name, json throughput) {
  return json::array(
      {{{"Update", {{"IndexName", name}, {"ProvisionedThroughput", std::move(throughput)}}}}});
}

json describe(const Harness& h) {
  CallResult r = h.call("DescribeTable", R"({"TableName":"items"})");
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body["Table"];
}

// Adds GSI `name` on g (S) straight to the engine, where it stays CREATING and waiting for its
// backfill to start: how an index looks while DynamoDB allocates its resources.
void add_unfinished_index(Harness& h, const std::string& name) {
  engine::IndexDefinition definition;
  definition.name = name;
  definition.key_schema.partition = {{"g", engine::Type::S}};
  definition.arn = "arn:aws:dynamodb:us-east-1:000000000000:table/items/index/" + name;
  h.database().find_table(h.table_namespace(), "items")->add_index(definition);
}

void expect_error(const CallResult& r, const std::string& type, const std::string& message) {
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, type) << r.body.dump();
  EXPECT_EQ(r.message, message);
}

// ---- Create
// --------------------------------------------------------------------------------------

TEST(UpdateTableIndexes, CreatesAGlobalIndexAndBackfillsTheItems) {
  Harness h;
  create_items(h);
  for (int i = 0; i < 50; ++i) {
    json item = {{"pk", {{"S", "p" + std::to_string(i)}}}, {"sk", {{"N", "1"}}}};
    if (i % 5 != 0) item["g"] = {{"S", "g" + std::to_string(i % 3)}};
    h.put("items", item);
  }
  CallResult r = h.call("UpdateTable", update(create_action(index("by-g", key("g"))),
                                              json::array({attribute("g", "S")})));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& response = r.body["TableDescription"];
  EXPECT_EQ(response["TableStatus"], "UPDATING");
  EXPECT_EQ(response["GlobalSecondaryIndexes"], json::parse(R"([{
      "IndexName": "by-g",
      "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "ALL"},
      "IndexStatus": "CREATING",
      "Backfilling": false,
      "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0,
                                "WriteCapacityUnits": 0},
      "IndexSizeBytes": 0,
      "ItemCount": 0,
      "IndexArn": "arn:aws:dynamodb:us-east-1:000000000000:table/items/index/by-g",
      "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000,
                         "Status": "CREATING"}}])"));
  EXPECT_EQ(response["AttributeDefinitions"],
            json::array({attribute("g", "S"), attribute("h", "N"), attribute("pk", "S"),
                         attribute("sk", "N")}));

  h.database().wait_for_background_work();
  json described = describe(h);
  EXPECT_EQ(described["TableStatus"], "ACTIVE");
  const json& gsi = described["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(gsi["IndexStatus"], "ACTIVE");
  EXPECT_FALSE(gsi.contains("Backfilling"));
  EXPECT_EQ(gsi["ItemCount"], 40);
}

TEST(UpdateTableIndexes, IndexesWritesMadeAfterTheCreate) {
  Harness h;
  create_items(h);
  ASSERT_EQ(h.call("UpdateTable", update(create_action(index("by-g", key("g"))),
                                         json::array({attribute("g", "S")})))
                .status,
            200);
  h.put("items", {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}, {"g", {{"S", "x"}}}});
  h.database().wait_for_background_work();
  EXPECT_EQ(describe(h)["GlobalSecondaryIndexes"][0]["ItemCount"], 1);
}

TEST(UpdateTableIndexes, RequiresAttributeDefinitionsForACreate) {
  Harness h;
  create_items(h);
  expect_validation(h.call("UpdateTable", update(create_action(index("gsi3", key("g"))))),
                    kInvalid + "AttributeDefinitions is not specified for index: gsi3");
}

TEST(UpdateTableIndexes, KeepsTheTablesDefinitionsOverTheRequests) {
  Harness h;
  create_items(h);
  // Only the new key attribute needs a definition; one that contradicts the table and that no new
  // key uses is ignored (ack-api-quirks DDB-TABLE-162).
  CallResult r =
      h.call("UpdateTable", update(create_action(index("by-g", key("g"))),
                                   json::array({attribute("sk", "S"), attribute("g", "B")})));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(describe(h)["AttributeDefinitions"],
            json::array({attribute("g", "B"), attribute("h", "N"), attribute("pk", "S"),
                         attribute("sk", "N")}));
}

// A new index keyed on an attribute the table defines may not give it another type: DynamoDB's
// message names the key that defines it and the new key (scylladb's test_gsi_updatetable.py, run
// against DynamoDB).
TEST(UpdateTableIndexes, RejectsRedefiningAKeyAttributesType) {
  Harness h;
  create_items(h, json::array({index("index1", key("xyz"))}));
  expect_validation(h.call("UpdateTable", update(create_action(index("index2", key("xyz"))),
                                                 json::array({attribute("xyz", "N")}))),
                    kInvalid +
                        "Attributes cannot be redefined. Please check that your attribute has the "
                        "same type as previously defined. Existing schema: Schema:[SchemaElement: "
                        "key{xyz:S:HASH}] New schema: Schema:[SchemaElement: key{xyz:N:HASH}]");
  expect_validation(
      h.call("UpdateTable", update(create_action(index("by-g", key("g", "sk"))),
                                   json::array({attribute("g", "S"), attribute("sk", "S")}))),
      kInvalid +
          "Attributes cannot be redefined. Please check that your attribute has the "
          "same type as previously defined. Existing schema: Schema:[SchemaElement: "
          "key{pk:S:HASH}, SchemaElement: key{sk:N:RANGE}] New schema: "
          "Schema:[SchemaElement: key{g:S:HASH}, SchemaElement: key{sk:S:RANGE}]");
  EXPECT_EQ(h.call("UpdateTable", update(create_action(index("index2", key("xyz"))),
                                         json::array({attribute("xyz", "S")})))
                .status,
            200);
}

TEST(UpdateTableIndexes, RejectsANewKeyAttributeWithoutDefinition) {
  Harness h;
  create_items(h);
  expect_validation(h.call("UpdateTable", update(create_action(index("by-g", key("g"))),
                                                 json::array({attribute("other", "S")}))),
                    "Invalid KeySchema: Some index key attribute have no definition");
}

TEST(UpdateTableIndexes, RejectsCreatingAnIndexThatExists) {
  Harness h;
  create_items(h);
  for (const char* name : {"by-h", "by-g"}) {
    if (std::string(name) == "by-g") {
      ASSERT_EQ(h.call("UpdateTable", update(create_action(index("by-g", key("g"))),
                                             json::array({attribute("g", "S")})))
                    .status,
                200);
      h.database().wait_for_background_work();
    }
    expect_validation(h.call("UpdateTable", update(create_action(index(name, key("g"))),
                                                   json::array({attribute("g", "S")}))),
                      "Attempting to create an index which already exists");
  }
}

TEST(UpdateTableIndexes, ChecksTheNewIndexLikeCreateTable) {
  Harness h;
  create_items(h);
  expect_validation(
      h.call("UpdateTable",
             update(create_action(index("by-g", key("g"), {{"ProjectionType", "INCLUDE"}})),
                    json::array({attribute("g", "S")}))),
      kInvalid + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
  expect_validation(h.call("UpdateTable", update(create_action(index("ab", key("g"))),
                                                 json::array({attribute("g", "S")}))),
                    "1 validation error detected: Value 'ab' at "
                    "'globalSecondaryIndexUpdates.1.member.create.indexName' failed to satisfy "
                    "constraint: Member must have length greater than or equal to 3");
}

TEST(UpdateTableIndexes, RejectsCapacityForANewIndexOfAnOnDemandTable) {
  Harness h;
  create_items(h);
  json gsi = index("by-g", key("g"));
  gsi["ProvisionedThroughput"] = capacity(1, 1);
  expect_validation(
      h.call("UpdateTable", update(create_action(gsi), json::array({attribute("g", "S")}))),
      kInvalid +
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for "
          "index: by-g when BillingMode is PAY_PER_REQUEST");
}

TEST(UpdateTableIndexes, RequiresCapacityForANewIndexOfAProvisionedTable) {
  Harness h;
  create_items(h, nullptr, /*provisioned=*/true);
  expect_validation(h.call("UpdateTable", update(create_action(index("gsi-nopt", key("g"))),
                                                 json::array({attribute("g", "S")}))),
                    kInvalid +
                        "Both ReadCapacityUnits and WriteCapacityUnits must be specified for "
                        "index: gsi-nopt");
}

TEST(UpdateTableIndexes, AllowsOneOnlineIndexOperationPerCall) {
  Harness h;
  create_items(h, json::array({index("by-a", key("a"))}));
  json both =
      json::array({{{"Create", index("by-g", key("g"))}}, {{"Delete", {{"IndexName", "by-a"}}}}});
  expect_error(h.call("UpdateTable", update(both, json::array({attribute("g", "S")}))),
               "LimitExceededException", kLimitOnline);
  EXPECT_EQ(describe(h)["GlobalSecondaryIndexes"].size(), 1u);
}

// The count of online index operations comes before the indexes' existence: two Deletes of
// indexes the table lacks are LimitExceededException (scylladb's test_gsi_updatetable.py, run
// against DynamoDB).
TEST(UpdateTableIndexes, CountsOnlineIndexOperationsBeforeTheirIndexesExist) {
  Harness h;
  create_items(h);
  json two =
      json::array({{{"Delete", {{"IndexName", "ind1"}}}}, {{"Delete", {{"IndexName", "ind2"}}}}});
  expect_error(h.call("UpdateTable", update(two)), "LimitExceededException", kLimitOnline);
  json create_and_delete =
      json::array({{{"Create", index("ind1", key("x"))}}, {{"Delete", {{"IndexName", "ind2"}}}}});
  expect_error(h.call("UpdateTable", update(create_and_delete, json::array({attribute("x", "N")}))),
               "LimitExceededException", kLimitOnline);
}

TEST(UpdateTableIndexes, AllowsNoOnlineIndexOperationWhileAnIndexIsCreating) {
  Harness h;
  create_items(h, json::array({index("by-a", key("a"))}));
  add_unfinished_index(h, "by-g");
  expect_error(h.call("UpdateTable", update(create_action(index("by-b", key("b"))),
                                            json::array({attribute("b", "S")}))),
               "LimitExceededException", kLimitOnline);
  expect_error(h.call("UpdateTable", update(delete_action("by-a"))), "LimitExceededException",
               kLimitOnline);
}

TEST(UpdateTableIndexes, LimitsATableTo20GlobalIndexes) {
  Harness h;
  json gsis = json::array();
  for (int i = 0; i < 20; ++i) gsis.push_back(index("gsi" + std::to_string(i), key("g")));
  create_items(h, gsis);
  expect_error(h.call("UpdateTable", update(create_action(index("gsi20", key("g"))),
                                            json::array({attribute("g", "S")}))),
               "LimitExceededException",
               "Subscriber limit exceeded: Number of global secondary indexes exceeds per-table "
               "limit of 20");
}

TEST(UpdateTableIndexes, CountsProjectedAttributesOfAllIndexes) {
  Harness h;
  std::vector<std::string> names;
  for (int i = 0; i < 20; ++i) names.push_back("a" + std::to_string(i));
  json projection = {{"ProjectionType", "INCLUDE"}, {"NonKeyAttributes", names}};
  json gsis = json::array();
  for (int i = 0; i < 5; ++i)
    gsis.push_back(index("gsi" + std::to_string(i), key("g"), projection));
  create_items(h, gsis);
  json gsi =
      index("one-more", key("g"), {{"ProjectionType", "INCLUDE"}, {"NonKeyAttributes", {"b"}}});
  expect_validation(
      h.call("UpdateTable", update(create_action(gsi), json::array({attribute("g", "S")}))),
      kInvalid + "Number of projected attributes in all indexes exceeds limit of 100");
}

// ---- Delete ----------------------------------------------------------------------------------

TEST(UpdateTableIndexes, DeletesAGlobalIndexAndItsUnusedAttributeDefinition) {
  Harness h;
  create_items(h, json::array({index("by-g", key("g", "sk"))}));
  h.put("items", {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}, {"g", {{"S", "x"}}}});
  CallResult r = h.call("UpdateTable", update(delete_action("by-g")));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& response = r.body["TableDescription"];
  EXPECT_EQ(response["TableStatus"], "UPDATING");
  EXPECT_EQ(response["GlobalSecondaryIndexes"][0]["IndexStatus"], "DELETING");
  EXPECT_EQ(response["GlobalSecondaryIndexes"][0]["ItemCount"], 1);
  json described = describe(h);
  EXPECT_EQ(described["TableStatus"], "ACTIVE");
  EXPECT_FALSE(described.contains("GlobalSecondaryIndexes"));
  EXPECT_EQ(described["AttributeDefinitions"],
            json::array({attribute("h", "N"), attribute("pk", "S"), attribute("sk", "N")}));
}

TEST(UpdateTableIndexes, AllowsRecreatingADeletedIndex) {
  Harness h;
  create_items(h, json::array({index("by-g", key("g"))}));
  ASSERT_EQ(h.call("UpdateTable", update(delete_action("by-g"))).status, 200);
  CallResult r =
      h.call("UpdateTable",
             update(create_action(index("by-g", key("g"), {{"ProjectionType", "KEYS_ONLY"}})),
                    json::array({attribute("g", "S")})));
  EXPECT_EQ(r.status, 200) << r.body.dump();
}

TEST(UpdateTableIndexes, RejectsDeletingAMissingIndex) {
  Harness h;
  create_items(h);
  expect_error(h.call("UpdateTable", update(delete_action("ghost"))), "ResourceNotFoundException",
               "Requested resource not found: Index ghost for table items");
}

TEST(UpdateTableIndexes, RejectsDeletingOrUpdatingALocalIndex) {
  Harness h;
  create_items(h);
  expect_validation(h.call("UpdateTable", update(delete_action("by-h"))),
                    "Cannot delete an index that is not a GlobalSecondaryIndex: by-h");
  expect_validation(h.call("UpdateTable", update(update_action("by-h", capacity(1, 1)))),
                    "Cannot update an index that is not a GlobalSecondaryIndex: by-h");
}

TEST(UpdateTableIndexes, RefusesToDeleteAnIndexWhoseResourcesAreBeingAllocated) {
  Harness h;
  create_items(h);
  add_unfinished_index(h, "gsi3");
  expect_error(h.call("UpdateTable", update(delete_action("gsi3"))), "ResourceInUseException",
               "Attempt to change a resource which is still in use: Index creation is in resource "
               "allocation phase. Retry deletion during backfilling phase or when the index is "
               "active. Table: items Index: gsi3");
}

TEST(UpdateTableIndexes, ReportsTheTableUpdatingWhileAnIndexAwaitsItsBackfill) {
  Harness h;
  create_items(h);
  add_unfinished_index(h, "gsi3");
  json described = describe(h);
  EXPECT_EQ(described["TableStatus"], "UPDATING");
  EXPECT_EQ(described["GlobalSecondaryIndexes"][0]["Backfilling"], false);
}

TEST(DeleteTableIndexes, RefusesATableWhileAnIndexIsBeingCreated) {
  Harness h;
  create_items(h);
  add_unfinished_index(h, "gsi3");
  expect_error(h.call("DeleteTable", R"({"TableName":"items"})"), "ResourceInUseException",
               "Attempt to change a resource which is still in use: Cannot delete table while "
               "indexes are being created, updated, or deleted.");
}

// ---- Update -----------------------------------------------------------------------------------

TEST(UpdateTableIndexes, ChangesTheCapacityOfAGlobalIndex) {
  Harness h;
  create_items(h, json::array({index("by-g", key("g"))}), /*provisioned=*/true);
  CallResult r = h.call("UpdateTable", update(update_action("by-g", capacity(7, 5))));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  // The response shows the index UPDATING with its old capacity, the table ACTIVE.
  const json& response = r.body["TableDescription"];
  EXPECT_EQ(response["TableStatus"], "ACTIVE");
  EXPECT_EQ(response["GlobalSecondaryIndexes"][0]["IndexStatus"], "UPDATING");
  EXPECT_EQ(response["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"], 5);
  const json described = describe(h)["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(described["IndexStatus"], "ACTIVE");
  EXPECT_EQ(described["ProvisionedThroughput"]["ReadCapacityUnits"], 7);
  EXPECT_EQ(described["ProvisionedThroughput"]["WriteCapacityUnits"], 5);
  EXPECT_TRUE(described["ProvisionedThroughput"].contains("LastIncreaseDateTime"));
}

TEST(UpdateTableIndexes, RejectsAnUnchangedIndexCapacity) {
  Harness h;
  create_items(h, json::array({index("gsi1", key("g"))}), /*provisioned=*/true);
  expect_validation(h.call("UpdateTable", update(update_action("gsi1", capacity(5, 5)))),
                    "The provisioned throughput for the index gsi1 will not change. The requested "
                    "value equals the current value. Current ReadCapacityUnits provisioned for "
                    "index gsi1: 5. Requested ReadCapacityUnits: 5. Current WriteCapacityUnits "
                    "provisioned for index gsi1: 5. Requested WriteCapacityUnits: 5. Refer to the "
                    "Amazon DynamoDB Developer Guide for current limits and how to request higher "
                    "limits.");
}

TEST(UpdateTableIndexes, RejectsIndexCapacityOnAnOnDemandTable) {
  Harness h;
  create_items(h, json::array({index("gsi1", key("g"))}));
  expect_validation(h.call("UpdateTable", update(update_action("gsi1", capacity(1, 1)))),
                    kInvalid +
                        "The only Updates for index: gsi1 when TableThroughputMode is "
                        "PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput");
}

TEST(UpdateTableIndexes, RejectsUpdatingAMissingIndex) {
  Harness h;
  create_items(h);
  expect_error(h.call("UpdateTable", update(update_action("gsi1", capacity(1, 1)))),
               "ResourceNotFoundException",
               "Requested resource not found: Index gsi1 for table items");
}

// Capacity past 10^12 in an index Update is "Action Blocked", whether or not the index exists
// (dynalite's test/updateTable.js, recorded against DynamoDB); on a table that does not exist it
// is the table's ResourceNotFoundException.
TEST(UpdateTableIndexes, BlocksAnIndexUpdatePastTheCapacityBound) {
  Harness h;
  create_items(h, json::array({index("gsi1", key("g"))}), true);
  const std::string blocked =
      "This operation cannot be performed with given input values. Please contact DynamoDB "
      "service team for more info: Action Blocked: IndexUpdate";
  json high = {{"ReadCapacityUnits", 1000000000000}, {"WriteCapacityUnits", 1000000000001}};
  json updates =
      json::array({{{"Update", {{"IndexName", "abc"}, {"ProvisionedThroughput", high}}}}});
  expect_validation(h.call("UpdateTable", update(updates)), blocked);
  updates[0]["Update"]["IndexName"] = "gsi1";
  expect_validation(h.call("UpdateTable", update(updates)), blocked);
  json missing_table = update(updates);
  missing_table["TableName"] = "nothing";
  expect_error(h.call("UpdateTable", missing_table), "ResourceNotFoundException",
               "Requested resource not found: Table: nothing not found");
}

TEST(UpdateTableIndexes, RequiresEveryIndexCapacityWhenSwitchingToProvisioned) {
  Harness h;
  create_items(h, json::array({index("gsi1", key("g"))}));
  json request = {{"TableName", "items"},
                  {"BillingMode", "PROVISIONED"},
                  {"ProvisionedThroughput", capacity(50, 50)}};
  expect_validation(h.call("UpdateTable", request),
                    kInvalid + "ProvisionedThroughput must be specified for index: gsi1");
  request["GlobalSecondaryIndexUpdates"] = update_action("gsi1", capacity(40, 30));
  CallResult r = h.call("UpdateTable", request);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  // A billing switch reports the new index capacity at once.
  const json& gsi = r.body["TableDescription"]["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(gsi["ProvisionedThroughput"]["ReadCapacityUnits"], 40);
  EXPECT_EQ(gsi["ProvisionedThroughput"]["WriteCapacityUnits"], 30);
}

TEST(UpdateTableIndexes, ZeroesIndexCapacityWhenSwitchingToOnDemand) {
  Harness h;
  create_items(h, json::array({index("gsi1", key("g"))}), /*provisioned=*/true);
  ASSERT_EQ(
      h.call("UpdateTable", R"({"TableName":"items","BillingMode":"PAY_PER_REQUEST"})").status,
      200);
  const json throughput = describe(h)["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"];
  EXPECT_EQ(throughput["ReadCapacityUnits"], 0);
  EXPECT_EQ(throughput["WriteCapacityUnits"], 0);
}

// ---- The list itself ---------------------------------------------------------------------------

TEST(UpdateTableIndexes, RejectsAnEntryWithoutAction) {
  Harness h;
  create_items(h);
  expect_validation(h.call("UpdateTable", update(json::array({json::object()}))),
                    kInvalid +
                        "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate."
                        "Create, GlobalSecondaryIndexUpdate.Delete must not be null");
}

TEST(UpdateTableIndexes, RejectsAnEntryWithTwoActions) {
  Harness h;
  create_items(h);
  json entry = {{"Delete", {{"IndexName", "gsi1"}}},
                {"Update", {{"IndexName", "gsi1"}, {"ProvisionedThroughput", capacity(1, 1)}}}};
  expect_validation(h.call("UpdateTable", update(json::array({entry}))),
                    kInvalid +
                        "Only one global secondary index action is allowed per "
                        "GlobalSecondaryIndexUpdate object");
}

TEST(UpdateTableIndexes, RejectsTwoActionsOnOneIndex) {
  Harness h;
  create_items(h);
  json entries =
      json::array({{{"Delete", {{"IndexName", "gsi1"}}}}, {{"Create", index("gsi1", key("g"))}}});
  expect_validation(h.call("UpdateTable", update(entries, json::array({attribute("g", "S")}))),
                    kInvalid +
                        "Only one global secondary index update per index is allowed "
                        "simultaneously. Index: gsi1");
}

TEST(UpdateTableIndexes, TreatsAnEmptyListAsAbsentUntilSomethingElseChanges) {
  Harness h;
  create_items(h);
  CallResult alone = h.call("UpdateTable", update(json::array()));
  EXPECT_EQ(alone.message.find("At least one of ProvisionedThroughput, BillingMode"), 0u)
      << alone.message;
  json request = update(json::array());
  request["DeletionProtectionEnabled"] = true;
  expect_validation(h.call("UpdateTable", request),
                    kInvalid + "List of GlobalSecondaryIndexUpdates is empty");
}

TEST(UpdateTableIndexes, RejectsACreateTogetherWithTableCapacity) {
  Harness h;
  create_items(h, nullptr, /*provisioned=*/true);
  json gsi = index("by-g", key("g"));
  gsi["ProvisionedThroughput"] = capacity(1, 1);
  json request = update(create_action(gsi), json::array({attribute("g", "S")}));
  request["ProvisionedThroughput"] = capacity(6, 6);
  expect_validation(h.call("UpdateTable", request),
                    kInvalid + "You cannot create or delete index while updating table IOPS");
}

TEST(UpdateTableIndexes, RejectsIndexUpdatesTogetherWithDeletionProtection) {
  Harness h;
  create_items(h);
  json request = update(create_action(index("by-g", key("g"))), json::array({attribute("g", "S")}));
  request["DeletionProtectionEnabled"] = true;
  expect_validation(h.call("UpdateTable", request),
                    kInvalid +
                        "DeletionProtection modification must be the only operation in the "
                        "request");
}

TEST(UpdateTableIndexes, ChecksTheCapacityOfAnIndexUpdateAgainstTheModel) {
  Harness h;
  create_items(h, json::array({index("gsi1", key("g"))}), /*provisioned=*/true);
  expect_validation(h.call("UpdateTable", update(update_action("gsi1", capacity(0, 1)))),
                    "1 validation error detected: Value '0' at "
                    "'globalSecondaryIndexUpdates.1.member.update.provisionedThroughput."
                    "readCapacityUnits' failed to satisfy constraint: Member must have value "
                    "greater than or equal to 1");
}

}  // namespace
}  // namespace ddb::protocol
