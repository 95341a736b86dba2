#include "protocol/expr/parser.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <variant>

#include "engine/error.h"
#include "protocol/expr/ast.h"
#include "protocol/expr/checks.h"

namespace ddb::protocol::expr {
namespace {

constexpr ExpressionKind kCond = ExpressionKind::Condition;
constexpr ExpressionKind kFilter = ExpressionKind::Filter;
constexpr ExpressionKind kKey = ExpressionKind::KeyCondition;

// The message of the ValidationException that `parse` throws, or "<no error>".
template <typename F>
std::string error_of(F parse) {
  try {
    parse();
  } catch (const engine::Error& e) {
    EXPECT_EQ(e.type(), engine::ErrorType::Validation);
    return e.message();
  }
  return "<no error>";
}

std::string condition_error(std::string_view text, ExpressionKind kind) {
  return error_of([&] { parse_condition(text, kind); });
}
std::string update_error(std::string_view text) {
  return error_of([&] { parse_update(text); });
}
std::string projection_error(std::string_view text) {
  return error_of([&] { parse_projection(text); });
}
std::string operand_count_error(std::string_view text, ExpressionKind kind) {
  return error_of([&] { check_operand_counts(parse_condition(text, kind), kind); });
}
std::string update_operand_count_error(std::string_view text) {
  return error_of([&] { check_operand_counts(parse_update(text)); });
}

std::string repeat(std::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

struct Good {
  std::string_view text;
  std::string_view tree;
};

struct Bad {
  std::string_view text;
  std::string_view message;
};

struct BadKind {
  std::string_view text;
  ExpressionKind kind;
  std::string_view message;
};

// ---------------------------------------------------------------------------------------------
// Conditions that parse, shown fully parenthesized.

TEST(ConditionParser, ParsesComparisonsPathsAndFunctions) {
  const Good cases[] = {
      {"a = :v", "(a = :v)"},
      {"#n <> :v", "(#n <> :v)"},
      {"a < b", "(a < b)"},
      {"a <= b", "(a <= b)"},
      {"a > b", "(a > b)"},
      {"a >= b", "(a >= b)"},
      {"a=:v", "(a = :v)"},
      {"  a  =  :v  ", "(a = :v)"},
      {"a.b.c = :v", "(a.b.c = :v)"},
      {"a[0].b[12] = :v", "(a[0].b[12] = :v)"},
      {"#a.#b[3] = :v", "(#a.#b[3] = :v)"},
      {"a.b.c[1][2] = :v", "(a.b.c[1][2] = :v)"},
      {"a[4294967294] = :v", "(a[4294967294] = :v)"},
      {":a < :b", "(:a < :b)"},
      {"#_ > a", "(#_ > a)"},
      {"a BETWEEN :lo AND :hi", "(a BETWEEN :lo AND :hi)"},
      {"a between :lo and :hi", "(a BETWEEN :lo AND :hi)"},
      {"(a)between(b.c.d)and(c)", "(a BETWEEN b.c.d AND c)"},
      {"a IN (:x)", "(a IN (:x))"},
      {"a in (:x, :y, b)", "(a IN (:x, :y, b))"},
      {"attribute_exists(a)", "attribute_exists(a)"},
      {"attribute_not_exists(#a.b)", "attribute_not_exists(#a.b)"},
      {"attribute_type(a, :t)", "attribute_type(a, :t)"},
      {"begins_with(a, :p)", "begins_with(a, :p)"},
      {"contains(a, :v)", "contains(a, :v)"},
      {"contains(a, size(b))", "contains(a, size(b))"},
      {"size(a) > :n", "(size(a) > :n)"},
      {":n < size(a.b)", "(:n < size(a.b))"},
      {"size(a) = size(b)", "(size(a) = size(b))"},
      {"(a) = :v", "(a = :v)"},
      {"a = (:v)", "(a = :v)"},
      {"(size(a)) > :n", "(size(a) > :n)"},
      {"(a = :v)", "(a = :v)"},
      {"(attribute_exists(a))", "attribute_exists(a)"},
  };
  for (const Good& c : cases) {
    EXPECT_EQ(to_string(parse_condition(c.text, kCond)), c.tree) << c.text;
  }
}

TEST(ConditionParser, AppliesDynamoDbPrecedence) {
  const Good cases[] = {
      {"a = :a AND b = :b", "((a = :a) AND (b = :b))"},
      {"a = :a AND b = :b AND c = :c", "((a = :a) AND ((b = :b) AND (c = :c)))"},
      {"a = :a OR b = :b OR c = :c", "((a = :a) OR ((b = :b) OR (c = :c)))"},
      {"a = :a OR b = :b AND c = :c", "((a = :a) OR ((b = :b) AND (c = :c)))"},
      {"a = :a AND b = :b OR c = :c", "(((a = :a) AND (b = :b)) OR (c = :c))"},
      {"NOT a = :a", "(NOT (a = :a))"},
      {"not a = :a and b = :b", "((NOT (a = :a)) AND (b = :b))"},
      {"NOT a = :a OR b = :b", "((NOT (a = :a)) OR (b = :b))"},
      {"NOT NOT attribute_exists(a)", "(NOT (NOT attribute_exists(a)))"},
      {"NOT (a = :a OR b = :b)", "(NOT ((a = :a) OR (b = :b)))"},
      {"(a = :a OR b = :b) AND c = :c", "(((a = :a) OR (b = :b)) AND (c = :c))"},
      {"a BETWEEN :lo AND :hi AND b = :b", "((a BETWEEN :lo AND :hi) AND (b = :b))"},
      {"a IN (:a) OR b IN (:b, :c)", "((a IN (:a)) OR (b IN (:b, :c)))"},
      {"begins_with(a, :p) OR NOT contains(b, :c)",
       "(begins_with(a, :p) OR (NOT contains(b, :c)))"},
      {"(attribute_exists(a)) AND b = :b", "(attribute_exists(a) AND (b = :b))"},
      {"((attribute_exists(a)) AND b = :b)", "(attribute_exists(a) AND (b = :b))"},
      {"(attribute_not_exists(pk) AND (attribute_not_exists(#s)))",
       "(attribute_not_exists(pk) AND attribute_not_exists(#s))"},
      {"(attribute_not_exists(pk)) AND (attribute_not_exists(#s))",
       "(attribute_not_exists(pk) AND attribute_not_exists(#s))"},
      {"a = :v AND (b = :w OR (c = :x AND d = :y))",
       "((a = :v) AND ((b = :w) OR ((c = :x) AND (d = :y))))"},
      {"NOT (NOT a = :v)", "(NOT (NOT (a = :v)))"},
      {"(NOT a = :v)", "(NOT (a = :v))"},
  };
  for (const Good& c : cases) {
    EXPECT_EQ(to_string(parse_condition(c.text, kFilter)), c.tree) << c.text;
  }
}

TEST(ConditionParser, ParsesKeyConditions) {
  EXPECT_EQ(to_string(parse_condition("pk = :pk AND begins_with(sk, :p)", kKey)),
            "((pk = :pk) AND begins_with(sk, :p))");
  EXPECT_EQ(to_string(parse_condition("#pk = :pk and #sk between :a and :b", kKey)),
            "((#pk = :pk) AND (#sk BETWEEN :a AND :b))");
}

TEST(ConditionParser, KeepsPlaceholdersAndPathStepsInTheTree) {
  const Condition condition = parse_condition("#a.b[7] = :v", kCond);
  const auto& comparison = std::get<Comparison>(condition.node);
  EXPECT_EQ(comparison.op, Comparator::Eq);
  const Path& path = std::get<Path>(comparison.left.node);
  ASSERT_EQ(path.elements.size(), 3u);
  EXPECT_EQ(path.elements[0].kind, PathElement::Kind::NamePlaceholder);
  EXPECT_EQ(path.elements[0].name, "#a");
  EXPECT_EQ(path.elements[1].kind, PathElement::Kind::Name);
  EXPECT_EQ(path.elements[1].name, "b");
  EXPECT_EQ(path.elements[2].kind, PathElement::Kind::Index);
  EXPECT_EQ(path.elements[2].index, 7u);
  EXPECT_EQ(std::get<ValueRef>(comparison.right.node).name, ":v");
}

TEST(ConditionParser, AcceptsAnExpressionOfExactly4096Bytes) {
  const std::string text = std::string(4090, 'a') + " = :vv";
  ASSERT_EQ(text.size(), 4096u);
  EXPECT_EQ(condition_error(text, kCond), "<no error>");
}

TEST(ConditionParser, AcceptsThreeHundredOperators) {
  // 150 comparisons, 149 ANDs and one NOT.
  const std::string text = "NOT " + repeat("a = :v AND ", 149) + "a = :v";
  EXPECT_EQ(condition_error(text, kCond), "<no error>");
}

// ---------------------------------------------------------------------------------------------
// Conditions DynamoDB rejects.

TEST(ConditionParser, RejectsEmptyExpressionsNamingTheParameter) {
  EXPECT_EQ(condition_error("", kCond),
            "Invalid ConditionExpression: The expression can not be empty;");
  EXPECT_EQ(condition_error("", kFilter),
            "Invalid FilterExpression: The expression can not be empty;");
  EXPECT_EQ(condition_error("", kKey),
            "Invalid KeyConditionExpression: The expression can not be empty;");
}

TEST(ConditionParser, RejectsSyntaxErrorsQuotingTokenAndNeighbours) {
  const BadKind cases[] = {
      {"a =", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "=")m"},
      {"a = ", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "= ")m"},
      {"   ", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "")m"},
      {"a = :v AND", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "AND")m"},
      {"a = :v AND AND b = :c", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "AND", near: "AND AND b")m"},
      {"a = :v and or b = :c", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "or", near: "and or b")m"},
      {"a > 4", kFilter, R"m(Invalid FilterExpression: Syntax error; token: "4", near: "> 4")m"},
      {"attribute_exists(Pictures-RearView)", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "-", near: "Pictures-RearView")m"},
      {"attribute_exists(\"Pictures.RearView\")", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: ""Pictures.RearView"", near: "("Pictures.RearView")")m"},
      {"attribute_exists(Pictures..RearView)", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: ".", near: "..RearView")m"},
      {"attribute_exists(Pi#ctures.RearView)", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "#ctures", near: "Pi#ctures.")m"},
      {"attribute_exists(asdf[a])", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "a", near: "[a]")m"},
      {"a.:a < b.:b", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: ":a", near: ".:a <")m"},
      {"a in b, c", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "b", near: "in b,")m"},
      {"a > between", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "between", near: "> between")m"},
      {"a in (b,c,)", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: ")", near: ",)")m"},
      {"(a)between(b.(c.d))and(c)", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "(", near: ".(c")m"},
      {"(a)between(b.c.d)and((c)", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "<EOF>", near: ")")m"},
      {"#$.b > a", kFilter, R"m(Invalid FilterExpression: Syntax error; token: "#", near: "#$")m"},
      {"a > :things.stuff", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: ".", near: ":things.stuff")m"},
      {"b[:a] > a", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: ":a", near: "[:a]")m"},
      {"b[#_] > a", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "#_", near: "[#_]")m"},
      {"\xC3\xBC > a", kFilter,
       "Invalid FilterExpression: Syntax error; token: \"\xC3\xBC\", near: \"\xC3\xBC >\""},
      {"size(a).b > a", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: ".", near: ").b")m"},
      {"(size(a)).b > a", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: ".", near: ").b")m"},
      {"size(a)[0] > a", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "[", near: ")[0")m"},
      {"things are not gonna be ok", kFilter,
       R"m(Invalid FilterExpression: Syntax error; token: "are", near: "things are not")m"},
      {"a = b c", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "c", near: "b c")m"},
      {"a = :v)", kCond, R"m(Invalid ConditionExpression: Syntax error; token: ")", near: ":v)")m"},
      {"(a = :v", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: ":v")m"},
      {"a BETWEEN :lo", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: ":lo")m"},
      {"a BETWEEN :lo OR :hi", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "OR", near: ":lo OR :hi")m"},
      {"a IN ()", kCond, R"m(Invalid ConditionExpression: Syntax error; token: ")", near: "()")m"},
      {"a IN (:a", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: ":a")m"},
      {"attribute_type()", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: ")", near: "()")m"},
      {"f(", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "(")m"},
      {"NOT", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "NOT")m"},
      {"a = :v AND NOT", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "NOT")m"},
      {"(NOT a)", kCond, R"m(Invalid ConditionExpression: Syntax error; token: ")", near: "a)")m"},
      {"((a) AND b = :v)", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "AND", near: ") AND b")m"},
      {"a = :v :w", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: ":w", near: ":v :w")m"},
      {"a = 'x'", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "'x'", near: "= 'x'")m"},
      {"a = 1", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "1", near: "= 1")m"},
      {"a == :v", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "=", near: "== :v")m"},
      {"a != :v", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "!", near: "a !=")m"},
      {"a = :v;", kCond, R"m(Invalid ConditionExpression: Syntax error; token: ";", near: ":v;")m"},
      {"a = -1", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "-", near: "= -1")m"},
      {"SET a = :v", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "SET", near: "SET a")m"},
      {"a + b = :v", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "+", near: "a + b")m"},
      {"a = :v OR", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "OR")m"},
      {"a.in = :v", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "in", near: ".in =")m"},
      {"a[] = :v", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "]", near: "[] =")m"},
      {"a[001] = :v", kCond,
       R"m(Invalid ConditionExpression: Syntax error; token: "0", near: "001")m"},
      {":v", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: ":v")m"},
      {"a", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "a")m"},
      {"#", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "#", near: "#")m"},
      {"_a = :v", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "_", near: "_a")m"},
      {"((a))", kCond, R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: ")")m"},
      {"begins_with(LSI_SK_1, G_M#)", kKey,
       R"m(Invalid KeyConditionExpression: Syntax error; token: "#", near: "G_M#)")m"},
  };
  for (const BadKind& c : cases) EXPECT_EQ(condition_error(c.text, c.kind), c.message) << c.text;
}

