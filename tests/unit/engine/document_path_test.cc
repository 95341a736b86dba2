#include "engine/document_path.h"

#include <gtest/gtest.h>

#include <compare>
#include <string>
#include <vector>

#include "tests/unit/engine/expression_test_values.h"

namespace ddb::engine {
namespace {

using namespace test_values;

const Item kItem = item({
    {"a", m({{"b", l({n("2"), n("4"), m({{"x", s("hi")}})})}, {"c", n("5")}})},
    {"s", s("hello")},
    {"a.b", s("dotted")},
});

TEST(FindValue, FollowsMapKeysAndListIndexes) {
  struct Case {
    const char* path;
    AttributeValue expected;
  };
  const std::vector<Case> cases = {
      {"s", s("hello")},  {"a.c", n("5")},       {"a.b[0]", n("2")},
      {"a.b[1]", n("4")}, {"a.b[2].x", s("hi")}, {"a.b", l({n("2"), n("4"), m({{"x", s("hi")}})})},
  };
  for (const Case& c : cases) {
    const AttributeValue* found = find_value(kItem, path(c.path));
    ASSERT_NE(found, nullptr) << c.path;
    EXPECT_EQ(*found, c.expected) << c.path;
  }
}

TEST(FindValue, TreatsANameStepAsOneAttributeNameEvenWithADot) {
  DocumentPath dotted = {PathStep{"a.b", 0, false}};
  ASSERT_NE(find_value(kItem, dotted), nullptr);
  EXPECT_EQ(*find_value(kItem, dotted), s("dotted"));
}

TEST(FindValue, ReturnsNullForMissingStepsAndStepsIntoTheWrongType) {
  for (const char* missing : {
           "x",          // no such attribute
           "a.x",        // no such key
           "a.x.y",      // through a missing key
           "a.b[3]",     // past the end of the list
           "a.b[3].x",   // through a missing element
           "a[0]",       // an index into a map
           "a.b.x",      // a key into a list
           "s.x",        // a key into a string
           "s[0]",       // an index into a string
           "a.b[0][0]",  // an index into a number
           "a.b[0].x",   // a key into a number
       }) {
    EXPECT_EQ(find_value(kItem, path(missing)), nullptr) << missing;
  }
}

TEST(FindParent, ReturnsTheItemForATopLevelName) {
  Item copy = kItem;
  PathParent parent = find_parent(copy, path("new"));
  EXPECT_EQ(parent.map, &copy);
  EXPECT_EQ(parent.list, nullptr);
}

TEST(FindParent, ReturnsTheContainerTheLastStepAddresses) {
  Item copy = kItem;
  EXPECT_EQ(find_parent(copy, path("a.new")).map, &copy.at("a").as_map());
  EXPECT_EQ(find_parent(copy, path("a.b[7]")).list, &copy.at("a").as_map().at("b").as_list());
  EXPECT_EQ(find_parent(copy, path("a.b[2].y")).map,
            &copy.at("a").as_map().at("b").as_list()[2].as_map());
}

TEST(FindParent, FindsNothingWhenTheParentIsMissingOrOfTheWrongType) {
  Item copy = kItem;
  for (const char* orphan : {"x.y", "x[0]", "a.x.y", "s.y", "s[0]", "a.b.y", "a[0]", "a.b[5].y"}) {
    EXPECT_FALSE(find_parent(copy, path(orphan)).found()) << orphan;
  }
}

TEST(ComparePaths, OrdersStepByStepWithIndexesNumerically) {
  struct Case {
    const char* a;
    const char* b;
    std::strong_ordering expected;
  };
  const std::vector<Case> cases = {
      {"a", "a", std::strong_ordering::equal},
      {"a", "b", std::strong_ordering::less},
      {"a[2]", "a[10]", std::strong_ordering::less},
      {"a[10]", "a[2]", std::strong_ordering::greater},
      {"a", "a[0]", std::strong_ordering::less},
      {"a.x", "a[0]", std::strong_ordering::less},
      {"a[1].z", "a[2].a", std::strong_ordering::less},
      {"a[3][0]", "a[1]", std::strong_ordering::greater},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(compare_paths(path(c.a), path(c.b)), c.expected) << c.a << " vs " << c.b;
  }
}

}  // namespace
}  // namespace ddb::engine
