#include "engine/update.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/error.h"
#include "tests/unit/engine/expression_test_values.h"

namespace ddb::engine {
namespace {

using namespace test_values;
using ActionKind = UpdateAction::Kind;

UpdateAction set(const char* target, Operand value) {
  return UpdateAction{ActionKind::Set, path(target), std::move(value)};
}
UpdateAction set(const char* target, AttributeValue value) {
  return set(target, value_operand(std::move(value)));
}
UpdateAction remove(const char* target) {
  return UpdateAction{ActionKind::Remove, path(target), {}};
}
UpdateAction add(const char* target, AttributeValue value) {
  return UpdateAction{ActionKind::Add, path(target), value_operand(std::move(value))};
}
UpdateAction del(const char* target, AttributeValue value) {
  return UpdateAction{ActionKind::Delete, path(target), value_operand(std::move(value))};
}

struct Case {
  const char* name;
  Item before;
  std::vector<UpdateAction> actions;
  Item after;
};

void run(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    try {
      EXPECT_EQ(apply_update(c.before, c.actions), c.after) << c.name;
    } catch (const Error& error) {
      ADD_FAILURE() << c.name << ": " << error.message();
    }
  }
}

const char* const kMissing =
    "The provided expression refers to an attribute that does not exist in the item";
const char* const kIncorrectType = "An operand in the update expression has an incorrect data type";
const char* const kInvalidPath =
    "The document path provided in the update expression is invalid for update";

struct ErrorCase {
  const char* name;
  Item before;
  std::vector<UpdateAction> actions;
  std::string message;
};

void run_errors(const std::vector<ErrorCase>& cases) {
  for (const ErrorCase& c : cases) {
    try {
      apply_update(c.before, c.actions);
      ADD_FAILURE() << c.name << ": no error";
    } catch (const Error& error) {
      EXPECT_EQ(error.type(), ErrorType::Validation) << c.name;
      EXPECT_EQ(error.message(), c.message) << c.name;
    }
  }
}

TEST(ApplyUpdate, SetWritesTopLevelAndNestedValues) {
  run({
      {"new attribute",
       item({{"p", s("k")}}),
       {set("b", n("4"))},
       item({{"p", s("k")}, {"b", n("4")}})},
      {"replaces a value of another type",
       item({{"a", s("hi")}}),
       {set("a", l({n("1")}))},
       item({{"a", l({n("1")})}})},
      {"copies an attribute",
       item({{"a", s("hi")}}),
       {set("b", path_operand("a"))},
       item({{"a", s("hi")}, {"b", s("hi")}})},
      {"map key",
       item({{"a", m({{"b", n("3")}, {"c", n("4")}})}}),
       {set("a.c", n("7"))},
       item({{"a", m({{"b", n("3")}, {"c", n("7")}})}})},
      {"new map key",
       item({{"a", m({{"b", n("3")}})}}),
       {set("a.d", n("3"))},
       item({{"a", m({{"b", n("3")}, {"d", n("3")}})}})},
      {"list element",
       item({{"a", l({s("one"), s("two"), s("three")})}}),
       {set("a[1]", s("hello"))},
       item({{"a", l({s("one"), s("hello"), s("three")})}})},
      {"deep path",
       item({{"a", m({{"c", l({s("hi"), m({{"x", m({{"y", l({n("3"), n("5")})}})}})})}})}}),
       {set("a.c[1].x.y[1]", n("9"))},
       item({{"a", m({{"c", l({s("hi"), m({{"x", m({{"y", l({n("3"), n("9")})}})}})})}})}})},
      {"if_not_exists keeps an existing value",
       item({{"a", n("2")}}),
       {set("a", if_not_exists("a", value_operand(n("3"))))},
       item({{"a", n("2")}})},
      {"arithmetic on the attribute itself",
       item({{"a", n("2")}}),
       {set("a", call(Operand::Kind::Add, path_operand("a"), value_operand(n("3"))))},
       item({{"a", n("5")}})},
  });
}

TEST(ApplyUpdate, SetPastTheEndOfAListAppendsInIndexOrder) {
  run({
      {"one append",
       item({{"a", l({s("one"), s("two"), s("three")})}}),
       {set("a[7]", s("hello"))},
       item({{"a", l({s("one"), s("two"), s("three"), s("hello")})}})},
      {"appends sorted by index",
       item({{"a", l({s("one")})}}),
       {set("a[84]", s("a1")), set("a[37]", s("a2")), set("a[17]", s("a3")), set("a[50]", s("a4"))},
       item({{"a", l({s("one"), s("a3"), s("a2"), s("a4"), s("a1")})}})},
      {"index equal to the length appends once",
       item({{"a", l({n("0")})}}),
       {set("a[2]", n("2")), set("a[1]", n("1"))},
       item({{"a", l({n("0"), n("1"), n("2")})}})},
      {"empty list", item({{"a", l({})}}), {set("a[0]", n("0"))}, item({{"a", l({n("0")})}})},
  });
}

TEST(ApplyUpdate, ComputesEverySetValueFromTheItemBeforeTheUpdate) {
  run({
      {"swap",
       item({{"a", n("1")}, {"b", n("2")}}),
       {set("a", path_operand("b")), set("b", path_operand("a"))},
       item({{"a", n("2")}, {"b", n("1")}})},
      {"copy of a removed attribute",
       item({{"a", s("hello")}}),
       {remove("a"), set("b", path_operand("a"))},
       item({{"b", s("hello")}})},
      {"list_append of the old list",
       item({{"a", l({n("1")})}}),
       {set("a", call(Operand::Kind::ListAppend, path_operand("a"), path_operand("a")))},
       item({{"a", l({n("1"), n("1")})}})},
  });
  run_errors({
      {"reads a value set in the same update",
       item({}),
       {set("x", n("4")), set("y", path_operand("x"))},
       kMissing},
  });
}

TEST(ApplyUpdate, RemoveDeletesAttributesMapKeysAndListElements) {
  run({
      {"top-level attribute",
       item({{"a", s("hello")}, {"b", s("hi")}}),
       {remove("a")},
       item({{"b", s("hi")}})},
      {"missing attribute is a no-op", item({{"a", n("1")}}), {remove("c")}, item({{"a", n("1")}})},
      {"missing map key is a no-op",
       item({{"a", m({{"x", n("3")}})}}),
       {remove("a.y")},
       item({{"a", m({{"x", n("3")}})}})},
      {"index past the end is a no-op",
       item({{"a", l({n("4"), n("5"), n("6")})}}),
       {remove("a[17]")},
       item({{"a", l({n("4"), n("5"), n("6")})}})},
      {"last map key leaves an empty map",
       item({{"a", m({{"b", n("1")}})}}),
       {remove("a.b")},
       item({{"a", m({})}})},
      {"last element leaves an empty list",
       item({{"a", l({n("1")})}}),
       {remove("a[0]")},
       item({{"a", l({})}})},
      {"nested",
       item({{"a", m({{"b", n("3")},
                      {"c", l({s("hi"), m({{"x", m({{"y", l({n("3"), n("5"), n("7")})}})},
                                           {"q", n("2")}})})}})}}),
       {remove("a.c[1].x.y[1]"), remove("a.c[1].q")},
       item({{"a", m({{"b", n("3")},
                      {"c", l({s("hi"), m({{"x", m({{"y", l({n("3"), n("7")})}})}})})}})}})},
  });
}

TEST(ApplyUpdate, ListIndexesReferToTheListBeforeTheUpdate) {
  run({
      {"two removals",
       item({{"a", l({n("0"), n("1"), n("2"), n("3"), n("4")})}}),
       {remove("a[1]"), remove("a[3]")},
       item({{"a", l({n("0"), n("2"), n("4")})}})},
      {"two removals in the other order",
       item({{"a", l({n("0"), n("1"), n("2"), n("3"), n("4")})}}),
       {remove("a[3]"), remove("a[1]")},
       item({{"a", l({n("0"), n("2"), n("4")})}})},
      {"removal then set",
       item({{"a", l({n("2"), n("3"), n("4"), n("5"), n("6"), n("7")})}}),
       {remove("a[1]"), set("a[3]", n("17"))},
       item({{"a", l({n("2"), n("4"), n("17"), n("6"), n("7")})}})},
      {"set then removal",
       item({{"a", l({n("2"), n("3"), n("4"), n("5"), n("6"), n("7")})}}),
       {set("a[3]", n("17")), remove("a[1]")},
       item({{"a", l({n("2"), n("4"), n("17"), n("6"), n("7")})}})},
      {"removal and a removal inside a later element",
       item({{"a", l({s("x"), s("y"), l({s("p"), s("q")})})}}),
       {remove("a[0]"), remove("a[2][0]")},
       item({{"a", l({s("y"), l({s("q")})})}})},
      {"removal and a write inside a later element",
       item({{"a", l({s("x"), m({{"k", n("1")}})})}}),
       {remove("a[0]"), set("a[1].k", n("2"))},
       item({{"a", l({m({{"k", n("2")}})})}})},
      {"removal and an append",
       item({{"a", l({n("0"), n("1")})}}),
       {remove("a[0]"), set("a[5]", n("5"))},
       item({{"a", l({n("1"), n("5")})}})},
      {"removal past the end ignores appended elements",
       item({{"a", l({n("0")})}}),
       {set("a[5]", s("x")), set("a[6]", s("y")), remove("a[1]")},
       item({{"a", l({n("0"), s("x"), s("y")})}})},
  });
}

TEST(ApplyUpdate, AddAddsNumbersAndUnitesSets) {
  run({
      {"number", item({{"a", n("3")}}), {add("a", n("4"))}, item({{"a", n("7")}})},
      {"negative number", item({{"a", n("3")}}), {add("a", n("-4.5"))}, item({{"a", n("-1.5")}})},
      {"missing number starts at zero",
       item({{"p", s("k")}}),
       {add("b", n("7"))},
       item({{"p", s("k")}, {"b", n("7")}})},
      {"empty item", item({}), {add("b", n("8"))}, item({{"b", n("8")}})},
      {"string set",
       item({{"a", ss({"dog", "cat", "mouse"})}}),
       {add("a", ss({"pig"}))},
       item({{"a", ss({"cat", "dog", "mouse", "pig"})}})},
      {"overlapping string set",
       item({{"a", ss({"beaver", "lynx", "coati"})}}),
       {add("a", ss({"coati", "beaver", "badger"}))},
       item({{"a", ss({"badger", "beaver", "coati", "lynx"})}})},
      {"number set by value",
       item({{"a", ns({"1", "2"})}}),
       {add("a", ns({"2.0", "3"}))},
       item({{"a", ns({"1", "2", "3"})}})},
      {"binary set",
       item({{"a", bs({"x"})}}),
       {add("a", bs({"y"}))},
       item({{"a", bs({"x", "y"})}})},
      {"missing set starts empty", item({}), {add("a", ss({"dog"}))}, item({{"a", ss({"dog"})}})},
      {"nested number",
       item({{"m", m({{"hits", n("1")}})}}),
       {add("m.hits", n("1"))},
       item({{"m", m({{"hits", n("2")}})}})},
      {"new nested key",
       item({{"m", m({})}}),
       {add("m.hits", n("1"))},
       item({{"m", m({{"hits", n("1")}})}})},
      {"list of the legacy AttributeUpdates",
       item({{"a", l({n("1")})}}),
       {add("a", l({n("2")}))},
       item({{"a", l({n("1"), n("2")})}})},
  });
}

TEST(ApplyUpdate, DeleteRemovesSetMembersAndEmptiedSets) {
  run({
      {"members",
       item({{"a", ss({"dog", "cat", "mouse"})}, {"b", s("hi")}}),
       {del("a", ss({"cat", "mouse"}))},
       item({{"a", ss({"dog"})}, {"b", s("hi")}})},
      {"non-member is a no-op",
       item({{"a", ss({"dog"})}}),
       {del("a", ss({"pig"}))},
       item({{"a", ss({"dog"})}})},
      {"emptied set disappears",
       item({{"a", ss({"dog"})}, {"b", s("hi")}}),
       {del("a", ss({"dog"}))},
       item({{"b", s("hi")}})},
      {"missing attribute is a no-op",
       item({{"b", s("hi")}}),
       {del("a", ss({"dog"}))},
       item({{"b", s("hi")}})},
      {"number set by value",
       item({{"a", ns({"1", "2"})}}),
       {del("a", ns({"1.0"}))},
       item({{"a", ns({"2"})}})},
      {"nested set",
       item({{"m", m({{"tags", bs({"x", "y"})}})}}),
       {del("m.tags", bs({"y"}))},
       item({{"m", m({{"tags", bs({"x"})}})}})},
  });
}

TEST(ApplyUpdate, RejectsPathsThroughMissingOrScalarValues) {
  const Item hello = item({{"a", s("hello")}, {"b", l({s("hi")})}});
  run_errors({
      {"SET key of a string", hello, {set("a.c", n("7"))}, kInvalidPath},
      {"SET key of a list", hello, {set("b.c", n("7"))}, kInvalidPath},
      {"SET key of a missing attribute", hello, {set("c.c", n("7"))}, kInvalidPath},
      {"SET index of a string", hello, {set("a[0]", n("7"))}, kInvalidPath},
      {"SET index of a missing attribute", hello, {set("c[0]", n("7"))}, kInvalidPath},
      {"SET deep under a missing map", item({{"a", m({})}}), {set("a.b.c", n("1"))}, kInvalidPath},
      {"SET in an empty item", item({}), {set("c.c", n("7"))}, kInvalidPath},
      {"REMOVE key of a string", hello, {remove("a.c")}, kInvalidPath},
      {"REMOVE key of a list", hello, {remove("b.c")}, kInvalidPath},
      {"REMOVE key of a missing attribute", hello, {remove("c.c")}, kInvalidPath},
      {"REMOVE index of a string", hello, {remove("a[0]")}, kInvalidPath},
      {"ADD under a missing attribute", hello, {add("c.d", n("1"))}, kInvalidPath},
      {"DELETE under a string", hello, {del("a.d", ss({"x"}))}, kInvalidPath},
  });
}

TEST(ApplyUpdate, IgnoresRemovalsThroughMissingParentsWhenCreatingTheItem) {
  const Item key = item({{"p", s("k")}});
  EXPECT_EQ(apply_update(key, {remove("x.y"), remove("x[0]")}, false), key);
  EXPECT_EQ(apply_update(key, {del("x.y", ss({"a"})), set("z", n("1"))}, false),
            item({{"p", s("k")}, {"z", n("1")}}));
  EXPECT_THROW(apply_update(key, {set("x.y", n("1"))}, false), Error);
}

TEST(ApplyUpdate, RejectsOperandsOfTheWrongTypeOrMissing) {
  run_errors({
      {"SET copy of a missing attribute",
       item({{"a", n("1")}}),
       {set("c", path_operand("z"))},
       kMissing},
      {"SET from a missing if_not_exists fallback",
       item({}),
       {set("c", if_not_exists("z", path_operand("y")))},
       kMissing},
      {"SET plus on a string",
       item({{"a", s("x")}}),
       {set("a", call(Operand::Kind::Add, path_operand("a"), value_operand(n("1"))))},
       kIncorrectType},
      {"ADD number to a string", item({{"b", s("hi")}}), {add("b", n("1"))}, kIncorrectType},
      {"ADD string set to a number set",
       item({{"a", ns({"1"})}}),
       {add("a", ss({"1"}))},
       kIncorrectType},
      {"ADD number to a string set", item({{"a", ss({"x"})}}), {add("a", n("1"))}, kIncorrectType},
      {"ADD set to a list", item({{"a", l({n("1")})}}), {add("a", ns({"3"}))}, kIncorrectType},
      {"ADD string", item({}), {add("a", s("hello"))}, kIncorrectType},
      {"DELETE number set from a string set",
       item({{"a", ss({"1"})}}),
       {del("a", ns({"1"}))},
       kIncorrectType},
      {"DELETE from a number", item({{"a", n("1")}}), {del("a", ns({"1"}))}, kIncorrectType},
      {"ADD past the largest number",
       item({{"a", n("9.9999999999999999999999999999999999999E+125")}}),
       {add("a", n("9.9999999999999999999999999999999999999E+125"))},
       "Number overflow. Attempting to store a number with magnitude larger than supported range"},
  });
}

}  // namespace
}  // namespace ddb::engine