TEST(ConditionParser, RejectsRedundantParentheses) {
  const std::string_view cases[] = {
      "a = :v AND ((b = :w))",
      "((a = :v))",
      "((a)) = :v",
      "a = ((:v))",
      "a=a and a > ((views))",
      "(a)between(((b.c)).d)and(c)",
      "a > whatever((:things), ((a)))",
      "a=a AND ((a=a AND a=a)) AND a=a",
      "a=a OR ((a=a OR a=a)) OR a=a",
      "a=a OR ((a=a OR (a=a OR a=a)))",
      "((attribute_exists(a)))",
      "((size(a))) = :v",
      "(((a))) = ",
      "(#k_patientId=:v_patientId AND #k_id=:v_id) AND ((attribute_not_exists(#k_synctime) OR "
      "#k_synctime<=:v_synctime))",
  };
  for (std::string_view text : cases) {
    EXPECT_EQ(condition_error(text, kFilter),
              "Invalid FilterExpression: The expression has redundant parentheses;")
        << text;
  }
}

TEST(ConditionParser, RejectsUnknownFunctionNamesCaseSensitively) {
  const BadKind cases[] = {
      {"a=a and whatever((:things)) > a", kFilter,
       "Invalid FilterExpression: Invalid function name; function: whatever"},
      {"attRIbute_exIsts((views), #a)", kFilter,
       "Invalid FilterExpression: Invalid function name; function: attRIbute_exIsts"},
      {"ATTRIBUTE_EXISTS(a)", kCond,
       "Invalid ConditionExpression: Invalid function name; function: ATTRIBUTE_EXISTS"},
      {"foo(s)", kCond, "Invalid ConditionExpression: Invalid function name; function: foo"},
      {"foo(name)", kCond, "Invalid ConditionExpression: Invalid function name; function: foo"},
      {"Size(a) > :n", kCond, "Invalid ConditionExpression: Invalid function name; function: Size"},
  };
  for (const BadKind& c : cases) EXPECT_EQ(condition_error(c.text, c.kind), c.message) << c.text;
}

