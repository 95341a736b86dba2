#include "protocol/json/value_json.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

using engine::AttributeValue;
using engine::ErrorType;
using engine::Number;

struct Failure {
  ErrorType type;
  std::string message;
};

// The Error value_from_json throws for `text` (a JSON AttributeValue); fails the test if none.
Failure decode_error(std::string_view text) {
  try {
    value_from_json(Json::parse(text));
  } catch (const engine::Error& e) {
    return {e.type(), e.message()};
  }
  ADD_FAILURE() << "no error for " << text;
  return {ErrorType::InternalServer, ""};
}

void expect_validation(std::string_view text, const std::string& message) {
  Failure failure = decode_error(text);
  EXPECT_EQ(failure.type, ErrorType::Validation) << text;
  EXPECT_EQ(failure.message, message) << text;
}

void expect_serialization(std::string_view text, const std::string& message) {
  Failure failure = decode_error(text);
  EXPECT_EQ(failure.type, ErrorType::Serialization) << text;
  EXPECT_EQ(failure.message, message) << text;
}

AttributeValue decode(std::string_view text) { return value_from_json(Json::parse(text)); }

// `depth` levels of {"M":{"a": ...}} around {"S":"x"}.
std::string nested_maps(int depth) {
  std::string text = R"({"S":"x"})";
  for (int i = 0; i < depth; ++i) text = R"({"M":{"a":)" + text + "}}";
  return text;
}

std::string nested_lists(int depth) {
  std::string text = R"({"N":"1"})";
  for (int i = 0; i < depth; ++i) text = R"({"L":[)" + text + "]}";
  return text;
}

TEST(ValueJson, DecodesEveryType) {
  EXPECT_EQ(decode(R"({"S":"hi"})"), AttributeValue::string("hi"));
  EXPECT_EQ(decode(R"({"N":"1.50"})"), AttributeValue::number(Number::parse("1.5")));
  EXPECT_EQ(decode(R"({"B":"AP8="})"), AttributeValue::binary(std::string("\x00\xFF", 2)));
  EXPECT_EQ(decode(R"({"BOOL":false})"), AttributeValue::boolean(false));
  EXPECT_EQ(decode(R"({"NULL":true})"), AttributeValue::null());
  EXPECT_EQ(decode(R"({"M":{"a":{"S":"x"}}})"),
            AttributeValue::map({{"a", AttributeValue::string("x")}}));
  EXPECT_EQ(decode(R"({"L":[{"S":"x"},{"BOOL":true}]})"),
            AttributeValue::list({AttributeValue::string("x"), AttributeValue::boolean(true)}));
  EXPECT_EQ(decode(R"({"SS":["b","a"]})"), AttributeValue::string_set({"a", "b"}));
  EXPECT_EQ(decode(R"({"NS":["2","1"]})"),
            AttributeValue::number_set({Number::parse("1"), Number::parse("2")}));
  EXPECT_EQ(decode(R"({"BS":["AQ==","AA=="]})"),
            AttributeValue::binary_set({std::string("\x00", 1), "\x01"}));
}

TEST(ValueJson, IgnoresNullMembersWhenCountingTypes) {
  EXPECT_EQ(decode(R"({"S":"x","N":null})"), AttributeValue::string("x"));
}

TEST(ValueJson, AcceptsEmptyStringsAndEmptyBinariesOutsideKeys) {
  EXPECT_EQ(decode(R"({"S":""})"), AttributeValue::string(""));
  EXPECT_EQ(decode(R"({"B":""})"), AttributeValue::binary(""));
  EXPECT_EQ(decode(R"({"SS":[""]})"), AttributeValue::string_set({""}));
}

TEST(ValueJson, WritesNumbersInCanonicalForm) {
  const auto wire = [](const char* n) {
    return value_to_json(decode(std::string(R"({"N":")") + n + "\"}")).dump();
  };
  EXPECT_EQ(wire("00042"), R"({"N":"42"})");
  EXPECT_EQ(wire("-0"), R"({"N":"0"})");
  EXPECT_EQ(wire("1.5E2"), R"({"N":"150"})");
  EXPECT_EQ(wire("1.0"), R"({"N":"1"})");
  EXPECT_EQ(wire("1.50"), R"({"N":"1.5"})");
  EXPECT_EQ(wire("+3"), R"({"N":"3"})");
  EXPECT_EQ(wire(".123"), R"({"N":"0.123"})");
  EXPECT_EQ(wire("1e+5"), R"({"N":"100000"})");
  EXPECT_EQ(wire("0.0000001"), R"({"N":"0.0000001"})");
  EXPECT_EQ(wire("1234567891234560000000000000000000000000"),
            R"({"N":"1234567891234560000000000000000000000000"})");
}

