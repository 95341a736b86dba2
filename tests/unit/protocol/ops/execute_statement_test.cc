// ExecuteStatement, BatchExecuteStatement and ExecuteTransaction through the dispatcher: PartiQL
// SELECT, INSERT, UPDATE and DELETE over the engine's reads and writes, with DynamoDB's errors
// (texts captured from AWS and DynamoDB Local, protocol/partiql/messages.h).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

json s(const std::string& text) { return {{"S", text}}; }
json n(const std::string& text) { return {{"N", text}}; }

CallResult statement(const Harness& h, const std::string& text, json extra = json::object()) {
  extra["Statement"] = text;
  return h.call("ExecuteStatement", extra);
}

class PartiqlTest : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("tbl", "sk");
    for (int i = 1; i <= 5; ++i) {
      h.put("tbl",
            {{"pk", s("a")}, {"sk", s("s" + std::to_string(i))}, {"v", n(std::to_string(i))}});
    }
    h.put("tbl", {{"pk", s("b")}, {"sk", s("s1")}, {"v", n("9")}});
  }
  Harness h;
};

TEST_F(PartiqlTest, SelectsOnePartitionByKey) {
  CallResult r = statement(h, R"(SELECT * FROM "tbl" WHERE pk = 'a' AND sk >= 's4')");
  ASSERT_EQ(r.status, 200) << r.raw_body;
  ASSERT_EQ(r.body["Items"].size(), 2u);
  EXPECT_EQ(r.body["Items"][0]["sk"], s("s4"));
  EXPECT_FALSE(r.body.contains("Count"));
}

TEST_F(PartiqlTest, SelectsWithParametersProjectionAndDescendingOrder) {
  CallResult r = statement(h, R"(SELECT sk, v FROM "tbl" WHERE pk = ? ORDER BY sk DESC)",
                           {{"Parameters", json::array({s("a")})}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  ASSERT_EQ(r.body["Items"].size(), 5u);
  EXPECT_EQ(r.body["Items"][0], json({{"sk", s("s5")}, {"v", n("5")}}));
}

TEST_F(PartiqlTest, ScansWithAFilterWhenThePartitionIsNotFixed) {
  CallResult r = statement(h, R"(SELECT * FROM "tbl" WHERE v > 4)");
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body["Items"].size(), 2u);
}

TEST_F(PartiqlTest, PagesWithLimitAndNextToken) {
  CallResult first = statement(h, R"(SELECT * FROM "tbl" WHERE pk = 'a')", {{"Limit", 2}});
  ASSERT_EQ(first.status, 200) << first.raw_body;
  ASSERT_EQ(first.body["Items"].size(), 2u);
  ASSERT_TRUE(first.body.contains("NextToken"));
  CallResult second = statement(h, R"(SELECT * FROM "tbl" WHERE pk = 'a')",
                                {{"Limit", 2}, {"NextToken", first.body["NextToken"]}});
  ASSERT_EQ(second.status, 200) << second.raw_body;
  EXPECT_EQ(second.body["Items"][0]["sk"], s("s3"));
  CallResult other = statement(h, R"(SELECT * FROM "tbl" WHERE pk = 'b')",
                               {{"NextToken", first.body["NextToken"]}});
  expect_validation(other, "NextToken does not match request");
}

TEST_F(PartiqlTest, InOnThePartitionKeyQueriesEachPartitionAndPages) {
  const std::string text = R"(SELECT sk FROM "tbl" WHERE pk IN ['b', 'zz', 'a'] AND sk <= 's2')";
  CallResult all = statement(h, text);
  ASSERT_EQ(all.status, 200) << all.raw_body;
  EXPECT_EQ(all.body["Items"],
            json::array({{{"sk", s("s1")}}, {{"sk", s("s1")}}, {{"sk", s("s2")}}}));
  std::vector<json> seen;
  json extra = {{"Limit", 1}};
  for (int i = 0; i < 10; ++i) {
    CallResult page = statement(h, text, extra);
    ASSERT_EQ(page.status, 200) << page.raw_body;
    for (const json& item : page.body["Items"]) seen.push_back(item);
    if (!page.body.contains("NextToken")) break;
    extra["NextToken"] = page.body["NextToken"];
  }
  EXPECT_EQ(json(seen), all.body["Items"]);
}

TEST_F(PartiqlTest, InsertsAndRefusesADuplicateKey) {
  CallResult r = statement(h, R"(INSERT INTO "tbl" VALUE {'pk': 'c', 'sk': 's1', 'x': 1})");
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body, json({{"Items", json::array()}}));
  CallResult again = statement(h, R"(INSERT INTO "tbl" VALUE {'pk': 'c', 'sk': 's1'})");
  EXPECT_EQ(again.error_type, "DuplicateItemException");
  EXPECT_EQ(again.message, "Duplicate primary key exists in table");
}

