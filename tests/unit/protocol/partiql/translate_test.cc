// The PartiQL translator: WHERE clauses as engine conditions (checked by evaluating them against
// items), SET and REMOVE clauses as update actions, INSERT values, and a write's key split from
// its condition.

#include "protocol/partiql/translate.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/update.h"
#include "protocol/partiql/parser.h"

namespace ddb::protocol::partiql {
namespace {

using engine::AttributeValue;

engine::Item item() {
  engine::Item built;
  built.emplace("pk", AttributeValue::string("p"));
  built.emplace("n", AttributeValue::number(engine::Number::parse("3")));
  built.emplace("z", AttributeValue::null());
  built.emplace("l", AttributeValue::list({AttributeValue::string("x")}));
  return built;
}

bool holds(const std::string& where, std::vector<AttributeValue> parameters = {}) {
  Statement statement = parse_statement("SELECT * FROM t WHERE " + where);
  Translator translator(parameters);
  return engine::evaluate(translator.condition(*statement.where), item());
}

std::string error_of(const std::string& text) {
  try {
    Statement statement = parse_statement(text);
    std::vector<AttributeValue> parameters;
    Translator translator(parameters);
    if (statement.where) translator.split_key(*statement.where, {"pk", "sk"});
    translator.actions(statement.updates);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

TEST(PartiqlTranslate, ComparesWithDynamoDbsTypeRules) {
  EXPECT_TRUE(holds("n = 3"));
  EXPECT_FALSE(holds("n = '3'"));
  EXPECT_TRUE(holds("n <> '3'"));
  EXPECT_TRUE(holds("n BETWEEN 1 AND ?", {AttributeValue::number(engine::Number::parse("5"))}));
  EXPECT_TRUE(holds("n NOT IN (1, 2)"));
  EXPECT_TRUE(holds("begins_with(pk, 'p') AND contains(l, 'x') AND size(l) = 1"));
}

TEST(PartiqlTranslate, IsMissingAndIsNull) {
  EXPECT_TRUE(holds("gone IS MISSING"));
  EXPECT_TRUE(holds("n IS NOT MISSING"));
  EXPECT_TRUE(holds("z IS NULL"));
  EXPECT_TRUE(holds("gone IS NULL"));
  EXPECT_TRUE(holds("n IS NOT NULL"));
  EXPECT_TRUE(holds("attribute_type(z, 'NULL')"));
}

TEST(PartiqlTranslate, RefusesMissingOutsideIs) {
  EXPECT_THROW(holds("n = MISSING"), engine::Error);
  try {
    holds("n = MISSING");
  } catch (const engine::Error& error) {
    EXPECT_EQ(error.message(), "MISSING must be compared using IS operator");
  }
}

TEST(PartiqlTranslate, RefusesAWhereThatIsNoCondition) {
  try {
    holds("n");
    ADD_FAILURE();
  } catch (const engine::Error& error) {
    EXPECT_EQ(error.message(),
              "WHERE clause must contain an expression that resolves to a boolean");
  }
}

TEST(PartiqlTranslate, SplitsTheKeyFromTheCondition) {
  Statement statement = parse_statement("DELETE FROM t WHERE 'k' = sk AND pk = 'p' AND n > 1");
  std::vector<AttributeValue> parameters;
  Translator translator(parameters);
  Translator::KeyedWhere where = translator.split_key(*statement.where, {"pk", "sk"});
  EXPECT_EQ(where.key.at("pk"), AttributeValue::string("p"));
  EXPECT_EQ(where.key.at("sk"), AttributeValue::string("k"));
  ASSERT_TRUE(where.rest);
  EXPECT_EQ(where.rest->kind, engine::Condition::Kind::Compare);
}

TEST(PartiqlTranslate, RefusesTwoConditionsOnOneKey) {
  EXPECT_EQ(error_of("DELETE FROM t WHERE pk = 'a' AND pk = 'b' AND sk = 'c'"),
            "Multiple conditions on same key pk. Only single item Update/Insert/Delete are "
            "supported");
}

TEST(PartiqlTranslate, SetFunctionsNeedTheirTargetAndASet) {
  EXPECT_EQ(error_of("UPDATE t SET s = set_add(x, <<'a'>>) WHERE pk = 'a' AND sk = 'b'"),
            "The first argument to SET_ADD must equal the assignment value");
  EXPECT_EQ(error_of("UPDATE t SET s = set_delete(s, 'a') WHERE pk = 'a' AND sk = 'b'"),
            "The second argument to SET_DELETE must be a value with type SET");
  EXPECT_EQ(error_of("UPDATE t SET s = <<'a', 1>> WHERE pk = 'a' AND sk = 'b'"),
            "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in "
            "bags");
}

TEST(PartiqlTranslate, UpdateActionsApplyAsUpdateItemDoes) {
  Statement statement = parse_statement(
      "UPDATE t SET n = n + 2 SET l = list_append(l, ['y']) REMOVE z WHERE pk = 'p'");
  std::vector<AttributeValue> parameters;
  Translator translator(parameters);
  engine::Item updated = engine::apply_update(item(), translator.actions(statement.updates));
  EXPECT_EQ(updated.at("n"), AttributeValue::number(engine::Number::parse("5")));
  EXPECT_EQ(updated.at("l").as_list().size(), 2u);
  EXPECT_FALSE(updated.contains("z"));
}

}  // namespace
}  // namespace ddb::protocol::partiql
