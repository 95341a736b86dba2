// The PartiQL planner: which SELECTs become a Query of one partition (and with which sort-key
// range), a Query per value of an IN, or a Scan.

#include "protocol/partiql/planner.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocol/partiql/parser.h"

namespace ddb::protocol::partiql {
namespace {

using engine::AttributeValue;

engine::IndexKeySchema table_key() {
  engine::IndexKeySchema schema;
  schema.partition.push_back({"pk", engine::Type::S});
  schema.sort.push_back({"sk", engine::Type::N});
  return schema;
}

ReadPlan plan(const std::string& text, std::vector<AttributeValue> parameters = {}) {
  Statement statement = parse_statement(text);
  Translator translator(parameters);
  return plan_reads(translator, statement, table_key(), std::nullopt);
}

AttributeValue s(const std::string& text) { return AttributeValue::string(text); }
AttributeValue n(const std::string& text) {
  return AttributeValue::number(engine::Number::parse(text));
}

TEST(PartiqlPlanner, EqualityOnThePartitionKeyIsAQueryOfThatPartition) {
  ReadPlan p = plan(R"(SELECT * FROM "t" WHERE pk = 'a' AND other = 1)");
  ASSERT_EQ(p.queries.size(), 1u);
  EXPECT_EQ(p.queries[0].partition, s("a"));
  EXPECT_FALSE(p.queries[0].range.lower);
  EXPECT_FALSE(p.queries[0].range.upper);
}

TEST(PartiqlPlanner, ASortKeyTermBecomesTheRange) {
  ReadPlan p = plan(R"(SELECT * FROM "t" WHERE ? = pk AND sk BETWEEN 2 AND 5)", {s("a")});
  ASSERT_EQ(p.queries.size(), 1u);
  ASSERT_TRUE(p.queries[0].range.lower && p.queries[0].range.upper);
  EXPECT_EQ(p.queries[0].range.lower->value, n("2"));
  EXPECT_EQ(p.queries[0].range.upper->value, n("5"));
  ReadPlan mirrored = plan(R"(SELECT * FROM "t" WHERE pk = 'a' AND 3 < sk)");
  ASSERT_TRUE(mirrored.queries[0].range.lower);
  EXPECT_FALSE(mirrored.queries[0].range.lower->inclusive);
}

TEST(PartiqlPlanner, ASortKeyTermOfAnotherTypeLeavesTheWholePartition) {
  ReadPlan p = plan(R"(SELECT * FROM "t" WHERE pk = 'a' AND sk > 'x')");
  ASSERT_EQ(p.queries.size(), 1u);
  EXPECT_FALSE(p.queries[0].range.lower);
}

TEST(PartiqlPlanner, NoPartitionEqualityIsAScan) {
  EXPECT_TRUE(plan(R"(SELECT * FROM "t")").queries.empty());
  EXPECT_TRUE(plan(R"(SELECT * FROM "t" WHERE sk = 1)").queries.empty());
  EXPECT_TRUE(plan(R"(SELECT * FROM "t" WHERE pk = 'a' OR pk = 'b')").queries.empty());
  EXPECT_TRUE(plan(R"(SELECT * FROM "t" WHERE pk > 'a')").queries.empty());
  EXPECT_TRUE(plan(R"(SELECT * FROM "t" WHERE pk = 1)").queries.empty());
  EXPECT_TRUE(plan(R"(SELECT * FROM "t" WHERE NOT pk = 'a')").queries.empty());
}

TEST(PartiqlPlanner, InOnThePartitionKeyIsAQueryPerValue) {
  ReadPlan p = plan(R"(SELECT * FROM "t" WHERE pk IN ('b', 'a', 'b') AND sk <= 3)");
  ASSERT_EQ(p.queries.size(), 2u);
  EXPECT_EQ(p.queries[0].partition, s("b"));
  EXPECT_EQ(p.queries[1].partition, s("a"));
  ASSERT_TRUE(p.queries[1].range.upper);
  EXPECT_TRUE(plan(R"(SELECT * FROM "t" WHERE pk IN ('a', 1))").queries.empty());
}

}  // namespace
}  // namespace ddb::protocol::partiql
