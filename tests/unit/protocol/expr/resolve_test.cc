// Resolution of parsed expressions into engine trees: placeholders, the engine's shapes, and the
// static checks DynamoDB makes before it reads the item, with its messages (architect/dynalite's
// grammars, recorded against DynamoDB; paritysuite captures; AWS responses quoted in GitHub
// issues).

#include "protocol/expr/resolve.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"
#include "protocol/expr/parser.h"
#include "protocol/json/value_json.h"

namespace ddb::protocol::expr {
namespace {

using engine::AttributeValue;
using nlohmann::json;
using OperandKind = engine::Operand::Kind;
using ConditionKind = engine::Condition::Kind;

ExpressionAttributes attributes_of(const json& names, const json& values) {
  json request = json::object();
  if (!names.empty()) request["ExpressionAttributeNames"] = names;
  if (!values.empty()) request["ExpressionAttributeValues"] = values;
  return ExpressionAttributes::from_request(request, false);
}

std::string condition_error(const std::string& text, const json& names = json::object(),
                            const json& values = json::object(),
                            ExpressionKind kind = ExpressionKind::Condition) {
  ExpressionAttributes attributes = attributes_of(names, values);
  try {
    resolve_condition(parse_condition(text, kind), kind, attributes);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

std::string update_error(const std::string& text, const json& names = json::object(),
                         const json& values = json::object()) {
  ExpressionAttributes attributes = attributes_of(names, values);
  try {
    resolve_update(parse_update(text), attributes);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

std::string projection_error(const std::string& text, const json& names = json::object()) {
  ExpressionAttributes attributes = attributes_of(names, json::object());
  try {
    resolve_projection(parse_projection(text), attributes);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

const json kN = {{":n", {{"N", "1"}}}};
const json kS = {{":s", {{"S", "x"}}}};

engine::PathStep step(const char* name) { return {name, 0, false}; }
engine::PathStep index(uint32_t i) { return {"", i, true}; }

TEST(ResolveCondition, ResolvesNamesAndValuesIntoTheEngineTree) {
  ExpressionAttributes attributes =
      attributes_of({{"#a", "Price"}}, {{":v", {{"N", "5"}}}, {":p", {{"S", "x"}}}});
  engine::Condition condition = resolve_condition(
      parse_condition("#a.b[2] < :v AND NOT begins_with(c, :p)", ExpressionKind::Condition),
      ExpressionKind::Condition, attributes);
  ASSERT_EQ(condition.kind, ConditionKind::And);
  const engine::Condition& compare = condition.children[0];
  EXPECT_EQ(compare.kind, ConditionKind::Compare);
  EXPECT_EQ(compare.comparator, engine::Comparator::Lt);
  EXPECT_EQ(compare.operands[0].kind, OperandKind::Path);
  EXPECT_EQ(compare.operands[0].path, (engine::DocumentPath{step("Price"), step("b"), index(2)}));
  EXPECT_EQ(compare.operands[1].kind, OperandKind::Value);
  EXPECT_EQ(compare.operands[1].value, AttributeValue::number(engine::Number::parse("5")));
  EXPECT_EQ(condition.children[1].kind, ConditionKind::Not);
  EXPECT_EQ(condition.children[1].children[0].kind, ConditionKind::BeginsWith);
  EXPECT_NO_THROW(attributes.check_all_used());
}

TEST(ResolveCondition, SizeOfAPathKeepsThePath) {
  ExpressionAttributes attributes = attributes_of(json::object(), kN);
  engine::Condition condition =
      resolve_condition(parse_condition("size(a.b) > :n", ExpressionKind::Filter),
                        ExpressionKind::Filter, attributes);
  const engine::Operand& size = condition.operands[0];
  EXPECT_EQ(size.kind, OperandKind::Size);
  EXPECT_EQ(size.path, (engine::DocumentPath{step("a"), step("b")}));
  EXPECT_TRUE(size.operands.empty());
}

TEST(ResolveCondition, ReportsUndefinedPlaceholders) {
  EXPECT_EQ(condition_error("#a = :n", json::object(), kN),
            "Invalid ConditionExpression: An expression attribute name used in the document path "
            "is not defined; attribute name: #a");
  EXPECT_EQ(condition_error("a = :v", json::object(), kN, ExpressionKind::Filter),
            "Invalid FilterExpression: An expression attribute value used in expression is not "
            "defined; attribute value: :v");
}

TEST(ResolveCondition, ReportsOperandCountsAfterResolution) {
  EXPECT_EQ(condition_error("begins_with(a)"),
            "Invalid ConditionExpression: Incorrect number of operands for operator or function; "
            "operator or function: begins_with, number of operands: 1");
  // The undefined value in the same function is reported first.
  EXPECT_EQ(condition_error("begins_with(a, :x, :y)"),
            "Invalid ConditionExpression: An expression attribute value used in expression is not "
            "defined; attribute value: :x");
}

TEST(ResolveCondition, RejectsIdenticalOperands) {
  EXPECT_EQ(condition_error("contains(#a, #a)", {{"#a", "data"}}),
            "Invalid ConditionExpression: The first operand must be distinct from the remaining "
            "operands for this operator or function; operator: contains, first operand: [data]");
  EXPECT_EQ(condition_error("a.b = a.b"),
            "Invalid ConditionExpression: The first operand must be distinct from the remaining "
            "operands for this operator or function; operator: =, first operand: [a, b]");
}

TEST(ResolveCondition, RejectsOperandTypesKnownFromValues) {
  EXPECT_EQ(condition_error("begins_with(a, :n)", json::object(), kN, ExpressionKind::Filter),
            "Invalid FilterExpression: Incorrect operand type for operator or function; operator "
            "or function: begins_with, operand type: N");
  EXPECT_EQ(condition_error("begins_with(size(a), :s)", json::object(), kS),
            "Invalid ConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: begins_with, operand type: N");
  EXPECT_EQ(condition_error("size(:n) > :n", json::object(), kN),
            "Invalid ConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: size, operand type: N");
  EXPECT_EQ(condition_error("a < :b", json::object(), {{":b", {{"BOOL", true}}}}),
            "Invalid ConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: <, operand type: BOOL");
  EXPECT_EQ(condition_error("attribute_exists(:s)", json::object(), kS),
            "Invalid ConditionExpression: Operator or function requires a document path; "
            "operator or function: attribute_exists");
}

TEST(ResolveCondition, ChecksAttributeTypeNames) {
  EXPECT_EQ(condition_error("attribute_type(a, :n)", json::object(), kN),
            "Invalid ConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: attribute_type, operand type: N");
  EXPECT_EQ(condition_error("attribute_type(a, :s)", json::object(), kS),
            "Invalid ConditionExpression: Invalid attribute type name found; type: x, valid "
            "types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
  EXPECT_EQ(condition_error("attribute_type(a, :t)", json::object(), {{":t", {{"S", "NULL"}}}}),
            "");
}

TEST(ResolveCondition, ChecksBetweenBounds) {
  EXPECT_EQ(condition_error("a BETWEEN :lo AND :hi", json::object(),
                            {{":lo", {{"N", "1"}}}, {":hi", {{"S", "a"}}}}),
            "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower "
            "and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: "
            "AttributeValue: {S:a}");
  EXPECT_EQ(condition_error("a BETWEEN :lo AND :hi", json::object(),
                            {{":lo", {{"S", "b"}}}, {":hi", {{"S", "a"}}}}),
            "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater "
            "than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, upper "
            "bound operand: AttributeValue: {S:a}");
}

TEST(ResolveCondition, ReportsTheFirstLeafsProblemFirst) {
  // DynamoDB checks one comparison or function at a time: a type error in the first wins over an
  // undefined name in the second.
  EXPECT_EQ(condition_error("begins_with(a, :n) AND #x = :n", json::object(), kN),
            "Invalid ConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: begins_with, operand type: N");
}

TEST(ResolveUpdate, BuildsActionsInSourceOrder) {
  ExpressionAttributes attributes =
      attributes_of({{"#c", "count"}}, {{":one", {{"N", "1"}}}, {":l", {{"L", json::array()}}}});
  auto actions = resolve_update(
      parse_update("SET a = if_not_exists(a, :one) + :one, b = list_append(:l, b) REMOVE c[1] "
                   "ADD #c :one"),
      attributes);
  ASSERT_EQ(actions.size(), 4u);
  EXPECT_EQ(actions[0].kind, engine::UpdateAction::Kind::Set);
  const engine::Operand& add = actions[0].value;
  EXPECT_EQ(add.kind, OperandKind::Add);
  EXPECT_EQ(add.operands[0].kind, OperandKind::IfNotExists);
  EXPECT_EQ(add.operands[0].path, (engine::DocumentPath{step("a")}));
  ASSERT_EQ(add.operands[0].operands.size(), 1u);
  EXPECT_EQ(add.operands[0].operands[0].kind, OperandKind::Value);
  EXPECT_EQ(actions[1].value.kind, OperandKind::ListAppend);
  EXPECT_EQ(actions[2].kind, engine::UpdateAction::Kind::Remove);
  EXPECT_EQ(actions[2].path, (engine::DocumentPath{step("c"), index(1)}));
  EXPECT_EQ(actions[3].kind, engine::UpdateAction::Kind::Add);
  EXPECT_EQ(actions[3].path, (engine::DocumentPath{step("count")}));
}

TEST(ResolveUpdate, ReportsUndefinedNamesBeforeUndefinedValues) {
  EXPECT_EQ(update_error("SET a = :v, #b = :w"),
            "Invalid UpdateExpression: An expression attribute name used in the document path is "
            "not defined; attribute name: #b");
  EXPECT_EQ(update_error("SET #c = if_not_exists(:c)"),
            "Invalid UpdateExpression: An expression attribute name used in the document path is "
            "not defined; attribute name: #c");
}

TEST(ResolveUpdate, RejectsOverlappingAndConflictingPaths) {
  EXPECT_EQ(update_error("SET f = :n REMOVE f", json::object(), kN),
            "Invalid UpdateExpression: Two document paths overlap with each other; must remove or "
            "rewrite one of these paths; path one: [f], path two: [f]");
  EXPECT_EQ(update_error("SET a.b = :n, a[0] = :n", json::object(), kN),
            "Invalid UpdateExpression: Two document paths conflict with each other; must remove "
            "or rewrite one of these paths; path one: [a, b], path two: [a, [0]]");
  EXPECT_EQ(update_error("SET a[0] = :n, a[1] = :n, a.b.c = :n, a.b = :n", json::object(), kN),
            "Invalid UpdateExpression: Two document paths overlap with each other; must remove or "
            "rewrite one of these paths; path one: [a, b, c], path two: [a, b]");
}

TEST(ResolveUpdate, ChecksAddAndDeleteValueTypes) {
  EXPECT_EQ(update_error("ADD a :s", json::object(), kS),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: "
            "ADD, operand type: STRING");
  EXPECT_EQ(update_error("DELETE a :n", json::object(), kN),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: "
            "DELETE, operand type: NUMBER");
  EXPECT_EQ(update_error("ADD a :m", json::object(), {{":m", {{"M", json::object()}}}}),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: "
            "ADD, operand type: MAP");
  EXPECT_EQ(update_error("ADD a :ss DELETE b :ss", json::object(), {{":ss", {{"SS", {"x"}}}}}), "");
}

TEST(ResolveUpdate, ChecksSetFunctionOperands) {
  EXPECT_EQ(update_error("SET a = if_not_exists(:n, :n)", json::object(), kN),
            "Invalid UpdateExpression: Operator or function requires a document path; operator "
            "or function: if_not_exists");
  EXPECT_EQ(update_error("SET a = list_append(a, :s)", json::object(), kS),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; operator "
            "or function: list_append, operand type: S");
  EXPECT_EQ(update_error("SET a = a - :s", json::object(), kS),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; operator "
            "or function: -, operand type: S");
  EXPECT_EQ(update_error("SET a = list_append(a)"),
            "Invalid UpdateExpression: Incorrect number of operands for operator or function; "
            "operator or function: list_append, number of operands: 1");
}

TEST(ResolveProjection, ResolvesPathsAndRejectsOverlaps) {
  ExpressionAttributes attributes = attributes_of({{"#n", "name"}}, json::object());
  auto paths = resolve_projection(parse_projection("#n, a.b[1]"), attributes);
  EXPECT_EQ(paths,
            (std::vector<engine::DocumentPath>{{step("name")}, {step("a"), step("b"), index(1)}}));
  EXPECT_EQ(projection_error("a, a.b"),
            "Invalid ProjectionExpression: Two document paths overlap with each other; must "
            "remove or rewrite one of these paths; path one: [a], path two: [a, b]");
  EXPECT_EQ(projection_error("#u"),
            "Invalid ProjectionExpression: An expression attribute name used in the document path "
            "is not defined; attribute name: #u");
}

}  // namespace
}  // namespace ddb::protocol::expr
