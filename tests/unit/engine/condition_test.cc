#include "engine/condition.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

#include "tests/unit/engine/expression_test_values.h"

namespace ddb::engine {
namespace {

using namespace test_values;
using Kind = Condition::Kind;

Condition leaf(Kind kind, std::initializer_list<Operand> operands) {
  Condition condition;
  condition.kind = kind;
  condition.operands = operands;
  return condition;
}
Condition compare(Operand left, Comparator comparator, Operand right) {
  Condition condition = leaf(Kind::Compare, {std::move(left), std::move(right)});
  condition.comparator = comparator;
  return condition;
}
Condition logical(Kind kind, std::initializer_list<Condition> children) {
  Condition condition;
  condition.kind = kind;
  condition.children = children;
  return condition;
}
Operand p(const char* text) { return path_operand(text); }
Operand v(AttributeValue value) { return value_operand(std::move(value)); }

const Item kItem = item({
    {"num", n("1")},
    {"two", n("2")},
    {"str", s("cat")},
    {"bin", b("cat")},
    {"yes", boolean(true)},
    {"nil", null()},
    {"list", l({n("2"), s("dog"), ss({"a"}), l({n("3")})})},
    {"map", m({{"x", n("1")}, {"y", l({n("-1"), n("2"), n("0")})}})},
    {"strs", ss({"hello", "world"})},
    {"nums", ns({"2", "4", "7"})},
    {"bins", bs({"xyz", "hi"})},
    {"uni", s("\xC3\xA9\xF0\x9D\x84\x9E")},
});

struct Case {
  const char* name;
  Condition condition;
  bool expected;
};

void run(const std::vector<Case>& cases) {
  for (const Case& c : cases) EXPECT_EQ(evaluate(c.condition, kItem), c.expected) << c.name;
}

TEST(EvaluateCondition, EqualityComparesAnyTypeDeeply) {
  run({
      {"number spellings", compare(p("num"), Comparator::Eq, v(n("1.0"))), true},
      {"numbers differ", compare(p("num"), Comparator::Eq, v(n("2"))), false},
      {"string", compare(p("str"), Comparator::Eq, v(s("cat"))), true},
      {"string is not binary", compare(p("str"), Comparator::Eq, v(b("cat"))), false},
      {"number is not string", compare(p("num"), Comparator::Eq, v(s("1"))), false},
      {"boolean", compare(p("yes"), Comparator::Eq, v(boolean(true))), true},
      {"boolean is not number", compare(p("yes"), Comparator::Eq, v(n("1"))), false},
      {"null", compare(p("nil"), Comparator::Eq, v(null())), true},
      {"set in any order", compare(p("strs"), Comparator::Eq, v(ss({"world", "hello"}))), true},
      {"number set by value", compare(p("nums"), Comparator::Eq, v(ns({"7.0", "4", "2"}))), true},
      {"set with a member fewer", compare(p("nums"), Comparator::Eq, v(ns({"2", "4"}))), false},
      {"nested map",
       compare(p("map"), Comparator::Eq,
               v(m({{"y", l({n("-1"), n("2"), n("0")})}, {"x", n("1")}}))),
       true},
      {"list order matters", compare(p("map.y"), Comparator::Eq, v(l({n("2"), n("-1"), n("0")}))),
       false},
      {"two paths", compare(p("map.x"), Comparator::Eq, p("num")), true},
      {"missing attribute", compare(p("nope"), Comparator::Eq, v(n("1"))), false},
      {"two missing attributes", compare(p("nope"), Comparator::Eq, p("gone")), false},
  });
}

TEST(EvaluateCondition, NotEqualIsTrueWhenEitherSideIsMissing) {
  run({
      {"different numbers", compare(p("num"), Comparator::Ne, v(n("3"))), true},
      {"equal numbers", compare(p("num"), Comparator::Ne, p("map.x")), false},
      {"different types", compare(p("num"), Comparator::Ne, v(s("1"))), true},
      {"missing attribute", compare(p("nope"), Comparator::Ne, v(n("1"))), true},
      {"two missing attributes", compare(p("nope"), Comparator::Ne, p("gone")), true},
  });
}

TEST(EvaluateCondition, OrderingComparesNumbersStringsAndBinariesOfOneType) {
  run({
      {"1 < 2", compare(p("num"), Comparator::Lt, v(n("2"))), true},
      {"1 < 1", compare(p("num"), Comparator::Lt, v(n("1"))), false},
      {"1 <= 1", compare(p("num"), Comparator::Le, v(n("1"))), true},
      {"1 > 0.5", compare(p("num"), Comparator::Gt, v(n("0.5"))), true},
      {"1 >= 2", compare(p("num"), Comparator::Ge, p("two")), false},
      {"numbers by value, not text", compare(v(n("9")), Comparator::Lt, v(n("10"))), true},
      {"cat < dog", compare(p("str"), Comparator::Lt, v(s("dog"))), true},
      {"cat > aardvark", compare(p("str"), Comparator::Gt, v(s("aardvark"))), true},
      {"strings by bytes", compare(v(s("Z")), Comparator::Lt, v(s("a"))), true},
      {"binary cat < dog", compare(p("bin"), Comparator::Lt, v(b("dog"))), true},
      {"binary by unsigned bytes", compare(v(b("\x7F")), Comparator::Lt, v(b("\x80"))), true},
      {"number vs string", compare(p("num"), Comparator::Lt, v(s("17"))), false},
      {"string vs binary", compare(p("str"), Comparator::Le, v(b("cat"))), false},
      {"list from the item", compare(p("list"), Comparator::Lt, v(n("1"))), false},
      {"booleans are not ordered", compare(p("yes"), Comparator::Ge, v(boolean(true))), false},
      {"missing attribute", compare(p("nope"), Comparator::Lt, v(n("1"))), false},
      {"missing on the right", compare(v(n("1")), Comparator::Gt, p("nope")), false},
      {"two missing", compare(p("nope"), Comparator::Le, p("gone")), false},
  });
}

TEST(EvaluateCondition, BetweenIncludesBothBoundsOfTheSameType) {
  run({
      {"inside", leaf(Kind::Between, {p("num"), v(n("0")), v(n("2"))}), true},
      {"on both bounds", leaf(Kind::Between, {p("num"), v(n("1")), v(n("1"))}), true},
      {"below", leaf(Kind::Between, {p("num"), v(n("2")), v(n("7"))}), false},
      {"strings", leaf(Kind::Between, {p("str"), v(s("aardvark")), v(s("dog"))}), true},
      {"binaries", leaf(Kind::Between, {p("bin"), v(b("cat")), v(b("cat"))}), true},
      {"bounds of another type", leaf(Kind::Between, {p("num"), v(s("0")), v(s("2"))}), false},
      {"bounds from the item in the wrong order",
       leaf(Kind::Between, {p("num"), p("two"), v(n("1"))}), false},
      {"missing value", leaf(Kind::Between, {p("nope"), v(n("0")), v(n("2"))}), false},
      {"missing bound", leaf(Kind::Between, {p("num"), p("nope"), v(n("2"))}), false},
      {"lists are not ordered", leaf(Kind::Between, {p("num"), p("list"), p("map.y")}), false},
  });
}

TEST(EvaluateCondition, InIsTrueWhenAnyCandidateIsEqual) {
  run({
      {"one candidate", leaf(Kind::In, {p("num"), v(n("1"))}), true},
      {"mixed candidate types", leaf(Kind::In, {p("num"), v(s("dog")), v(n("1.00"))}), true},
      {"no candidate equal", leaf(Kind::In, {p("num"), v(s("1")), v(n("2"))}), false},
      {"candidate from the item", leaf(Kind::In, {p("map.x"), p("two"), p("num")}), true},
      {"maps", leaf(Kind::In, {p("map"), v(m({{"x", n("1")}})), p("map")}), true},
      {"missing value", leaf(Kind::In, {p("nope"), p("gone"), v(n("1"))}), false},
  });
}

TEST(EvaluateCondition, AttributeExistsLooksAtThePathOnly) {
  run({
      {"top level", leaf(Kind::AttributeExists, {p("num")}), true},
      {"null value exists", leaf(Kind::AttributeExists, {p("nil")}), true},
      {"nested", leaf(Kind::AttributeExists, {p("map.y[2]")}), true},
      {"missing", leaf(Kind::AttributeExists, {p("nope")}), false},
      {"past the end", leaf(Kind::AttributeExists, {p("map.y[3]")}), false},
      {"not exists of missing", leaf(Kind::AttributeNotExists, {p("map.z")}), true},
      {"not exists of present", leaf(Kind::AttributeNotExists, {p("list[3][0]")}), false},
  });
}

TEST(EvaluateCondition, AttributeTypeMatchesDynamoDbTypeNames) {
  struct Named {
    const char* path;
    const char* type;
  };
  const std::vector<Named> named = {
      {"str", "S"}, {"num", "N"},  {"bin", "B"},   {"yes", "BOOL"}, {"nil", "NULL"},
      {"map", "M"}, {"list", "L"}, {"strs", "SS"}, {"nums", "NS"},  {"bins", "BS"},
  };
  for (std::size_t i = 0; i < named.size(); ++i) {
    const char* other_type = named[(i + 1) % named.size()].type;
    EXPECT_TRUE(evaluate(leaf(Kind::AttributeType, {p(named[i].path), v(s(named[i].type))}), kItem))
        << named[i].path;
    EXPECT_FALSE(evaluate(leaf(Kind::AttributeType, {p(named[i].path), v(s(other_type))}), kItem))
        << named[i].path << " is not " << other_type;
  }
  run({
      {"missing attribute", leaf(Kind::AttributeType, {p("nope"), v(s("S"))}), false},
      {"constant operand", leaf(Kind::AttributeType, {v(n("0")), v(s("N"))}), true},
      {"lower-case name", leaf(Kind::AttributeType, {p("str"), v(s("s"))}), false},
  });
}

TEST(EvaluateCondition, BeginsWithTakesStringsAndBinariesOfOneType) {
  run({
      {"string prefix", leaf(Kind::BeginsWith, {p("str"), v(s("ca"))}), true},
      {"whole string", leaf(Kind::BeginsWith, {p("str"), v(s("cat"))}), true},
      {"empty prefix", leaf(Kind::BeginsWith, {p("str"), v(s(""))}), true},
      {"longer than the value", leaf(Kind::BeginsWith, {p("str"), v(s("cats"))}), false},
      {"not a prefix", leaf(Kind::BeginsWith, {p("str"), v(s("dog"))}), false},
      {"binary prefix", leaf(Kind::BeginsWith, {p("bin"), v(b("c"))}), true},
      {"string value, binary prefix", leaf(Kind::BeginsWith, {p("str"), v(b("c"))}), false},
      {"number from the item", leaf(Kind::BeginsWith, {p("num"), v(s("1"))}), false},
      {"missing attribute", leaf(Kind::BeginsWith, {p("nope"), v(s("c"))}), false},
      {"both from the item", leaf(Kind::BeginsWith, {v(s("cathedral")), p("str")}), true},
  });
}

TEST(EvaluateCondition, ContainsFindsSubstringsSetMembersAndListElements) {
  run({
      {"substring", leaf(Kind::Contains, {p("str"), v(s("at"))}), true},
      {"not a substring", leaf(Kind::Contains, {p("str"), v(s("dog"))}), false},
      {"binary substring", leaf(Kind::Contains, {p("bin"), v(b("at"))}), true},
      {"string in binary", leaf(Kind::Contains, {p("bin"), v(s("at"))}), false},
      {"string set member", leaf(Kind::Contains, {p("strs"), v(s("world"))}), true},
      {"string set substring is not a member", leaf(Kind::Contains, {p("strs"), v(s("wor"))}),
       false},
      {"number set member by value", leaf(Kind::Contains, {p("nums"), v(n("4.0"))}), true},
      {"number set non-member", leaf(Kind::Contains, {p("nums"), v(n("5"))}), false},
      {"string in a number set", leaf(Kind::Contains, {p("nums"), v(s("4"))}), false},
      {"binary set member", leaf(Kind::Contains, {p("bins"), v(b("hi"))}), true},
      {"list element", leaf(Kind::Contains, {p("list"), v(s("dog"))}), true},
      {"list element set", leaf(Kind::Contains, {p("list"), v(ss({"a"}))}), true},
      {"list element list", leaf(Kind::Contains, {p("list"), v(l({n("3")}))}), true},
      {"list element of another type", leaf(Kind::Contains, {p("list"), v(s("2"))}), false},
      {"number haystack", leaf(Kind::Contains, {p("num"), v(n("1"))}), false},
      {"map haystack", leaf(Kind::Contains, {p("map"), v(s("x"))}), false},
      {"missing haystack", leaf(Kind::Contains, {p("nope"), v(s("x"))}), false},
      {"missing needle", leaf(Kind::Contains, {p("str"), p("nope")}), false},
  });
}

TEST(EvaluateCondition, SizeComparesAsANumberAndIsAbsentForScalars) {
  const auto size_is = [](const char* path, Comparator comparator, const char* number) {
    return compare(size_operand(path), comparator, v(n(number)));
  };
  run({
      {"string length", size_is("str", Comparator::Eq, "3"), true},
      {"UTF-16 length", size_is("uni", Comparator::Eq, "3"), true},
      {"not the UTF-8 length", size_is("uni", Comparator::Eq, "6"), false},
      {"binary length", size_is("bin", Comparator::Eq, "3"), true},
      {"set members", size_is("nums", Comparator::Eq, "3"), true},
      {"list elements", size_is("list", Comparator::Eq, "4"), true},
      {"map members", size_is("map", Comparator::Eq, "2"), true},
      {"nested list", size_is("map.y", Comparator::Gt, "2"), true},
      {"less than", size_is("str", Comparator::Lt, "7"), true},
      {"size of a number", size_is("num", Comparator::Eq, "1"), false},
      {"size of a boolean", size_is("yes", Comparator::Eq, "1"), false},
      {"size of null", size_is("nil", Comparator::Eq, "1"), false},
      {"size of a missing path", size_is("nope", Comparator::Ge, "0"), false},
      {"compared with a string", compare(size_operand("str"), Comparator::Eq, v(s("3"))), false},
      {"compared with the item", compare(size_operand("list"), Comparator::Eq, p("map.y[1]")),
       false},
      {"between", leaf(Kind::Between, {size_operand("str"), v(n("1")), p("two")}), false},
      {"in", leaf(Kind::In, {size_operand("map"), v(n("1")), p("two")}), true},
  });
}

TEST(EvaluateCondition, CombinesWithAndOrNot) {
  const Condition yes = compare(p("num"), Comparator::Lt, p("two"));
  const Condition no = compare(p("two"), Comparator::Lt, p("num"));
  run({
      {"true AND true", logical(Kind::And, {yes, yes}), true},
      {"true AND false", logical(Kind::And, {yes, no}), false},
      {"false OR true", logical(Kind::Or, {no, yes}), true},
      {"false OR false", logical(Kind::Or, {no, no}), false},
      {"NOT false", logical(Kind::Not, {no}), true},
      {"NOT NOT true", logical(Kind::Not, {logical(Kind::Not, {yes})}), true},
      {"NOT of a missing comparison", logical(Kind::Not, {compare(p("x"), Comparator::Eq, p("y"))}),
       true},
      {"nested", logical(Kind::And, {logical(Kind::Or, {no, yes}), logical(Kind::Not, {no})}),
       true},
  });
}

TEST(EvaluateCondition, TreatsAnEmptyItemAsHavingNoAttributes) {
  const Item none;
  EXPECT_TRUE(evaluate(leaf(Kind::AttributeNotExists, {p("pk")}), none));
  EXPECT_FALSE(evaluate(leaf(Kind::AttributeExists, {p("pk")}), none));
  EXPECT_FALSE(evaluate(compare(p("a"), Comparator::Eq, v(n("1"))), none));
  EXPECT_TRUE(evaluate(compare(p("a"), Comparator::Ne, v(n("1"))), none));
}

}  // namespace
}  // namespace ddb::engine
