// The type check of a value against its slot's shape: DynamoDB's deserializer's texts, which differ
// between a structure's member and a list or map element, and a JSON null that is an absent member.

#include "protocol/json/json_shape.h"

#include <gtest/gtest.h>

#include "protocol/json/base64.h"

namespace ddb::protocol {
namespace {

const Shape kString{ShapeKind::String};
const Shape kBlob{ShapeKind::Blob};
const ShapeMember kThingMembers[] = {{"Name", &kString}, {"Data", &kBlob}};
const Shape kThing{ShapeKind::Structure, "Thing", nullptr, kThingMembers, 2};
const Shape kThings{ShapeKind::List, {}, &kThing};

TEST(JsonShape, AStructureHasOneTextAsAMemberAndAnotherAsAnElement) {
  EXPECT_EQ(type_error(kThing, Json("x"), false), "Unexpected field type");
  EXPECT_EQ(type_error(kThing, Json("x"), true), "Unexpected value type in payload");
  EXPECT_EQ(type_error(kThing, Json::array(), true),
            "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.Thing");
  EXPECT_EQ(type_error(kThing, Json::object(), true), std::nullopt);
}

TEST(JsonShape, NullIsAnAbsentMemberButNotAnElement) {
  EXPECT_EQ(type_error(kThing, Json(nullptr), false), std::nullopt);
  EXPECT_EQ(type_error(kThing, Json(nullptr), true), "Unexpected value type in payload");
}

TEST(JsonShape, BlobsAreBase64Strings) {
  EXPECT_EQ(type_error(kBlob, Json("AAE="), false), std::nullopt);
  EXPECT_EQ(type_error(kBlob, Json("AAF="), false),
            "Invalid last non-pad Base64 character dectected");
  EXPECT_EQ(type_error(kBlob, Json(true), false),
            "only base-64-encoded strings are convertible to bytes");
  EXPECT_TRUE(base64_valid("AAE="));
  EXPECT_FALSE(base64_valid("AA=E"));
}

TEST(JsonShape, TheWalkFindsTheFirstMisfitAndIgnoresUnknownMembers) {
  EXPECT_EQ(first_type_error(Json::parse(R"([{"Name":"a","Other":5},{"Data":"AAE="}])"), kThings),
            std::nullopt);
  EXPECT_EQ(first_type_error(Json::parse(R"([{"Name":"a"},{"Name":{"x":1}}])"), kThings),
            "Start of structure or map found where not expected");
  EXPECT_EQ(first_type_error(Json::parse(R"({"Name":"a"})"), kThings),
            "Start of structure or map found where not expected");
}

TEST(JsonShape, MemberShapesAreFoundByName) {
  EXPECT_EQ(member_shape(kThing, "Data"), &kBlob);
  EXPECT_EQ(member_shape(kThing, "data"), nullptr);
}

}  // namespace
}  // namespace ddb::protocol
