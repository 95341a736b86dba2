#include "protocol/reads/key_condition.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "engine/error.h"
#include "protocol/expr/parser.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using engine::AttributeValue;
using engine::KeyAttribute;
using engine::KeySchema;
using engine::Number;
using engine::Type;

const KeySchema kComposite = ddb::test::composite_schema("pk", Type::S, "sk", Type::N);
const KeySchema kStringSort = ddb::test::composite_schema("pk", Type::S, "sk", Type::S);
const KeySchema kHashOnly{{"pk", Type::S}, std::nullopt};

// Parses `expression`, resolves it against `attributes_json` (a request with
// ExpressionAttributeNames/Values) and matches it with `schema`.
KeyCondition condition_of(std::string_view expression, std::string_view attributes_json,
                          const KeySchema& schema = kComposite) {
  ExpressionAttributes attributes =
      ExpressionAttributes::from_request(Json::parse(attributes_json), false);
  expr::Condition parsed = expr::parse_condition(expression, expr::ExpressionKind::KeyCondition);
  return match_key_schema(key_predicates(parsed, attributes), schema);
}

// The validation message for the same steps, or "" when they succeed.
std::string error_of(std::string_view expression, std::string_view attributes_json,
                     const KeySchema& schema = kComposite) {
  try {
    condition_of(expression, attributes_json, schema);
  } catch (const engine::Error& e) {
    EXPECT_EQ(e.type(), engine::ErrorType::Validation);
    return e.message();
  }
  return "";
}

AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(const char* text) { return AttributeValue::string(text); }

constexpr std::string_view kPk = R"({"ExpressionAttributeValues":{":p":{"S":"a"}}})";
constexpr std::string_view kPkAndNumber =
    R"({"ExpressionAttributeValues":{":p":{"S":"a"},":v":{"N":"5"}}})";
constexpr std::string_view kPkAndTwoNumbers =
    R"({"ExpressionAttributeValues":{":p":{"S":"a"},":lo":{"N":"1"},":hi":{"N":"9"}}})";

TEST(KeyCondition, EqualityOnThePartitionKeyReadsTheWholePartition) {
  KeyCondition condition = condition_of("pk = :p", kPk);
  EXPECT_EQ(condition.partition, s("a"));
  EXPECT_FALSE(condition.range.lower.has_value());
  EXPECT_FALSE(condition.range.upper.has_value());
  EXPECT_FALSE(condition.single_item);
}

TEST(KeyCondition, EqualityOnBothKeysNamesOneItem) {
  KeyCondition condition = condition_of("pk = :p AND sk = :v", kPkAndNumber);
  EXPECT_TRUE(condition.single_item);
  EXPECT_TRUE(condition.range.contains(n("5")));
  EXPECT_FALSE(condition.range.contains(n("6")));
}

TEST(KeyCondition, EqualityOnTheKeyOfAHashOnlyTableNamesOneItem) {
  EXPECT_TRUE(condition_of("pk = :p", kPk, kHashOnly).single_item);
}

TEST(KeyCondition, AcceptsTheConditionsInEitherOrder) {
  KeyCondition condition = condition_of("sk < :v AND pk = :p", kPkAndNumber);
  EXPECT_EQ(condition.partition, s("a"));
  EXPECT_TRUE(condition.range.contains(n("4.9")));
  EXPECT_FALSE(condition.range.contains(n("5")));
}

TEST(KeyCondition, TurnsComparisonsIntoRanges) {
  EXPECT_TRUE(condition_of("pk = :p AND sk <= :v", kPkAndNumber).range.contains(n("5")));
  EXPECT_FALSE(condition_of("pk = :p AND sk <= :v", kPkAndNumber).range.contains(n("5.1")));
  EXPECT_FALSE(condition_of("pk = :p AND sk > :v", kPkAndNumber).range.contains(n("5")));
  EXPECT_TRUE(condition_of("pk = :p AND sk > :v", kPkAndNumber).range.contains(n("50")));
  EXPECT_TRUE(condition_of("pk = :p AND sk >= :v", kPkAndNumber).range.contains(n("5")));
  EXPECT_FALSE(condition_of("pk = :p AND sk >= :v", kPkAndNumber).range.contains(n("4")));
}

TEST(KeyCondition, MirrorsAComparisonWrittenValueFirst) {
  // ":v > sk" means sk < :v.
  KeyCondition condition = condition_of("pk = :p AND :v > sk", kPkAndNumber);
  EXPECT_TRUE(condition.range.contains(n("4")));
  EXPECT_FALSE(condition.range.contains(n("5")));
  EXPECT_FALSE(condition.range.contains(n("6")));
  KeyCondition partition_first = condition_of(":p = pk", kPk);
  EXPECT_EQ(partition_first.partition, s("a"));
}

TEST(KeyCondition, BetweenIncludesBothBounds) {
  KeyCondition condition = condition_of("pk = :p AND sk BETWEEN :lo AND :hi", kPkAndTwoNumbers);
  EXPECT_TRUE(condition.range.contains(n("1")));
  EXPECT_TRUE(condition.range.contains(n("9")));
  EXPECT_FALSE(condition.range.contains(n("9.5")));
  EXPECT_FALSE(condition.single_item);
}

