#include "engine/projection.h"

#include <gtest/gtest.h>

#include <vector>

#include "tests/unit/engine/expression_test_values.h"

namespace ddb::engine {
namespace {

using namespace test_values;

// scylladb's test_projection_expression_path item, whose expectations were recorded against
// DynamoDB.
const Item kItem = item({
    {"p", s("key")},
    {"a", m({{"b", l({n("2"), n("4"), m({{"x", s("hi")}, {"y", s("yo")}})})}, {"c", n("5")}})},
    {"b", s("hello")},
});

TEST(Project, KeepsTheStructureOfTheSelectedPaths) {
  struct Case {
    std::vector<const char*> paths;
    Item expected;
  };
  const std::vector<Case> cases = {
      {{"b"}, item({{"b", s("hello")}})},
      {{"p", "b"}, item({{"p", s("key")}, {"b", s("hello")}})},
      {{"a"}, item({{"a", kItem.at("a")}})},
      {{"a.b"},
       item({{"a", m({{"b", l({n("2"), n("4"), m({{"x", s("hi")}, {"y", s("yo")}})})}})}})},
      {{"a.b[0]"}, item({{"a", m({{"b", l({n("2")})}})}})},
      {{"a.b[2]"}, item({{"a", m({{"b", l({m({{"x", s("hi")}, {"y", s("yo")}})})}})}})},
      {{"a.b[2].y"}, item({{"a", m({{"b", l({m({{"y", s("yo")}})})}})}})},
      {{"a.b[0]", "a.b[1]"}, item({{"a", m({{"b", l({n("2"), n("4")})}})}})},
      {{"a.b[0]", "a.c"}, item({{"a", m({{"b", l({n("2")})}, {"c", n("5")}})}})},
      {{"a.c", "b"}, item({{"a", m({{"c", n("5")}})}, {"b", s("hello")}})},
      {{"a.b[2].y", "a.b[2].x"},
       item({{"a", m({{"b", l({m({{"x", s("hi")}, {"y", s("yo")}})})}})}})},
      {{"a.x", "a.b[0]", "x", "a.b[3].x"}, item({{"a", m({{"b", l({n("2")})}})}})},
  };
  for (const Case& c : cases) {
    std::vector<DocumentPath> paths;
    for (const char* text : c.paths) paths.push_back(path(text));
    EXPECT_EQ(project(kItem, paths), c.expected) << c.paths.front();
  }
}

TEST(Project, ReturnsSelectedListElementsInListOrder) {
  EXPECT_EQ(project(kItem, {path("a.b[2].x"), path("a.b[0]")}),
            item({{"a", m({{"b", l({n("2"), m({{"x", s("hi")}})})}})}}));
  EXPECT_EQ(project(item({{"l", l({s("x"), s("y"), s("z")})}}), {path("l[2]"), path("l[0]")}),
            item({{"l", l({s("x"), s("z")})}}));
}

TEST(Project, LeavesOutPathsToMissingValues) {
  for (const char* missing :
       {"x", "a.b[3]", "a.x", "a.x.y", "a.b[3].x", "a.b.x", "a[0]", "a.b[0].x", "a.b[0][0]"}) {
    EXPECT_EQ(project(kItem, {path(missing)}), Item{}) << missing;
  }
}

TEST(Project, TreatsANameWithADotAsOneAttribute) {
  const Item dotted = item({{"a.b", s("hi")}, {"a", m({{"b", s("yo")}, {"c", s("jo")}})}});
  EXPECT_EQ(project(dotted, {DocumentPath{PathStep{"a.b", 0, false}}}), item({{"a.b", s("hi")}}));
  EXPECT_EQ(project(dotted, {path("a.b")}), item({{"a", m({{"b", s("yo")}})}}));
}

}  // namespace
}  // namespace ddb::engine