TEST_F(PartiqlTest, UpdatesWithReturningAndACondition) {
  CallResult r = statement(
      h,
      R"(UPDATE "tbl" SET v = v + 10 SET tags = <<'x'>> WHERE pk = 'a' AND sk = 's1' AND v = 1 RETURNING ALL NEW *)");
  ASSERT_EQ(r.status, 200) << r.raw_body;
  ASSERT_EQ(r.body["Items"].size(), 1u);
  EXPECT_EQ(r.body["Items"][0]["v"], n("11"));
  CallResult failed =
      statement(h, R"(UPDATE "tbl" SET v = 0 WHERE pk = 'a' AND sk = 's1' AND v = 1)",
                {{"ReturnValuesOnConditionCheckFailure", "ALL_OLD"}});
  EXPECT_EQ(failed.error_type, "ConditionalCheckFailedException");
  EXPECT_EQ(failed.body["Item"]["v"], n("11"));
}

TEST_F(PartiqlTest, UpdateOfAMissingItemFailsItsCondition) {
  CallResult r = statement(h, R"(UPDATE "tbl" SET v = 1 WHERE pk = 'zz' AND sk = 's1')");
  EXPECT_EQ(r.error_type, "ConditionalCheckFailedException");
}

TEST_F(PartiqlTest, SetAddAndSetDeleteChangeSets) {
  ASSERT_EQ(
      statement(h, R"(UPDATE "tbl" SET s = set_add(s, <<'a', 'b'>>) WHERE pk = 'a' AND sk = 's2')")
          .status,
      200);
  CallResult r = statement(
      h,
      R"(UPDATE "tbl" SET s = set_delete(s, <<'a'>>) WHERE pk = 'a' AND sk = 's2' RETURNING ALL NEW *)");
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body["Items"][0]["s"], json({{"SS", {"b"}}}));
}

TEST_F(PartiqlTest, DeletesWithReturningAllOld) {
  CallResult r =
      statement(h, R"(DELETE FROM "tbl" WHERE pk = 'b' AND sk = 's1' RETURNING ALL OLD *)");
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body["Items"][0]["v"], n("9"));
  CallResult missing = statement(h, R"(DELETE FROM "tbl" WHERE pk = 'b' AND sk = 's1')");
  EXPECT_EQ(missing.status, 200);
}

TEST_F(PartiqlTest, WritesNeedTheFullKey) {
  expect_validation(statement(h, R"(DELETE FROM "tbl" WHERE pk = 'a')"),
                    "Where clause does not contain a mandatory equality on all key attributes");
  expect_validation(statement(h, R"(UPDATE "tbl" SET v = 1 WHERE pk = 'a' AND v = 2)"),
                    "Where clause does not contain a mandatory equality on all key attributes");
}

TEST_F(PartiqlTest, RefusesAParameterCountMismatch) {
  expect_validation(statement(h, R"(SELECT * FROM "tbl" WHERE pk = ?)"),
                    "Number of parameters in request and statement don't match.");
}