TEST(ConditionParser, RejectsFunctionsUsedInTheWrongPlace) {
  const char* const prefix =
      "Invalid FilterExpression: The function is not allowed to be used this way in an expression; "
      "function: ";
  const Bad cases[] = {
      {"a=a and attribute_exists((views), (#a)) > b", "attribute_exists"},
      {"attribute_not_exists(things) > b", "attribute_not_exists"},
      {"attribute_type(things, :a) > b", "attribute_type"},
      {"begins_with(things, a) > b", "begins_with"},
      {"contains(:things, c) > b", "contains"},
      {"size(contains(a, b)) > a", "contains"},
      {"size(things)", "size"},
      {"a between b and attribute_exists(things)", "attribute_exists"},
      {"a in (b, attribute_exists(things))", "attribute_exists"},
      {"size(name)", "size"},
  };
  for (const Bad& c : cases) {
    EXPECT_EQ(condition_error(c.text, kFilter), std::string(prefix) + std::string(c.message))
        << c.text;
  }
}

TEST(ConditionParser, RejectsUpdateFunctionsInConditions) {
  EXPECT_EQ(condition_error("if_not_exists(a, :v) = :v", kCond),
            "Invalid ConditionExpression: The function is not allowed in a condition expression; "
            "function: if_not_exists");
  EXPECT_EQ(condition_error("a = list_append(a, :l)", kFilter),
            "Invalid FilterExpression: The function is not allowed in a condition expression; "
            "function: list_append");
  EXPECT_EQ(condition_error("if_not_exists(a, :v)", kCond),
            "Invalid ConditionExpression: The function is not allowed in a condition expression; "
            "function: if_not_exists");
}