TEST(KeyCondition, BeginsWithBecomesAPrefixRange) {
  KeyCondition condition = condition_of(
      "pk = :p AND begins_with(sk, :prefix)",
      R"({"ExpressionAttributeValues":{":p":{"S":"a"},":prefix":{"S":"ORDER#"}}})", kStringSort);
  ASSERT_TRUE(condition.range.upper.has_value());
  EXPECT_EQ(condition.range.upper->value, s("ORDER$"));
  EXPECT_TRUE(condition.range.contains(s("ORDER#1")));
  EXPECT_FALSE(condition.range.contains(s("ORDER$")));
}

TEST(KeyCondition, ResolvesNamePlaceholders) {
  KeyCondition condition = condition_of("#k = :p AND #s = :v",
                                        R"({"ExpressionAttributeNames":{"#k":"pk","#s":"sk"},
                       "ExpressionAttributeValues":{":p":{"S":"a"},":v":{"N":"5"}}})");
  EXPECT_TRUE(condition.single_item);
}

TEST(KeyCondition, RejectsAMissingPartitionKeyCondition) {
  EXPECT_EQ(error_of("sk = :v", R"({"ExpressionAttributeValues":{":v":{"N":"5"}}})"),
            "Query condition missed key schema element: pk");
}

TEST(KeyCondition, NamesTheMissingSortKeyWhenTheOtherConditionIsOnANonKeyAttribute) {
  EXPECT_EQ(error_of("pk = :p AND xattr = :v", kPkAndNumber),
            "Query condition missed key schema element: sk");
}

TEST(KeyCondition, RejectsNonEqualityOnThePartitionKey) {
  EXPECT_EQ(error_of("pk < :p", kPk), "Query key condition not supported");
  EXPECT_EQ(error_of("pk >= :p", kPk), "Query key condition not supported");
  EXPECT_EQ(error_of("begins_with(pk, :p)", kPk), "Query key condition not supported");
  EXPECT_EQ(error_of("pk BETWEEN :p AND :q",
                     R"({"ExpressionAttributeValues":{":p":{"S":"a"},":q":{"S":"b"}}})"),
            "Query key condition not supported");
}

TEST(KeyCondition, RejectsOperatorsOtherThanAndAndComparisons) {
  EXPECT_EQ(error_of("pk = :p OR sk = :v", kPkAndNumber),
            "Invalid operator used in KeyConditionExpression: OR");
  EXPECT_EQ(error_of("NOT pk = :p", kPk), "Invalid operator used in KeyConditionExpression: NOT");
  EXPECT_EQ(error_of("pk IN (:p)", kPk), "Invalid operator used in KeyConditionExpression: IN");
  EXPECT_EQ(error_of("pk <> :p", kPk), "Invalid operator used in KeyConditionExpression: <>");
}

TEST(KeyCondition, RejectsConditionFunctionsOtherThanBeginsWith) {
  EXPECT_EQ(error_of("attribute_exists(pk)", "{}"),
            "Invalid operator used in KeyConditionExpression: attribute_exists");
  EXPECT_EQ(error_of("pk = :p AND contains(sk, :v)", kPkAndNumber),
            "Invalid operator used in KeyConditionExpression: contains");
}

TEST(KeyCondition, RejectsSize) {
  EXPECT_EQ(error_of("pk = :p AND size(sk) > :v", kPkAndNumber),
            "KeyConditionExpressions cannot contain nested operations");
}

TEST(KeyCondition, RejectsNestedAttributes) {
  EXPECT_EQ(error_of("pk.a = :p", kPk),
            "KeyConditionExpressions cannot have conditions on nested attributes");
  EXPECT_EQ(error_of("pk = :p AND sk[0] = :v", kPkAndNumber),
            "KeyConditionExpressions cannot have conditions on nested attributes");
}

TEST(KeyCondition, RejectsTwoConditionsOnOneKey) {
  EXPECT_EQ(error_of("sk > :lo AND sk < :hi", kPkAndTwoNumbers),
            "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one "
            "condition per key");
  // Reported before the number of conditions is counted.
  EXPECT_EQ(error_of("pk = :p AND sk > :lo AND sk < :hi", kPkAndTwoNumbers),
            "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one "
            "condition per key");
}

TEST(KeyCondition, RejectsMoreConditionsThanKeyAttributes) {
  EXPECT_EQ(error_of("pk = :p AND sk = :lo AND xattr = :hi", kPkAndTwoNumbers),
            "The number of query conditions (3) exceeds the number of key attributes defined in "
            "the schema (2)");
}

TEST(KeyCondition, RejectsConditionsWithoutExactlyOneAttribute) {
  EXPECT_EQ(error_of("pk = sk", "{}"),
            "Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
            "condition");
  EXPECT_EQ(error_of(":p = :p", kPk),
            "Invalid condition in KeyConditionExpression: No key attribute specified");
}