TEST_F(PartiqlTest, RefusesAnUnknownTable) {
  CallResult r = statement(h, R"(SELECT * FROM "nope" WHERE pk = 'a')");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(PartiqlTest, RefusesAStatementOverTheLengthLimit) {
  CallResult r = statement(h, std::string(8193, ' '));
  expect_validation(r, "1 validation error detected: Value '" + std::string(8193, ' ') +
                           "' at 'statement' failed to satisfy constraint: Member must have length "
                           "less than or equal to 8192");
}

TEST_F(PartiqlTest, TransactionWritesAllOrNothing) {
  CallResult r = h.call(
      "ExecuteTransaction",
      json{{"TransactStatements",
            {{{"Statement", R"(INSERT INTO "tbl" VALUE {'pk': 'n', 'sk': 's1'})"}},
             {{"Statement", R"(UPDATE "tbl" SET v = 1 WHERE pk = 'missing' AND sk = 's1')"}}}}});
  EXPECT_EQ(r.error_type, "TransactionCanceledException");
  ASSERT_EQ(r.body["CancellationReasons"].size(), 2u);
  EXPECT_EQ(r.body["CancellationReasons"][0]["Code"], "None");
  EXPECT_EQ(r.body["CancellationReasons"][1]["Code"], "ConditionalCheckFailed");
  CallResult read = statement(h, R"(SELECT * FROM "tbl" WHERE pk = 'n')");
  EXPECT_EQ(read.body["Items"].size(), 0u);
}

TEST_F(PartiqlTest, TransactionReadsItemsByKey) {
  CallResult r =
      h.call("ExecuteTransaction",
             json{{"TransactStatements",
                   {{{"Statement", R"(SELECT v FROM "tbl" WHERE pk = 'a' AND sk = 's1')"}},
                    {{"Statement", R"(SELECT * FROM "tbl" WHERE pk = 'zz' AND sk = 's1')"}}}}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body["Responses"], json::array({{{"Item", {{"v", n("1")}}}}, json::object()}));
}

TEST_F(PartiqlTest, TransactionRefusesMixedReadsAndWritesAndReturning) {
  CallResult mixed =
      h.call("ExecuteTransaction",
             json{{"TransactStatements",
                   {{{"Statement", R"(SELECT * FROM "tbl" WHERE pk = 'a' AND sk = 's1')"}},
                    {{"Statement", R"(DELETE FROM "tbl" WHERE pk = 'a' AND sk = 's1')"}}}}});
  expect_validation(mixed,
                    "ExecuteTransaction API does not support both read and write operations in "
                    "the same request.");
  CallResult returning =
      h.call("ExecuteTransaction",
             json{{"TransactStatements",
                   {{{"Statement",
                      R"(DELETE FROM "tbl" WHERE pk = 'a' AND sk = 's1' RETURNING ALL OLD *)"}}}}});
  expect_validation(returning,
                    "Validation failed in TransactStatements[0]: RETURNING clause is not "
                    "supported in ExecuteTransaction.");
}

TEST_F(PartiqlTest, TransactionExistsChecksAnItem) {
  CallResult r =
      h.call("ExecuteTransaction",
             json{{"TransactStatements",
                   {{{"Statement",
                      R"(EXISTS(SELECT * FROM "tbl" WHERE pk = 'a' AND sk = 's1' AND v = 2))"}},
                    {{"Statement", R"(INSERT INTO "tbl" VALUE {'pk': 'e', 'sk': 's1'})"}}}}});
  EXPECT_EQ(r.error_type, "TransactionCanceledException");
  EXPECT_EQ(r.body["CancellationReasons"][0]["Code"], "ConditionalCheckFailed");
}

TEST_F(PartiqlTest, TransactionExistsNeedsOneItem) {
  for (const char* text :
       {R"(EXISTS(SELECT * FROM "tbl"))", R"(EXISTS(SELECT * FROM "tbl" WHERE pk = 'a'))"}) {
    CallResult r =
        h.call("ExecuteTransaction", json{{"TransactStatements", {{{"Statement", text}}}}});
    expect_validation(r,
                      "Validation failed in TransactStatements[0]: EXISTS() must contain a single "
                      "item read with additional condition");
  }
}

TEST_F(PartiqlTest, BatchAnswersEachStatementInOrder) {
  CallResult r =
      h.call("BatchExecuteStatement",
             json{{"Statements",
                   {{{"Statement", R"(SELECT * FROM "tbl" WHERE pk = 'a' AND sk = 's1')"}},
                    {{"Statement", R"(SELECT * FROM "tbl" WHERE pk = 'a')"}},
                    {{"Statement", "SLECT"}}}}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  ASSERT_EQ(r.body["Responses"].size(), 3u);
  EXPECT_EQ(r.body["Responses"][0]["Item"]["v"], n("1"));
  EXPECT_EQ(r.body["Responses"][1]["Error"],
            json({{"Code", "ValidationError"},
                  {"Message",
                   "Select statements within BatchExecuteStatement must specify the primary key "
                   "in the where clause."}}));
  EXPECT_EQ(r.body["Responses"][2]["Error"]["Message"],
            "Statement wasn't well formed, can't be processed: Expected data manipulation");
}

TEST_F(PartiqlTest, BatchWritesFailOneByOne) {
  CallResult r =
      h.call("BatchExecuteStatement",
             json{{"Statements",
                   {{{"Statement", R"(INSERT INTO "tbl" VALUE {'pk': 'a', 'sk': 's1'})"}},
                    {{"Statement", R"(INSERT INTO "tbl" VALUE {'pk': 'q', 'sk': 's1'})"}}}}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body["Responses"][0]["Error"]["Code"], "DuplicateItem");
  EXPECT_FALSE(r.body["Responses"][1].contains("Error"));
}

TEST_F(PartiqlTest, BatchSumsConsumedCapacityPerTable) {
  CallResult r =
      h.call("BatchExecuteStatement",
             json{{"ReturnConsumedCapacity", "TOTAL"},
                  {"Statements",
                   {{{"Statement", R"(SELECT * FROM "tbl" WHERE pk = 'a' AND sk = 's1')"}},
                    {{"Statement", R"(SELECT * FROM "tbl" WHERE pk = 'a' AND sk = 's2')"},
                     {"ConsistentRead", true}}}}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body["ConsumedCapacity"],
            json::array({{{"TableName", "tbl"}, {"CapacityUnits", 1.5}}}));
}

TEST_F(PartiqlTest, SelectReportsTheCapacityOfItsQuery) {
  CallResult r = statement(h, R"(SELECT * FROM "tbl" WHERE pk = 'a')",
                           {{"ReturnConsumedCapacity", "TOTAL"}, {"ConsistentRead", true}});
  ASSERT_EQ(r.status, 200) << r.raw_body;
  EXPECT_EQ(r.body["ConsumedCapacity"], json({{"TableName", "tbl"}, {"CapacityUnits", 1.0}}));
}

TEST(Partiql, RefusesAnIndexWithAMultiAttributeKey) {
  Harness h;
  CallResult created =
      h.call("CreateTable", R"({"TableName": "multi", "BillingMode": "PAY_PER_REQUEST",
      "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"},
                               {"AttributeName": "h1", "AttributeType": "S"},
                               {"AttributeName": "h2", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
      "GlobalSecondaryIndexes": [{"IndexName": "gsi", "Projection": {"ProjectionType": "ALL"},
          "KeySchema": [{"AttributeName": "h1", "KeyType": "HASH"},
                        {"AttributeName": "h2", "KeyType": "HASH"}]}]})");
  ASSERT_EQ(created.status, 200) << created.raw_body;
  expect_validation(
      statement(h, R"(SELECT * FROM "multi"."gsi" WHERE h1 = 'a' AND h2 = 'b')"),
      "PartiQL statements cannot be executed on tables with multi-attribute HASH keys "
      "or multi-attribute RANGE keys.");
  CallResult base = statement(h, R"(SELECT * FROM "multi" WHERE id = 'a')");
  EXPECT_EQ(base.status, 200) << base.raw_body;
}

}  // namespace
}  // namespace ddb::protocol
