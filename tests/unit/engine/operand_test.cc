#include "engine/operand.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "tests/unit/engine/expression_test_values.h"

namespace ddb::engine {
namespace {

using namespace test_values;
using Kind = Operand::Kind;

TEST(SizeOf, CountsUtf16UnitsOfStringsBytesOfBinariesAndMembersOfCollections) {
  struct Case {
    const char* name;
    AttributeValue value;
    uint64_t expected;
  };
  const std::vector<Case> cases = {
      {"ascii string", s("hello"), 5},
      {"empty string", s(""), 0},
      // U+00E9 is 2 UTF-8 bytes and 1 UTF-16 unit; U+1D11E is 4 bytes and a surrogate pair.
      {"non-ascii string", s("\xC3\xA9\xF0\x9D\x84\x9E"), 3},
      {"euro sign", s("\xE2\x82\xAC"), 1},
      {"binary", b(std::string("\x00\xFF\x10", 3)), 3},
      {"map", m({{"x", n("1")}, {"y", m({{"z", n("2")}})}}), 2},
      {"list", l({n("2"), s("dog"), n("7")}), 3},
      {"empty list", l({}), 0},
      {"string set", ss({"a", "b"}), 2},
      {"number set", ns({"2", "4", "7"}), 3},
      {"binary set", bs({"x"}), 1},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(size_of(c.value), std::optional<uint64_t>(c.expected)) << c.name;
  }
}

TEST(SizeOf, IsAbsentForNumbersBooleansAndNull) {
  EXPECT_EQ(size_of(n("5")), std::nullopt);
  EXPECT_EQ(size_of(boolean(true)), std::nullopt);
  EXPECT_EQ(size_of(null()), std::nullopt);
}

const Item kItem = item({
    {"num", n("7")},
    {"str", s("hello")},
    {"list", l({n("1"), n("2")})},
    {"map", m({{"inner", n("3")}})},
});

TEST(EvaluateOperand, ComputesValuesFromTheItem) {
  struct Case {
    const char* name;
    Operand operand;
    std::optional<AttributeValue> expected;
  };
  const std::vector<Case> cases = {
      {"path", path_operand("map.inner"), n("3")},
      {"missing path", path_operand("nope"), std::nullopt},
      {"value", value_operand(s("v")), s("v")},
      {"size of a string", size_operand("str"), n("5")},
      {"size of a missing path", size_operand("nope"), std::nullopt},
      {"size of a number", size_operand("num"), std::nullopt},
      {"if_not_exists of an existing path", if_not_exists("num", value_operand(n("0"))), n("7")},
      {"if_not_exists of a missing path", if_not_exists("nope", value_operand(n("0"))), n("0")},
      {"if_not_exists nested", if_not_exists("a", if_not_exists("num", value_operand(n("0")))),
       n("7")},
      {"plus", call(Kind::Add, path_operand("num"), value_operand(n("0.5"))), n("7.5")},
      {"minus", call(Kind::Subtract, value_operand(n("1")), path_operand("num")), n("-6")},
      {"plus of if_not_exists",
       call(Kind::Add, if_not_exists("nope", value_operand(n("2"))), value_operand(n("3"))),
       n("5")},
      {"list_append", call(Kind::ListAppend, path_operand("list"), value_operand(l({s("x")}))),
       l({n("1"), n("2"), s("x")})},
      {"list_append in front",
       call(Kind::ListAppend, value_operand(l({s("x")})), path_operand("list")),
       l({s("x"), n("1"), n("2")})},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(evaluate(c.operand, kItem), c.expected) << c.name;
  }
}

TEST(EvaluateOperand, RejectsUpdateOperandsItCannotCompute) {
  struct Case {
    const char* name;
    Operand operand;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"plus of a missing path", call(Kind::Add, path_operand("nope"), value_operand(n("1"))),
       "The provided expression refers to an attribute that does not exist in the item"},
      {"minus of a missing path", call(Kind::Subtract, value_operand(n("1")), path_operand("nope")),
       "The provided expression refers to an attribute that does not exist in the item"},
      {"list_append of a missing path",
       call(Kind::ListAppend, path_operand("nope"), value_operand(l({}))),
       "The provided expression refers to an attribute that does not exist in the item"},
      {"plus of a string", call(Kind::Add, path_operand("str"), value_operand(n("1"))),
       "An operand in the update expression has an incorrect data type"},
      {"minus of a list", call(Kind::Subtract, path_operand("num"), path_operand("list")),
       "An operand in the update expression has an incorrect data type"},
      {"list_append of a map", call(Kind::ListAppend, path_operand("map"), path_operand("list")),
       "An operand in the update expression has an incorrect data type"},
      {"list_append of a number", call(Kind::ListAppend, path_operand("list"), path_operand("num")),
       "An operand in the update expression has an incorrect data type"},
      {"plus past the largest number",
       call(Kind::Add, value_operand(n("9.9999999999999999999999999999999999999E+125")),
            value_operand(n("9.9999999999999999999999999999999999999E+125"))),
       "Number overflow. Attempting to store a number with magnitude larger than supported range"},
  };
  for (const Case& c : cases) {
    try {
      evaluate(c.operand, kItem);
      ADD_FAILURE() << c.name << ": no error";
    } catch (const Error& error) {
      EXPECT_EQ(error.type(), ErrorType::Validation) << c.name;
      EXPECT_EQ(error.message(), c.message) << c.name;
    }
  }
}

TEST(ReadOperand, BorrowsPathsAndConstantsWithoutCopying) {
  const Operand constant = value_operand(s("v"));
  EXPECT_EQ(read_operand(path_operand("str"), kItem).get(), &kItem.at("str"));
  EXPECT_EQ(read_operand(constant, kItem).get(), &constant.value);
  EXPECT_EQ(read_operand(path_operand("nope"), kItem).get(), nullptr);
  const OperandValue size = read_operand(size_operand("list"), kItem);
  ASSERT_NE(size.get(), nullptr);
  EXPECT_EQ(*size.get(), n("2"));
}

}  // namespace
}  // namespace ddb::engine