TEST(ValueJson, WritesNumberSetMembersInCanonicalForm) {
  EXPECT_EQ(value_to_json(decode(R"({"NS":["1.50","1E1","-0.0"]})")).dump(),
            R"({"NS":["0","1.5","10"]})");
}

TEST(ValueJson, WritesBinariesAsBase64) {
  EXPECT_EQ(value_to_json(decode(R"({"B":"AP8="})")).dump(), R"({"B":"AP8="})");
  EXPECT_EQ(value_to_json(decode(R"({"BS":["/w==","AA=="]})")).dump(), R"({"BS":["AA==","/w=="]})");
}

TEST(ValueJson, RoundTripsDocuments) {
  const char* text =
      R"({"M":{"a":{"L":[{"NULL":true},{"BOOL":true},{"SS":["x","y"]}]},"b":{"M":{}}}})";
  EXPECT_EQ(value_to_json(decode(text)).dump(), text);
}

TEST(ValueJson, ItemFromJsonDecodesEveryAttribute) {
  engine::Item item = item_from_json(Json::parse(R"({"pk":{"S":"a"},"n":{"N":"01"}})"));
  EXPECT_EQ(item, (engine::Item{{"pk", AttributeValue::string("a")},
                                {"n", AttributeValue::number(Number::parse("1"))}}));
  EXPECT_EQ(item_to_json(item).dump(), R"({"n":{"N":"1"},"pk":{"S":"a"}})");
}

TEST(ValueJson, RejectsAValueWithNoType) {
  const std::string message =
      "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
  expect_validation(R"({})", message);
  expect_validation(R"({"a":""})", message);
  expect_validation(R"({"S":null})", message);
}

TEST(ValueJson, RejectsAValueWithTwoTypes) {
  expect_validation(R"({"S":"a","N":"1"})",
                    "Supplied AttributeValue has more than one datatypes set, must contain exactly "
                    "one of the supported datatypes");
}

TEST(ValueJson, RejectsNullFalse) {
  expect_validation(R"({"NULL":false})",
                    "One or more parameter values were invalid: Null attribute value types must "
                    "have the value of true");
}

TEST(ValueJson, RejectsTextThatIsNotANumber) {
  expect_validation(R"({"N":"abc"})", "The parameter cannot be converted to a numeric value: abc");
  expect_validation(R"({"N":"1.2.3"})",
                    "The parameter cannot be converted to a numeric value: 1.2.3");
  expect_validation(R"({"N":" 1"})", "The parameter cannot be converted to a numeric value:  1");
  expect_validation(R"({"N":"0x10"})",
                    "The parameter cannot be converted to a numeric value: 0x10");
  expect_validation(R"({"N":"1e"})", "The parameter cannot be converted to a numeric value: 1e");
  expect_validation(R"({"N":"NaN"})", "The parameter cannot be converted to a numeric value: NaN");
  expect_validation(R"({"N":"Infinity"})",
                    "The parameter cannot be converted to a numeric value: Infinity");
}

TEST(ValueJson, RejectsNumbersOutOfRange) {
  expect_validation(R"({"N":"1e126"})",
                    "Number overflow. Attempting to store a number with magnitude larger than "
                    "supported range");
  expect_validation(R"({"N":"-1e126"})",
                    "Number overflow. Attempting to store a number with magnitude larger than "
                    "supported range");
  expect_validation(R"({"N":"1e-131"})",
                    "Number underflow. Attempting to store a number with magnitude smaller than "
                    "supported range");
  expect_validation(R"({"N":"0.9e-130"})",
                    "Number underflow. Attempting to store a number with magnitude smaller than "
                    "supported range");
  expect_validation(R"({"N":"123456789012345678901234567890123456789"})",
                    "Attempting to store more than 38 significant digits in a Number");
  expect_validation(R"({"NS":["1","1e126"]})",
                    "Number overflow. Attempting to store a number with magnitude larger than "
                    "supported range");
}

