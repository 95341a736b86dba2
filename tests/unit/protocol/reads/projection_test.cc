// AttributesToGet: its model constraints, its reading as top-level paths, and Projection::apply.

#include "protocol/reads/projection.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

engine::AttributeValue S(std::string s) { return engine::AttributeValue::string(std::move(s)); }

// An item with a top-level attribute named "a.b" beside a map "a" holding "b".
engine::Item sample() {
  engine::Map inner;
  inner.emplace("b", S("nested"));
  return engine::Item{
      {"a.b", S("dotted")}, {"a", engine::AttributeValue::map(std::move(inner))}, {"c", S("c")}};
}

TEST(AttributesToGet, SelectsTopLevelNamesWithDotsAsPartOfTheName) {
  Projection projection = attributes_to_get(Json::parse(R"({"AttributesToGet":["c","a.b","x"]})"));
  EXPECT_FALSE(projection.all());
  EXPECT_EQ(projection.apply(sample()), (engine::Item{{"a.b", S("dotted")}, {"c", S("c")}}));
}

TEST(AttributesToGet, AbsentSelectsEverything) {
  Projection projection = attributes_to_get(Json::parse(R"({"TableName":"t"})"));
  EXPECT_TRUE(projection.all());
  EXPECT_EQ(projection.apply(sample()), sample());
  EXPECT_TRUE(attributes_to_get(Json::parse(R"({"AttributesToGet":null})")).all());
}

TEST(AttributesToGet, RejectsDuplicateNames) {
  try {
    attributes_to_get(Json::parse(R"({"AttributesToGet":["a","b","b","a"]})"));
    FAIL() << "expected an error";
  } catch (const engine::Error& error) {
    EXPECT_EQ(error.message(),
              "One or more parameter values were invalid: Duplicate value in attribute name: b");
  }
}

TEST(AttributesToGet, AddsLengthConstraints) {
  auto message_for = [](const Json& request) -> std::string {
    Constraints constraints;
    add_attributes_to_get_constraints(request, constraints);
    try {
      constraints.check();
    } catch (const engine::Error& error) {
      return error.message();
    }
    return "";
  };
  EXPECT_EQ(message_for(Json::parse(R"({"AttributesToGet":[]})")),
            "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy "
            "constraint: Member must have length greater than or equal to 1");
  Json many = Json::parse(R"({"AttributesToGet":[]})");
  std::string listed = "[";
  for (int i = 0; i < 256; ++i) {
    many["AttributesToGet"].push_back("a" + std::to_string(i));
    listed += (i > 0 ? ", a" : "a") + std::to_string(i);
  }
  EXPECT_EQ(message_for(many), "1 validation error detected: Value '" + listed +
                                   "]' at 'attributesToGet' failed to satisfy constraint: Member "
                                   "must have length less than or equal to 255");
  EXPECT_EQ(message_for(Json::parse(R"({"AttributesToGet":["a"]})")), "");
}

// Each name of AttributesToGet is 1 to 65,535 bytes, checked before the duplicates.
TEST(AttributesToGet, RejectsEmptyAndOversizedNames) {
  const auto error_of = [](const Json& request) -> std::string {
    try {
      attributes_to_get(request);
    } catch (const engine::Error& error) {
      EXPECT_EQ(error.type(), engine::ErrorType::Validation);
      return error.message();
    }
    return "";
  };
  EXPECT_EQ(error_of(Json::parse(R"({"AttributesToGet":["a",""]})")), "Empty attribute name");
  EXPECT_EQ(error_of(Json::parse(R"({"AttributesToGet":["",""]})")), "Empty attribute name");
  EXPECT_EQ(error_of(Json{{"AttributesToGet", {"a", std::string(65536, 'x')}}}),
            "Attribute name is too large, must be less than 65536 bytes");
  EXPECT_EQ(error_of(Json{{"AttributesToGet", {std::string(65535, 'x')}}}), "");
}

TEST(AttributesToGet, RejectsNonStringNames) {
  Constraints constraints;
  try {
    add_attributes_to_get_constraints(Json::parse(R"({"AttributesToGet":[5]})"), constraints);
    FAIL() << "expected an error";
  } catch (const engine::Error& error) {
    EXPECT_EQ(error.type(), engine::ErrorType::Serialization);
    EXPECT_EQ(error.message(), "NUMBER_VALUE cannot be converted to String");
  }
}

}  // namespace
}  // namespace ddb::protocol