TEST(ConditionParser, RejectsReservedWordsAsBareNames) {
  const BadKind cases[] = {
      {"attribute_exists(views, #a)", kFilter,
       "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: views"},
      {":a < abOrT", kFilter,
       "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: abOrT"},
      {"name = :v", kCond,
       "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: name"},
      {"a.name = :v", kCond,
       "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: name"},
      {"#n.status = :v", kCond,
       "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: "
       "status"},
      {"hash = :v_hash", kKey,
       "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: "
       "hash"},
      {"size = :v", kCond,
       "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: size"},
      {"a = :v AND Date > :d AND time < :t", kCond,
       "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: Date"},
  };
  for (const BadKind& c : cases) EXPECT_EQ(condition_error(c.text, c.kind), c.message) << c.text;
}

TEST(ConditionParser, AllowsReservedWordsBehindPlaceholders) {
  EXPECT_EQ(to_string(parse_condition("#name = :name", kCond)), "(#name = :name)");
}

TEST(ConditionParser, RejectsExpressionsOver4096Bytes) {
  const std::string text = std::string(4091, 'a') + " = :vv";
  EXPECT_EQ(condition_error(text, kFilter),
            "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: 4097");
}

TEST(ConditionParser, RejectsMoreThan300Operators) {
  // 151 comparisons and 150 ANDs.
  const std::string text = repeat("a = :v AND ", 150) + "a = :v";
  EXPECT_EQ(condition_error(text, kFilter),
            "Invalid FilterExpression: The expression contains too many operators; operator count: "
            "301");
}