TEST(KeyCondition, RejectsAValueAsTheFirstOperandOfBetweenOrBeginsWith) {
  EXPECT_EQ(error_of("pk = :p AND :lo BETWEEN sk AND :hi", kPkAndTwoNumbers),
            "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key "
            "attribute as its first operand");
  EXPECT_EQ(error_of("pk = :p AND begins_with(:v, sk)", kPkAndNumber),
            "Invalid condition in KeyConditionExpression: begins_with operator must have the key "
            "attribute as its first operand");
}

TEST(KeyCondition, RejectsAValueOfAnotherTypeThanTheKey) {
  const std::string message =
      "One or more parameter values were invalid: Condition parameter type does not match schema "
      "type";
  EXPECT_EQ(error_of("pk = :v", kPkAndNumber), message);
  EXPECT_EQ(error_of("pk = :p AND sk = :p", kPk), message);
  EXPECT_EQ(error_of("pk = :p AND begins_with(sk, :p)", kPk), message);
  EXPECT_EQ(error_of("pk = :b", R"({"ExpressionAttributeValues":{":b":{"BOOL":true}}})"), message);
}

TEST(KeyCondition, RejectsOperandTypesThatCannotBeOrdered) {
  EXPECT_EQ(error_of("pk = :p AND sk < :b",
                     R"({"ExpressionAttributeValues":{":p":{"S":"a"},":b":{"BOOL":true}}})"),
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: <, operand type: BOOL");
  EXPECT_EQ(error_of("pk = :p AND sk >= :m",
                     R"({"ExpressionAttributeValues":{":p":{"S":"a"},":m":{"M":{}}}})"),
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: >=, operand type: M");
  EXPECT_EQ(error_of("pk = :p AND sk BETWEEN :lo AND :b",
                     R"({"ExpressionAttributeValues":{":p":{"S":"a"},":lo":{"N":"1"},
                         ":b":{"BOOL":true}}})"),
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: BETWEEN, operand type: BOOL");
}

TEST(KeyCondition, RejectsBeginsWithANumberOrBool) {
  EXPECT_EQ(error_of("pk = :p AND begins_with(sk, :v)", kPkAndNumber),
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: begins_with, operand type: N");
  EXPECT_EQ(error_of("pk = :p AND begins_with(sk, :b)",
                     R"({"ExpressionAttributeValues":{":p":{"S":"a"},":b":{"BOOL":false}}})",
                     kStringSort),
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: begins_with, operand type: BOOL");
}

TEST(KeyCondition, RejectsBetweenBoundsOfDifferentTypes) {
  EXPECT_EQ(error_of("pk = :p AND sk BETWEEN :lo AND :hi",
                     R"({"ExpressionAttributeValues":{":p":{"S":"a"},":lo":{"N":"1"},
                         ":hi":{"S":"a"}}})"),
            "Invalid KeyConditionExpression: The BETWEEN operator requires same data type for "
            "lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound "
            "operand: AttributeValue: {S:a}");
}

TEST(KeyCondition, RejectsBetweenBoundsInTheWrongOrder) {
  EXPECT_EQ(error_of("pk = :p AND sk BETWEEN :lo AND :hi",
                     R"({"ExpressionAttributeValues":{":p":{"S":"a"},":lo":{"S":"b"},
                         ":hi":{"S":"a"}}})",
                     kStringSort),
            "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be "
            "greater than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, "
            "upper bound operand: AttributeValue: {S:a}");
  // Numbers compare by value: 10 > 9 although "10" < "9" as text.
  EXPECT_EQ(error_of("pk = :p AND sk BETWEEN :lo AND :hi",
                     R"({"ExpressionAttributeValues":{":p":{"S":"a"},":lo":{"N":"10"},
                         ":hi":{"N":"9"}}})"),
            "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be "
            "greater than or equal to lower bound; lower bound operand: AttributeValue: {N:10}, "
            "upper bound operand: AttributeValue: {N:9}");
}

TEST(KeyCondition, AcceptsBetweenWithEqualBounds) {
  EXPECT_EQ(error_of("pk = :p AND sk BETWEEN :lo AND :hi",
                     R"({"ExpressionAttributeValues":{":p":{"S":"a"},":lo":{"N":"1.0"},
                         ":hi":{"N":"1"}}})"),
            "");
}

TEST(KeyCondition, RejectsAnEmptyStringKeyValue) {
  EXPECT_EQ(error_of("pk = :e", R"({"ExpressionAttributeValues":{":e":{"S":""}}})"),
            "One or more parameter values are not valid. The AttributeValue for a key attribute "
            "cannot contain an empty string value. Key: pk");
}

TEST(KeyCondition, RejectsUndefinedPlaceholders) {
  EXPECT_EQ(error_of("pk = :missing", kPk),
            "Invalid KeyConditionExpression: An expression attribute value used in expression is "
            "not defined; attribute value: :missing");
  EXPECT_EQ(error_of("#k = :p", kPk),
            "Invalid KeyConditionExpression: An expression attribute name used in the document "
            "path is not defined; attribute name: #k");
}

}  // namespace
}  // namespace ddb::protocol