TEST(ValueJson, RejectsEmptySets) {
  // "An string set  may not be empty" has two spaces, as DynamoDB writes it.
  expect_validation(R"({"SS":[]})",
                    "One or more parameter values were invalid: An string set  may not be empty");
  expect_validation(R"({"NS":[]})",
                    "One or more parameter values were invalid: An number set  may not be empty");
  expect_validation(R"({"BS":[]})",
                    "One or more parameter values were invalid: Binary sets should not be empty");
}

TEST(ValueJson, RejectsDuplicateStringSetMembers) {
  expect_validation(
      R"({"SS":["b","a","b"]})",
      R"(One or more parameter values were invalid: Input collection ["a", "b", "b"] contains duplicates.)");
  expect_validation(
      R"({"SS":["a","a"]})",
      R"(One or more parameter values were invalid: Input collection ["a", "a"] contains duplicates.)");
}

TEST(ValueJson, ListsDuplicateMembersSortedBeforeTheRepeatThenAsSent) {
  // paritysuite: BS [/w==, AA==, AA==] -> ["AA==","/w==","AA=="] (no space after commas or before
  // "of").
  expect_validation(
      R"({"BS":["/w==","AA==","AA=="]})",
      R"(One or more parameter values were invalid: Input collection ["AA==","/w==","AA=="]of type BS contains duplicates.)");
  expect_validation(
      R"({"SS":["c","b","c","a"]})",
      R"(One or more parameter values were invalid: Input collection ["b", "c", "c", "a"] contains duplicates.)");
}

TEST(ValueJson, RejectsNumericallyEqualNumberSetMembers) {
  expect_validation(R"({"NS":["2","1","2"]})",
                    "One or more parameter values were invalid: Input collection contains "
                    "duplicates.");
  expect_validation(R"({"NS":["1","1.0"]})",
                    "One or more parameter values were invalid: Input collection contains "
                    "duplicates.");
}

TEST(ValueJson, AcceptsNestingThirtyOneLevelsBelowTheTop) {
  EXPECT_NO_THROW(decode(nested_maps(31)));
  EXPECT_NO_THROW(decode(nested_lists(31)));
}

TEST(ValueJson, RejectsNestingDeeperThanThirtyTwoLevels) {
  const std::string message =
      "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
      "beyond supported limit";
  expect_validation(nested_maps(32), message);
  expect_validation(nested_lists(32), message);
  expect_validation(nested_maps(40), message);
}

TEST(ValueJson, CountsNestingInItemsTheSameWay) {
  EXPECT_NO_THROW(item_from_json(Json::parse(R"({"a":)" + nested_maps(31) + "}")));
  EXPECT_THROW(item_from_json(Json::parse(R"({"a":)" + nested_maps(32) + "}")), engine::Error);
}

TEST(ValueJson, RejectsInvalidBase64AsSerializationErrors) {
  expect_serialization(R"({"B":"23456"})",
                       "Base64 encoded length is expected a multiple of 4 bytes but found: 5");
  // "dectected" is DynamoDB's spelling.
  expect_serialization(R"({"B":"=+/="})", "Invalid last non-pad Base64 character dectected");
  expect_serialization(R"({"B":"+/+="})", "Invalid last non-pad Base64 character dectected");
  expect_serialization(R"({"BS":["AA==","abc"]})",
                       "Base64 encoded length is expected a multiple of 4 bytes but found: 3");
}

TEST(ValueJson, RejectsBinariesThatAreNotStrings) {
  expect_serialization(R"({"B":5})", "only base-64-encoded strings are convertible to bytes");
  expect_serialization(R"({"B":true})", "only base-64-encoded strings are convertible to bytes");
  expect_serialization(R"({"B":[]})", "Unrecognized collection type class java.nio.ByteBuffer");
  expect_serialization(R"({"BS":[1]})", "only base-64-encoded strings are convertible to bytes");
}

