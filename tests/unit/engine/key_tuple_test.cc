// Key tuples against a model: a plain vector of attribute tuples, sorted by comparing their
// elements left to right with compare_keys, and filtered with the key conditions themselves.

#include "engine/key_tuple.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace ddb::engine {
namespace {

using Tuple = std::vector<AttributeValue>;

AttributeValue n(const std::string& text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }
AttributeValue b(std::string bytes) { return AttributeValue::binary(std::move(bytes)); }

// Values that stress the encoding: numbers whose key bytes are prefixes of one another or hold
// 0x00 in their exponent, strings that are prefixes of one another, binaries with 0x00 and 0xFF.
const std::vector<AttributeValue>& pool(Type type) {
  static const std::vector<AttributeValue> numbers{
      n("0"),       n("1"),     n("1.2"),   n("1.23"),  n("-1.2"), n("-1.23"),
      n("-1"),      n("10"),    n("100"),   n("9.9"),   n("-100"), n("1e-130"),
      n("-1e-130"), n("1e125"), n("0.001"), n("-0.001")};
  static const std::vector<AttributeValue> strings{
      s("a"), s("ab"), s("abc"), s("b"), s("B"), s("a b"), s("\x7f"), s("é"), s("aa"), s("a\x01")};
  static const std::vector<AttributeValue> binaries{b(std::string(1, '\0')),
                                                    b(std::string("\0\0", 2)),
                                                    b(std::string("\0\x01", 2)),
                                                    b("\x01"),
                                                    b("\xff"),
                                                    b("\xff\xff"),
                                                    b(std::string("a\0", 2)),
                                                    b("a"),
                                                    b("a\xff")};
  return type == Type::N ? numbers : type == Type::S ? strings : binaries;
}

const std::vector<Type> kTypes{Type::N, Type::S, Type::B};

std::vector<Tuple> random_tuples(std::mt19937& rng, std::size_t count) {
  std::vector<Tuple> tuples;
  for (std::size_t i = 0; i < count; ++i) {
    Tuple tuple;
    for (Type type : kTypes) {
      const auto& values = pool(type);
      tuple.push_back(values[rng() % values.size()]);
    }
    tuples.push_back(std::move(tuple));
  }
  return tuples;
}

int model_compare(const Tuple& a, const Tuple& c) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto order = compare_keys(a[i], c[i]);
    if (order != 0) return order < 0 ? -1 : 1;
  }
  return 0;
}

AttributeValue tuple_of(const Tuple& tuple) {
  std::vector<const AttributeValue*> values;
  for (const auto& value : tuple) values.push_back(&value);
  return key_tuple(values);
}

int byte_compare(const Tuple& a, const Tuple& c) {
  int order = tuple_of(a).as_binary().compare(tuple_of(c).as_binary());
  return (order > 0) - (order < 0);
}

TEST(KeyTuple, OrdersLikeItsElementsComparedLeftToRight) {
  std::mt19937 rng(17);
  std::vector<Tuple> tuples = random_tuples(rng, 400);
  for (std::size_t i = 0; i < tuples.size(); ++i) {
    for (std::size_t j = 0; j < tuples.size(); j += 7) {
      ASSERT_EQ(byte_compare(tuples[i], tuples[j]), model_compare(tuples[i], tuples[j]))
          << i << " vs " << j;
    }
  }
  std::vector<Tuple> by_bytes = tuples;
  std::vector<Tuple> by_model = tuples;
  std::stable_sort(by_bytes.begin(), by_bytes.end(),
                   [](const Tuple& a, const Tuple& c) { return byte_compare(a, c) < 0; });
  std::stable_sort(by_model.begin(), by_model.end(),
                   [](const Tuple& a, const Tuple& c) { return model_compare(a, c) < 0; });
  EXPECT_EQ(by_bytes, by_model);
}

TEST(KeyTuple, NumbersSortAsNumbersNotAsText) {
  AttributeValue region = s("EU");
  AttributeValue nine = n("9");
  AttributeValue ten = n("10");
  const AttributeValue* low[] = {&region, &nine};
  const AttributeValue* high[] = {&region, &ten};
  EXPECT_LT(key_tuple(low).as_binary(), key_tuple(high).as_binary());
}

// The model of one key condition on the element after an equality prefix.
struct Condition {
  std::size_t prefix_length;  // elements fixed by equality
  SortKeyRange next;          // the next element's range (all() for none)
};

bool model_holds(const Tuple& tuple, const Tuple& fixed, const Condition& condition) {
  for (std::size_t i = 0; i < condition.prefix_length; ++i) {
    if (compare_keys(tuple[i], fixed[i]) != 0) return false;
  }
  if (condition.prefix_length == tuple.size()) return true;
  return condition.next.contains(tuple[condition.prefix_length]);
}

SortKeyRange random_range(std::mt19937& rng, Type type) {
  const auto& values = pool(type);
  const AttributeValue& v = values[rng() % values.size()];
  const AttributeValue& w = values[rng() % values.size()];
  const AttributeValue& low = compare_keys(v, w) <= 0 ? v : w;
  const AttributeValue& high = compare_keys(v, w) <= 0 ? w : v;
  switch (rng() % (type == Type::N ? 7 : 8)) {
    case 0:
      return SortKeyRange::all();
    case 1:
      return SortKeyRange::equal(v);
    case 2:
      return SortKeyRange::less(v);
    case 3:
      return SortKeyRange::less_equal(v);
    case 4:
      return SortKeyRange::greater(v);
    case 5:
      return SortKeyRange::greater_equal(v);
    case 6:
      return SortKeyRange::between(low, high);
    default:
      return SortKeyRange::begins_with(v);
  }
}

TEST(KeyTuple, RangesSelectExactlyTheTuplesTheConditionSelects) {
  std::mt19937 rng(29);
  std::vector<Tuple> tuples = random_tuples(rng, 300);
  for (int round = 0; round < 400; ++round) {
    const Tuple& fixed = tuples[rng() % tuples.size()];
    Condition condition{rng() % (kTypes.size() + 1), SortKeyRange::all()};
    std::string prefix;
    for (std::size_t i = 0; i < condition.prefix_length; ++i) {
      append_tuple_element(fixed[i], prefix);
    }
    if (condition.prefix_length < kTypes.size()) {
      condition.next = random_range(rng, kTypes[condition.prefix_length]);
    }
    SortKeyRange range = tuple_range(prefix, condition.next);
    for (const Tuple& tuple : tuples) {
      ASSERT_EQ(range.contains(tuple_of(tuple)), model_holds(tuple, fixed, condition))
          << "round " << round << ", prefix length " << condition.prefix_length;
    }
  }
}

TEST(KeyTuple, NoPrefixAndNoConditionIsUnbounded) {
  SortKeyRange range = tuple_range("", SortKeyRange::all());
  EXPECT_FALSE(range.lower);
  EXPECT_FALSE(range.upper);
}

}  // namespace
}  // namespace ddb::engine
