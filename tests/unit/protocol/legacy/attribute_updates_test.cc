#include "protocol/legacy/attribute_updates.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/error.h"
#include "tests/unit/protocol/legacy/trees.h"

namespace ddb::protocol::legacy {
namespace {

using engine::AttributeValue;
using engine::Operand;
using engine::UpdateAction;
using namespace ddb::test::legacy_trees;

std::string error_of(const char* request, bool enveloped = false) {
  try {
    attribute_updates(Json::parse(request), enveloped);
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

UpdateAction action(UpdateAction::Kind kind, std::string name, Operand value = {}) {
  UpdateAction result;
  result.kind = kind;
  result.path = path(std::move(name));
  result.value = std::move(value);
  return result;
}

TEST(LegacyAttributeUpdates, RejectsBadUpdatesWithDynamoDbMessages) {
  struct Case {
    const char* request;
    const char* message;
  };
  const std::vector<Case> cases = {
      {R"({"AttributeUpdates":{"a":{}}})",
       "One or more parameter values were invalid: Only DELETE action is allowed when no attribute "
       "value is specified"},
      {R"({"AttributeUpdates":{"a":{"Action":"ADD"}}})",
       "One or more parameter values were invalid: Only DELETE action is allowed when no attribute "
       "value is specified"},
      {R"({"AttributeUpdates":{"a":{"Action":"DELETE","Value":{"S":"1"}}}})",
       "One or more parameter values were invalid: DELETE action with value is not supported for "
       "the type S"},
      {R"({"AttributeUpdates":{"a":{"Action":"DELETE","Value":{"N":"1"}}}})",
       "One or more parameter values were invalid: DELETE action with value is not supported for "
       "the type N"},
      {R"({"AttributeUpdates":{"a":{"Action":"DELETE","Value":{"L":[]}}}})",
       "One or more parameter values were invalid: DELETE action with value is not supported for "
       "the type L"},
      {R"({"AttributeUpdates":{"a":{"Action":"DELETE","Value":{"NULL":true}}}})",
       "One or more parameter values were invalid: DELETE action with value is not supported for "
       "the type NULL"},
      {R"({"AttributeUpdates":{"a":{"Action":"ADD","Value":{"S":"1"}}}})",
       "One or more parameter values were invalid: ADD action is not supported for the type S"},
      {R"({"AttributeUpdates":{"a":{"Action":"ADD","Value":{"B":"Yg=="}}}})",
       "One or more parameter values were invalid: ADD action is not supported for the type B"},
      {R"({"AttributeUpdates":{"a":{"Action":"ADD","Value":{"BOOL":true}}}})",
       "One or more parameter values were invalid: ADD action is not supported for the type BOOL"},
      {R"({"AttributeUpdates":{"a":{"Action":"ADD","Value":{"M":{}}}}})",
       "One or more parameter values were invalid: ADD action is not supported for the type M"},
      {R"({"AttributeUpdates":{"a":{"Value":{"NS":[]}}}})",
       "One or more parameter values were invalid: An number set  may not be empty"},
  };
  for (const auto& c : cases) EXPECT_EQ(error_of(c.request), c.message) << c.request;
  EXPECT_EQ(error_of(R"({"AttributeUpdates":{"a":{"Action":"ADD","Value":{"S":"1"}}}})", true),
            "1 validation error detected: One or more parameter values were invalid: ADD action is "
            "not supported for the type S");
}

// An updated attribute's name is 1 to 65,535 bytes, checked after its action and value.
TEST(LegacyAttributeUpdates, RejectsEmptyAndOversizedNames) {
  EXPECT_EQ(error_of(R"({"AttributeUpdates":{"":{"Value":{"S":"1"}}}})"), "Empty attribute name");
  EXPECT_EQ(
      error_of(R"({"AttributeUpdates":{"":{"Action":"ADD","Value":{"S":"1"}}}})"),
      "One or more parameter values were invalid: ADD action is not supported for the type S");
  EXPECT_EQ(error_of(R"({"AttributeUpdates":{"":{"Action":"DELETE"}}})", true),
            "1 validation error detected: Empty attribute name");
  Json request = {{"AttributeUpdates", {{std::string(65536, 'a'), {{"Action", "DELETE"}}}}}};
  EXPECT_EQ(error_of(request.dump().c_str()),
            "Attribute name is too large, must be less than 65536 bytes");
}

TEST(LegacyAttributeUpdates, ConvertsEachActionToUpdateActions) {
  auto actions = attribute_updates(Json::parse(R"({"AttributeUpdates":{
      "put":{"Action":"PUT","Value":{"S":"v"}},
      "plain":{"Value":{"N":"2"}},
      "gone":{"Action":"DELETE"},
      "tags":{"Action":"DELETE","Value":{"SS":["x"]}},
      "count":{"Action":"ADD","Value":{"N":"1"}},
      "ids":{"Action":"ADD","Value":{"NS":["7"]}},
      "log":{"Action":"ADD","Value":{"L":[{"S":"e"}]}}}})"),
                                   false);
  Operand missing_as_empty;
  missing_as_empty.kind = Operand::Kind::IfNotExists;
  missing_as_empty.path = path("log");
  missing_as_empty.operands = {val(AttributeValue::list({}))};
  Operand appended;
  appended.kind = Operand::Kind::ListAppend;
  appended.operands = {missing_as_empty, val(AttributeValue::list({S("e")}))};
  // Attribute-name order.
  const std::vector<UpdateAction> expected = {
      action(UpdateAction::Kind::Add, "count", val(N("1"))),
      action(UpdateAction::Kind::Remove, "gone"),
      action(UpdateAction::Kind::Add, "ids",
             val(AttributeValue::number_set({engine::Number::parse("7")}))),
      action(UpdateAction::Kind::Set, "log", appended),
      action(UpdateAction::Kind::Set, "plain", val(N("2"))),
      action(UpdateAction::Kind::Set, "put", val(S("v"))),
      action(UpdateAction::Kind::Delete, "tags", val(AttributeValue::string_set({"x"}))),
  };
  EXPECT_EQ(actions, expected);
}

TEST(LegacyAttributeUpdates, AbsentOrEmptyMakesNoActions) {
  EXPECT_TRUE(attribute_updates(Json::parse(R"({})"), false).empty());
  EXPECT_TRUE(attribute_updates(Json::parse(R"({"AttributeUpdates":{}})"), false).empty());
}

}  // namespace
}  // namespace ddb::protocol::legacy
