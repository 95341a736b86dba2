// The PartiQL parser: every construct of DynamoDB's dialect it reads, and the syntax errors it
// gives in DynamoDB's words (captured from AWS, eu-west-2, 2026, by dynoxide's published tests).

#include "protocol/partiql/parser.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"

namespace ddb::protocol::partiql {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_statement(text);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

TEST(PartiqlParser, ReadsSelectStarWithWhereAndOrderBy) {
  Statement s = parse_statement(
      R"(SELECT * FROM "Music" WHERE Artist = 'Acme' AND begins_with(Title, 'P') ORDER BY Title DESC)");
  EXPECT_EQ(s.kind, Statement::Kind::Select);
  EXPECT_EQ(s.table, "Music");
  EXPECT_TRUE(s.select_all);
  ASSERT_TRUE(s.where);
  EXPECT_EQ(s.where->kind, Expr::Kind::And);
  EXPECT_EQ(s.where->children[1].kind, Expr::Kind::Call);
  EXPECT_EQ(s.where->children[1].name, "begins_with");
  ASSERT_EQ(s.order_by.size(), 1u);
  EXPECT_EQ(s.order_by[0], "Title");
  EXPECT_TRUE(s.descending);
}

TEST(PartiqlParser, ReadsProjectionPathsAndIndexSource) {
  Statement s = parse_statement(R"(select a.b[2]."c d", e FROM "t"."by_e" where e = ?;)");
  EXPECT_FALSE(s.select_all);
  ASSERT_EQ(s.projection.size(), 2u);
  ASSERT_EQ(s.projection[0].size(), 4u);
  EXPECT_EQ(s.projection[0][1].name, "b");
  EXPECT_TRUE(s.projection[0][2].is_index);
  EXPECT_EQ(s.projection[0][2].index, 2u);
  EXPECT_EQ(s.projection[0][3].name, "c d");
  EXPECT_EQ(s.index, "by_e");
  EXPECT_EQ(s.parameter_count, 1u);
}

TEST(PartiqlParser, ReadsInsertWithNestedLiterals) {
  Statement s = parse_statement(
      R"(INSERT INTO "t" VALUE {'pk': 'it''s', 'n': -1.5e2, 'l': [1, TRUE, NULL], 's': <<'a', 'b'>>, 'm': {'x': ?}})");
  EXPECT_EQ(s.kind, Statement::Kind::Insert);
  ASSERT_EQ(s.value.kind, Expr::Kind::Map);
  EXPECT_EQ(s.value.keys[0], "pk");
  EXPECT_EQ(s.value.children[0].value.as_string(), "it's");
  EXPECT_EQ(s.value.children[1].value.as_number().to_string(), "-150");
  EXPECT_EQ(s.value.children[3].kind, Expr::Kind::Set);
  EXPECT_EQ(s.parameter_count, 1u);
}

TEST(PartiqlParser, ReadsUpdateWithSeveralSetAndRemoveClausesAndReturning) {
  Statement s = parse_statement(
      R"(UPDATE "Music" SET AwardsWon = 1 SET AwardDetail = {'Grammys': [2020]} REMOVE Old, x[1] WHERE Artist = 'A' AND SongTitle = 'B' RETURNING MODIFIED NEW *)");
  EXPECT_EQ(s.kind, Statement::Kind::Update);
  ASSERT_EQ(s.updates.size(), 4u);
  EXPECT_FALSE(s.updates[1].remove);
  EXPECT_TRUE(s.updates[3].remove);
  EXPECT_EQ(s.returning, Returning::ModifiedNew);
}

TEST(PartiqlParser, ReadsDeleteAndExists) {
  Statement d = parse_statement(R"(DELETE FROM "t" WHERE pk = 'a' RETURNING ALL OLD *)");
  EXPECT_EQ(d.kind, Statement::Kind::Delete);
  EXPECT_EQ(d.returning, Returning::AllOld);
  Statement e = parse_statement(R"(EXISTS(SELECT * FROM "t" WHERE pk = 'a' AND v IS MISSING))");
  EXPECT_EQ(e.kind, Statement::Kind::Exists);
  EXPECT_EQ(e.table, "t");
}

TEST(PartiqlParser, ReadsOperatorsOfWhereClauses) {
  Statement s = parse_statement(
      R"(SELECT * FROM t WHERE NOT (a <> 1 OR b != 2) AND c BETWEEN 1 AND 5 AND d IN ['x', 'y'] AND e IS NOT NULL AND f NOT IN (1, 2) AND size(g) >= 3 -- comment
      /* block */ AND attribute_type(h, 'S'))");
  ASSERT_TRUE(s.where);
  EXPECT_EQ(s.where->kind, Expr::Kind::And);
}

TEST(PartiqlParser, RejectsANonDmlStatement) {
  EXPECT_EQ(error_of("SLECT * FROM t"),
            "Statement wasn't well formed, can't be processed: Expected data manipulation");
}

TEST(PartiqlParser, RejectsATokenAfterTheStatement) {
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE pk = 1 foo)"),
            "Statement wasn't well formed, can't be processed: Unexpected token after expression");
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE pk = 1))"),
            "Statement wasn't well formed, can't be processed: Unexpected token after expression");
}