TEST(ConditionParser, RejectsDeepNestingWithoutExhaustingTheStack) {
  EXPECT_EQ(condition_error(std::string(100000, '('), kCond),
            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: 100000");
  EXPECT_EQ(condition_error(repeat("NOT ", 1000) + "a=:v", kCond),
            "Invalid ConditionExpression: The expression contains too many operators; operator "
            "count: 1001");
  EXPECT_EQ(condition_error(std::string(2000, '(') + "a=:v" + std::string(2000, ')'), kCond),
            "Invalid ConditionExpression: The expression has redundant parentheses;");
  EXPECT_NE(condition_error(std::string(4096, '('), kCond), "<no error>");
  EXPECT_NE(condition_error(repeat("(NOT ", 819), kCond), "<no error>");
  EXPECT_NE(condition_error("a = " + repeat("size(", 800), kCond), "<no error>");
}

TEST(ConditionParser, AcceptsNestingUpToTheOperatorLimit) {
  // 299 NOTs, each in its own group, and one comparison: 300 operators.
  const std::string text = repeat("(NOT ", 299) + "a = :v" + std::string(299, ')');
  EXPECT_EQ(condition_error(text, kCond), "<no error>");
  EXPECT_EQ(update_error("SET a = " + repeat("if_not_exists(a, ", 200) + ":v" + repeat(")", 200)),
            "<no error>");
}

// issue 20: DynamoDB refuses list_append nested in list_append, not if_not_exists inside it.
TEST(UpdateParser, RejectsListAppendInsideListAppend) {
  EXPECT_EQ(update_error("SET l = list_append(list_append(l, :v), :v)"),
            "Invalid UpdateExpression: The function is not allowed to be used this way in an "
            "expression; function: list_append");
  EXPECT_EQ(update_error("SET l = list_append(:v, list_append(l, :v))"),
            "Invalid UpdateExpression: The function is not allowed to be used this way in an "
            "expression; function: list_append");
  EXPECT_EQ(update_error("SET l = list_append(if_not_exists(l, :e), :v)"), "<no error>");
}

TEST(ProjectionParser, RejectsPathsDeeperThan32) {
  EXPECT_EQ(projection_error("m" + repeat(".m", 31)), "<no error>");
  EXPECT_EQ(projection_error("m" + repeat(".m", 32)),
            "Invalid ProjectionExpression: The document path has too many nesting levels; "
            "nesting levels: 33");
  EXPECT_EQ(projection_error("a, l" + repeat("[0]", 33)),
            "Invalid ProjectionExpression: The document path has too many nesting levels; "
            "nesting levels: 34");
}

TEST(ConditionParser, RejectsListIndexesOutOfRange) {
  EXPECT_EQ(condition_error("a[4294967295] = :v", kCond),
            "Invalid ConditionExpression: List index is not within the allowable range; index: "
            "[4294967295]");
  // A syntax error anywhere comes first.
  EXPECT_EQ(condition_error("a[4294967295] = ", kCond),
            R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "= ")m");
}

TEST(ConditionParser, ChecksProblemsInDynamoDbOrder) {
  // Redundant parentheses are found while parsing, before unknown functions.
  EXPECT_EQ(condition_error("a > whatever((:things), ((a)))", kCond),
            "Invalid ConditionExpression: The expression has redundant parentheses;");
  // Unknown function before misuse and reserved words.
  EXPECT_EQ(condition_error("size(name) AND foo(a)", kCond),
            "Invalid ConditionExpression: Invalid function name; function: foo");
  // Misuse before reserved words.
  EXPECT_EQ(condition_error("name = :v AND attribute_exists(a) > :v", kCond),
            "Invalid ConditionExpression: The function is not allowed to be used this way in an "
            "expression; function: attribute_exists");
  // Operand counts are left for after placeholder resolution.
  EXPECT_EQ(condition_error("begins_with(:hello, #a, #b)", kFilter), "<no error>");
}

// ---------------------------------------------------------------------------------------------
// Operand counts, checked after resolution.

TEST(ConditionOperandCounts, RejectsWrongNumberOfFunctionOperands) {
  const char* const prefix =
      "Invalid FilterExpression: Incorrect number of operands for operator or function; operator "
      "or "
      "function: ";
  const Bad cases[] = {
      {"attribute_exists(things, a) and a=a", "attribute_exists, number of operands: 2"},
      {"attribute_not_exists(things, b)", "attribute_not_exists, number of operands: 2"},
      {"attribute_type(things)", "attribute_type, number of operands: 1"},
      {"begins_with(things)", "begins_with, number of operands: 1"},
      {"begins_with(things, size(a), b)", "begins_with, number of operands: 3"},
      {"contains(things)", "contains, number of operands: 1"},
      {"size(things, a) > b", "size, number of operands: 2"},
      {"a = :v OR contains(a, size(b, c))", "size, number of operands: 2"},
  };
  for (const Bad& c : cases) {
    EXPECT_EQ(operand_count_error(c.text, kFilter), std::string(prefix) + std::string(c.message))
        << c.text;
  }
}

TEST(ConditionOperandCounts, AcceptsCorrectCounts) {
  EXPECT_EQ(
      operand_count_error("attribute_exists(a) AND begins_with(b, :p) AND size(c) > :n", kCond),
      "<no error>");
}

TEST(ConditionOperandCounts, LimitsInToOneHundredCandidates) {
  std::string in100 = "a IN (:v0";
  for (int i = 1; i < 100; ++i) in100 += ", :v" + std::to_string(i);
  EXPECT_EQ(operand_count_error(in100 + ")", kCond), "<no error>");
  EXPECT_EQ(operand_count_error(in100 + ", :v100)", kCond),
            "Invalid ConditionExpression: Too many operands for the operator or function; operator "
            "or function: IN, number of operands: 101");
}

// ---------------------------------------------------------------------------------------------
// UpdateExpression.

TEST(UpdateParser, ParsesClausesInAnyOrder) {
  const Good cases[] = {
      {"SET a = :v", "SET a = :v"},
      {"set a = :v, b = :w", "SET a = :v, SET b = :w"},
      {"SET a = b + :n", "SET a = (b + :n)"},
      {"SET a = :n - b", "SET a = (:n - b)"},
      {"SET a = if_not_exists(a, :zero) + :one", "SET a = (if_not_exists(a, :zero) + :one)"},
      {"SET l = list_append(l, :items)", "SET l = list_append(l, :items)"},
      {"SET l = list_append(if_not_exists(l, :empty), :items)",
       "SET l = list_append(if_not_exists(l, :empty), :items)"},
      {"SET a = (b + c)", "SET a = (b + c)"},
      {"SET a = (b) + (c)", "SET a = (b + c)"},
      {"SET a = (b)", "SET a = b"},
      {"SET a.b[2].#c = :v", "SET a.b[2].#c = :v"},
      {"SET #a = #b", "SET #a = #b"},
      {"REMOVE a, b.c[1]", "REMOVE a, REMOVE b.c[1]"},
      {"ADD n :one, s :items", "ADD n :one, ADD s :items"},
      {"DELETE s :items", "DELETE s :items"},
      {"SET a = :v REMOVE b ADD c :n DELETE d :s", "SET a = :v, REMOVE b, ADD c :n, DELETE d :s"},
      {"remove b set a = :v", "REMOVE b, SET a = :v"},
      {"  SET   a=:v  ", "SET a = :v"},
      {"add a :v delete b :w", "ADD a :v, DELETE b :w"},
  };
  for (const Good& c : cases) EXPECT_EQ(to_string(parse_update(c.text)), c.tree) << c.text;
}

TEST(UpdateParser, RecordsClauseOrderAndActionValues) {
  const UpdateExpression update = parse_update("REMOVE x SET a = b - :n ADD c :one");
  ASSERT_EQ(update.clauses.size(), 3u);
  EXPECT_EQ(update.clauses[0], UpdateClause::Remove);
  EXPECT_EQ(update.clauses[1], UpdateClause::Set);
  EXPECT_EQ(update.clauses[2], UpdateClause::Add);
  ASSERT_EQ(update.actions.size(), 3u);
  EXPECT_FALSE(update.actions[0].value.has_value());
  const auto& arithmetic = std::get<Arithmetic>(update.actions[1].value->node);
  EXPECT_EQ(arithmetic.op, ArithmeticOp::Minus);
  EXPECT_EQ(std::get<ValueRef>(update.actions[2].value->node).name, ":one");
}

TEST(UpdateParser, RejectsSyntaxErrors) {
  const Bad cases[] = {
      {"", "Invalid UpdateExpression: The expression can not be empty;"},
      {"SET", R"m(Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "SET")m"},
      {"INVALID SYNTAX HERE",
       R"m(Invalid UpdateExpression: Syntax error; token: "INVALID", near: "INVALID SYNTAX")m"},
      {"ADD hits : incr",
       R"m(Invalid UpdateExpression: Syntax error; token: ":", near: "hits : incr")m"},
      {"whatever",
       R"m(Invalid UpdateExpression: Syntax error; token: "whatever", near: "whatever")m"},
      {"set a", R"m(Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "a")m"},
      {"add a", R"m(Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "a")m"},
      {"delete a", R"m(Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "a")m"},
      {"set a=set", R"m(Invalid UpdateExpression: Syntax error; token: "set", near: "=set")m"},
      {"remove a = b", R"m(Invalid UpdateExpression: Syntax error; token: "=", near: "a = b")m"},
      {"add a = b", R"m(Invalid UpdateExpression: Syntax error; token: "=", near: "a = b")m"},
      {"delete a b", R"m(Invalid UpdateExpression: Syntax error; token: "b", near: "a b")m"},
      {"set a b", R"m(Invalid UpdateExpression: Syntax error; token: "b", near: "a b")m"},
      {"set :a = b", R"m(Invalid UpdateExpression: Syntax error; token: ":a", near: "set :a =")m"},
      {"remove :a", R"m(Invalid UpdateExpression: Syntax error; token: ":a", near: "remove :a")m"},
      {"set a = b / c", R"m(Invalid UpdateExpression: Syntax error; token: "/", near: "b / c")m"},
      {"set a = b * c", R"m(Invalid UpdateExpression: Syntax error; token: "*", near: "b * c")m"},
      {"set a[1] = \"eight\"",
       R"m(Invalid UpdateExpression: Syntax error; token: ""eight"", near: "= "eight"")m"},
      {"set a[1] = 1", R"m(Invalid UpdateExpression: Syntax error; token: "1", near: "= 1")m"},
      {"SET if_not_exist(a, b) = a",
       R"m(Invalid UpdateExpression: Syntax error; token: "(", near: "if_not_exist(a")m"},
      {"set (a = (b + c))",
       R"m(Invalid UpdateExpression: Syntax error; token: "(", near: "set (a")m"},
      {"set a = (b.c).d + e",
       R"m(Invalid UpdateExpression: Syntax error; token: ".", near: ").d")m"},
      {"set a = (b.c)[0] + e",
       R"m(Invalid UpdateExpression: Syntax error; token: "[", near: ")[0")m"},
      {"set a = b + c + d",
       R"m(Invalid UpdateExpression: Syntax error; token: "+", near: "c + d")m"},
      {"set a = (b + c) - d",
       R"m(Invalid UpdateExpression: Syntax error; token: "-", near: ") - d")m"},
      {"SET a = :v,", R"m(Invalid UpdateExpression: Syntax error; token: "<EOF>", near: ",")m"},
      {"SET a = :v SET",
       R"m(Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "SET")m"},
      {"SET a = if_not_exists(a, :v + :w)",
       R"m(Invalid UpdateExpression: Syntax error; token: "+", near: ":v + :w")m"},
      {"SET a = :v, 0", R"m(Invalid UpdateExpression: Syntax error; token: "0", near: ", 0")m"},
      {"SET a = :v WHERE b = :w",
       R"m(Invalid UpdateExpression: Syntax error; token: "WHERE", near: ":v WHERE b")m"},
  };
  for (const Bad& c : cases) EXPECT_EQ(update_error(c.text), c.message) << c.text;
}

TEST(UpdateParser, RejectsRedundantParentheses) {
  const std::string_view cases[] = {"set a = ((b + c))", "set a = ((b))", "set a = ((b)) + c",
                                    "set a = b + ((c))", "set a = list_append(((b)), c)"};
  for (std::string_view text : cases) {
    EXPECT_EQ(update_error(text),
              "Invalid UpdateExpression: The expression has redundant parentheses;")
        << text;
  }
}

TEST(UpdateParser, RejectsRepeatedClauses) {
  const Bad cases[] = {
      {"SET a = :v SET b = :w",
       R"m(Invalid UpdateExpression: The "SET" section can only be used once in an update expression;)m"},
      {"set a = #c set c = :d",
       R"m(Invalid UpdateExpression: The "SET" section can only be used once in an update expression;)m"},
      {"remove #d set a = b remove e",
       R"m(Invalid UpdateExpression: The "REMOVE" section can only be used once in an update expression;)m"},
      {"add #d :e set a = b add e :f",
       R"m(Invalid UpdateExpression: The "ADD" section can only be used once in an update expression;)m"},
      {"delete #d :e set a = b delete #e :f",
       R"m(Invalid UpdateExpression: The "DELETE" section can only be used once in an update expression;)m"},
  };
  for (const Bad& c : cases) EXPECT_EQ(update_error(c.text), c.message) << c.text;
}

TEST(UpdateParser, RejectsFunctionsAndReservedWords) {
  const Bad cases[] = {
      {" set #c = :c set abOrt = true ",
       "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: abOrt"},
      {" remove Absolute ",
       "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: "
       "Absolute"},
      {"set #c = if_not_exist(:c) set c = d",
       "Invalid UpdateExpression: Invalid function name; function: if_not_exist"},
      {"SET a = foo(b)", "Invalid UpdateExpression: Invalid function name; function: foo"},
      {"SET a = size(b)",
       "Invalid UpdateExpression: The function is not allowed in an update expression; function: "
       "size"},
      {"SET a = contains(b, :v)",
       "Invalid UpdateExpression: The function is not allowed in an update expression; function: "
       "contains"},
      {"SET a = attribute_exists(b)",
       "Invalid UpdateExpression: The function is not allowed in an update expression; function: "
       "attribute_exists"},
      {"SET name = :v",
       "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: name"},
      {"SET a = status",
       "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: status"},
      {"SET a = if_not_exists(size, :v)",
       "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: size"},
      {"ADD #a.visits :n, total :n",
       "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: total"},
      {"SET a[4294967295] = :v",
       "Invalid UpdateExpression: List index is not within the allowable range; index: "
       "[4294967295]"},
  };
  for (const Bad& c : cases) EXPECT_EQ(update_error(c.text), c.message) << c.text;
}

TEST(UpdateOperandCounts, RejectsWrongNumberOfFunctionOperands) {
  const Bad cases[] = {
      {"set a = if_not_exists(c)",
       "Invalid UpdateExpression: Incorrect number of operands for operator or function; operator "
       "or function: if_not_exists, number of operands: 1"},
      {"set a = list_append(c)",
       "Invalid UpdateExpression: Incorrect number of operands for operator or function; operator "
       "or function: list_append, number of operands: 1"},
      {"set a = :x, b = list_append(a, b, c)",
       "Invalid UpdateExpression: Incorrect number of operands for operator or function; operator "
       "or function: list_append, number of operands: 3"},
      {"set a = list_append(if_not_exists(a), b)",
       "Invalid UpdateExpression: Incorrect number of operands for operator or function; operator "
       "or function: if_not_exists, number of operands: 1"},
  };
  for (const Bad& c : cases) EXPECT_EQ(update_operand_count_error(c.text), c.message) << c.text;
}

// ---------------------------------------------------------------------------------------------
// ProjectionExpression.

TEST(ProjectionParser, ParsesCommaSeparatedPaths) {
  const Good cases[] = {
      {"a", "a"},          {"a, b.c, #d[1]", "a, b.c, #d[1]"}, {"a[0][1].b", "a[0][1].b"},
      {" a , b ", "a, b"}, {"#a.#b, #c", "#a.#b, #c"},         {"l[4294967294]", "l[4294967294]"},
  };
  for (const Good& c : cases) EXPECT_EQ(to_string(parse_projection(c.text)), c.tree) << c.text;
}

TEST(ProjectionParser, RejectsBadPaths) {
  const Bad cases[] = {
      {"", "Invalid ProjectionExpression: The expression can not be empty;"},
      {"l[a]", R"m(Invalid ProjectionExpression: Syntax error; token: "a", near: "[a]")m"},
      {"l[]", R"m(Invalid ProjectionExpression: Syntax error; token: "]", near: "[]")m"},
      {"l[001]", R"m(Invalid ProjectionExpression: Syntax error; token: "0", near: "001")m"},
      {"l[0000000000001]",
       R"m(Invalid ProjectionExpression: Syntax error; token: "0", near: "000")m"},
      {"l[\xEF\xBC\x91\xEF\xBC\x92\xEF\xBC\x93]",
       "Invalid ProjectionExpression: Syntax error; token: \"\xEF\xBC\x91\", near: "
       "\"[\xEF\xBC\x91\xEF\xBC\x92\""},
      {"l[999999999999999999999]",
       "Invalid ProjectionExpression: List index is not within the allowable range; index: "
       "[999999999999999999999]"},
      {"l[4294967295]",
       "Invalid ProjectionExpression: List index is not within the allowable range; index: "
       "[4294967295]"},
      {"a,", R"m(Invalid ProjectionExpression: Syntax error; token: "<EOF>", near: ",")m"},
      {"a,,b", R"m(Invalid ProjectionExpression: Syntax error; token: ",", near: ",,b")m"},
      {"a b", R"m(Invalid ProjectionExpression: Syntax error; token: "b", near: "a b")m"},
      {"size(a)", R"m(Invalid ProjectionExpression: Syntax error; token: "(", near: "size(a")m"},
      {":v", R"m(Invalid ProjectionExpression: Syntax error; token: ":v", near: ":v")m"},
      {"a.", R"m(Invalid ProjectionExpression: Syntax error; token: "<EOF>", near: ".")m"},
      {"name",
       "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: "
       "name"},
      {"a.b.Name",
       "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: "
       "Name"},
  };
  for (const Bad& c : cases) EXPECT_EQ(projection_error(c.text), c.message) << c.text;
}

}  // namespace
}  // namespace ddb::protocol::expr