TEST(ValueJson, RejectsStringsOfTheWrongJsonType) {
  expect_serialization(R"({"S":5})", "NUMBER_VALUE cannot be converted to String");
  expect_serialization(R"({"N":123})", "NUMBER_VALUE cannot be converted to String");
  expect_serialization(R"({"S":34.56})", "DECIMAL_VALUE cannot be converted to String");
  expect_serialization(R"({"S":true})", "TRUE_VALUE cannot be converted to String");
  expect_serialization(R"({"S":false})", "FALSE_VALUE cannot be converted to String");
  expect_serialization(R"({"S":[]})", "Unrecognized collection type class java.lang.String");
  expect_serialization(R"({"S":{}})", "Start of structure or map found where not expected");
  expect_serialization(R"({"SS":[1]})", "NUMBER_VALUE cannot be converted to String");
}

TEST(ValueJson, RejectsBooleansOfTheWrongJsonType) {
  expect_serialization(R"({"BOOL":"23"})", "Unexpected token received from parser");
  expect_serialization(R"({"BOOL":23})", "NUMBER_VALUE cannot be converted to Boolean");
  expect_serialization(R"({"BOOL":34.56})", "DECIMAL_VALUE cannot be converted to Boolean");
  expect_serialization(R"({"BOOL":[]})", "Unrecognized collection type class java.lang.Boolean");
  expect_serialization(R"({"NULL":{}})", "Start of structure or map found where not expected");
}

TEST(ValueJson, RejectsListsAndMapsOfTheWrongJsonType) {
  expect_serialization(R"({"SS":"a"})", "Unexpected field type");
  expect_serialization(R"({"L":true})", "Unexpected field type");
  expect_serialization(R"({"L":{}})", "Start of structure or map found where not expected");
  expect_serialization(R"({"M":"x"})", "Unexpected field type");
  expect_serialization(R"({"M":[]})",
                       "Unrecognized collection type java.util.Map<java.lang.String, "
                       "com.amazonaws.dynamodb.v20120810.AttributeValue>");
}

TEST(ValueJson, RejectsMembersThatAreNotAttributeValues) {
  expect_serialization(R"({"M":{"a":"x"}})", "Unexpected value type in payload");
  expect_serialization(R"({"L":[5]})", "Unexpected value type in payload");
  expect_serialization(R"({"L":[[]]})",
                       "Unrecognized collection type class "
                       "com.amazonaws.dynamodb.v20120810.AttributeValue");
  expect_serialization(R"("x")", "Unexpected value type in payload");
}

// An item's names, at every level, are 1 to 65,535 bytes; the name is checked after its value
// (DynamoDB Local's converter, whose texts the service uses).
TEST(ValueJson, RejectsEmptyAndOversizedAttributeNamesInItems) {
  const auto item_error = [](const Json& json) -> std::string {
    try {
      item_from_json(json);
    } catch (const engine::Error& e) {
      EXPECT_EQ(e.type(), ErrorType::Validation);
      return e.message();
    }
    return "";
  };
  const std::string longest(65535, 'n');
  const std::string too_long(65536, 'n');
  EXPECT_EQ(item_error(Json::parse(R"({"":{"S":"x"}})")), "Empty attribute name");
  EXPECT_EQ(item_error(Json{{too_long, {{"S", "x"}}}}),
            "Attribute name is too large, must be less than 65536 bytes");
  EXPECT_EQ(item_error(Json{{longest, {{"S", "x"}}}}), "");
  EXPECT_EQ(item_error(Json::parse(R"({"m":{"M":{"":{"N":"1"}}}})")), "Empty attribute name");
  EXPECT_EQ(item_error(Json{{"m", {{"L", {{{"M", {{too_long, {{"N", "1"}}}}}}}}}}}),
            "Attribute name is too large, must be less than 65536 bytes");
  // A bad value beside an empty name: the value is reported.
  EXPECT_EQ(item_error(Json::parse(R"({"":{"N":"x"}})")),
            "The parameter cannot be converted to a numeric value: x");
  // Bytes, not characters: 21,846 three-byte characters are 65,538 bytes.
  std::string wide;
  for (int i = 0; i < 21846; ++i) wide += "\xE2\x82\xAC";
  EXPECT_EQ(item_error(Json{{wide, {{"S", "x"}}}}),
            "Attribute name is too large, must be less than 65536 bytes");
}

}  // namespace
}  // namespace ddb::protocol