TEST(PartiqlParser, RejectsAnEmptyWhere) {
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE)"),
            "Statement wasn't well formed, can't be processed: Unexpected term");
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE (  )"),
            "Statement wasn't well formed, can't be processed: Unexpected term");
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE ORDER BY pk)"),
            "Statement wasn't well formed, can't be processed: Unexpected keyword");
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE IS NULL)"),
            "Statement wasn't well formed, can't be processed: Unexpected operator");
}

TEST(PartiqlParser, RejectsAMissingRightOperand) {
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE pk = 'p1' AND)"),
            "Statement wasn't well formed, can't be processed: Missing right-hand side expression "
            "of infix operator");
}

TEST(PartiqlParser, RejectsDeleteWithoutTable) {
  EXPECT_EQ(
      error_of("DELETE FROM WHERE pk = 'a'"),
      "Statement wasn't well formed, can't be processed: Expected identifier for simple path");
  EXPECT_EQ(error_of("SELECT * FROM"),
            "Statement wasn't well formed, can't be processed: Unexpected term");
}

TEST(PartiqlParser, RejectsAliases) {
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" x WHERE pk = 'a')"), "Aliasing is not supported");
  EXPECT_EQ(error_of(R"(DELETE FROM "t" AS x WHERE pk = 'a')"), "Aliasing is not supported");
}

TEST(PartiqlParser, RejectsSelectsOverSeveralTables) {
  EXPECT_EQ(error_of(R"(SELECT * FROM "a", "b")"),
            "Only select from a single table or index is supported.");
  EXPECT_EQ(error_of(R"(SELECT * FROM "a" JOIN "b" ON a.x = b.x)"),
            "Only select from a single table or index is supported.");
}

TEST(PartiqlParser, RejectsUnreadableText) {
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE pk = 1 /* note)"),
            "Statement wasn't well formed, can't be processed: ");
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE pk = 1 # note)"),
            "Statement wasn't well formed, can't be processed: ");
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE pk = 'open)"),
            "Statement wasn't well formed, can't be processed: ");
}

TEST(PartiqlParser, RejectsNumbersOutOfDynamoDbsRange) {
  EXPECT_EQ(error_of(R"(SELECT * FROM "t" WHERE pk = 1e126)"),
            "Number overflow. Attempting to store a number with magnitude larger than supported "
            "range under root");
}

TEST(PartiqlParser, RejectsUpdateAndDeleteWithoutWhere) {
  EXPECT_EQ(error_of(R"(UPDATE "t" SET a = 1)"),
            "Where clause does not contain a mandatory equality on all key attributes");
  EXPECT_EQ(error_of(R"(DELETE FROM "t")"),
            "Where clause does not contain a mandatory equality on all key attributes");
}

TEST(PartiqlParser, BoundsNesting) {
  std::string deep =
      R"(SELECT * FROM "t" WHERE )" + std::string(5000, '(') + "a = 1" + std::string(5000, ')');
  EXPECT_EQ(error_of(deep),
            "Statement wasn't well formed, can't be processed: Expression nesting "
            "exceeds the supported depth");
  std::string lists = R"(INSERT INTO "t" VALUE {'pk': 'a', 'l': )" + std::string(5000, '[') +
                      std::string(5000, ']') + "}";
  EXPECT_NE(error_of(lists), "");
}

}  // namespace
}  // namespace ddb::protocol::partiql
