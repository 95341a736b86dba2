#include "protocol/legacy/constraints.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"

namespace ddb::protocol::legacy {
namespace {

std::string error_of(const char* request,
                     ConditionalOperatorWording wording = ConditionalOperatorWording::Older) {
  Constraints constraints;
  try {
    add_legacy_constraints(Json::parse(request), constraints, wording);
    constraints.check();
  } catch (const engine::Error& error) {
    return error.message();
  }
  return "";
}

TEST(LegacyConstraints, ReportsComparisonOperatorViolations) {
  EXPECT_EQ(error_of(R"({"QueryFilter":{"a":{},"b":{"ComparisonOperator":""}}})"),
            "2 validation errors detected: Value null at 'queryFilter.a.member.comparisonOperator' "
            "failed to satisfy constraint: Member must not be null; Value '' at "
            "'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: Member must "
            "satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, "
            "LE, BEGINS_WITH, GE, CONTAINS]");
  EXPECT_EQ(
      error_of(R"({"KeyConditions":{"a":{}}})"),
      "1 validation error detected: Value null at 'keyConditions.a.member.comparisonOperator' "
      "failed to satisfy constraint: Member must not be null");
  EXPECT_EQ(error_of(R"({"ScanFilter":{"a":{"ComparisonOperator":"eq"}}})"),
            "1 validation error detected: Value 'eq' at 'scanFilter.a.member.comparisonOperator' "
            "failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, "
            "LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
  // Expected's ComparisonOperator is optional.
  EXPECT_EQ(error_of(R"({"Expected":{"a":{"Value":{"S":"x"}}}})"), "");
  EXPECT_EQ(error_of(R"({"Expected":{"a":{"ComparisonOperator":"XX"}}})"),
            "1 validation error detected: Value 'XX' at 'expected.a.member.comparisonOperator' "
            "failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, "
            "LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
}

TEST(LegacyConstraints, ReportsActionAndConditionalOperatorViolations) {
  EXPECT_EQ(error_of(R"({"AttributeUpdates":{"a":{"Action":"SET","Value":{"S":"x"}}}})"),
            "1 validation error detected: Value 'SET' at 'attributeUpdates.a.member.action' "
            "failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]");
  EXPECT_EQ(error_of(R"({"ConditionalOperator":"AN"})"),
            "1 validation error detected: Value 'AN' at 'conditionalOperator' failed to satisfy "
            "constraint: Member must satisfy enum value set: [OR, AND]");
  EXPECT_EQ(error_of(R"({"ConditionalOperator":"XOR"})", ConditionalOperatorWording::Newer),
            "Failed to satisfy constraint: Member must satisfy enum value set: [ALL, OR]");
  EXPECT_EQ(error_of(R"({"ConditionalOperator":"OR"})", ConditionalOperatorWording::Newer), "");
}

TEST(LegacyConstraints, ReportsWrongJsonTypesAsSerializationErrors) {
  struct Case {
    const char* request;
    const char* message;
  };
  const Case cases[] = {
      {R"({"Expected":[]})",
       "Unrecognized collection type java.util.Map<java.lang.String, "
       "com.amazonaws.dynamodb.v20120810.ExpectedAttributeValue>"},
      {R"({"QueryFilter":[]})",
       "Unrecognized collection type java.util.Map<java.lang.String, "
       "com.amazonaws.dynamodb.v20120810.Condition>"},
      {R"({"ScanFilter":{"a":"EQ"}})", "Unexpected value type in payload"},
      {R"({"Expected":{"a":{"Exists":"dog"}}})", "Unexpected token received from parser"},
      {R"({"AttributeUpdates":{"a":{"Action":5}}})", "NUMBER_VALUE cannot be converted to String"},
      {R"({"KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":{}}}})",
       "Start of structure or map found where not expected"},
  };
  for (const auto& c : cases) {
    Constraints constraints;
    try {
      add_legacy_constraints(Json::parse(c.request), constraints,
                             ConditionalOperatorWording::Older);
      ADD_FAILURE() << "expected an error for " << c.request;
    } catch (const engine::Error& error) {
      EXPECT_EQ(error.type(), engine::ErrorType::Serialization) << c.request;
      EXPECT_EQ(error.message(), c.message) << c.request;
    }
  }
}

}  // namespace
}  // namespace ddb::protocol::legacy
