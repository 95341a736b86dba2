// PutItem in-process through the dispatcher: what it stores and returns, and its validation, with
// DynamoDB's exact error types and messages (dynalite's tests recorded against AWS, paritysuite
// captures from 2026, AWS responses quoted in GitHub issues).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::ItemOps;
using test::kInvalid;

TEST_F(ItemOps, NumbersComeBackInCanonicalForm) {
  ASSERT_EQ(put(json::parse(R"({"pk":{"S":"n"},"a":{"N":"00042"},"b":{"N":"1.5E2"},"c":{"N":"-0"},
                              "d":{"N":"1.50"},"e":{"NS":["1.0","2E0"]}})"))
                .status,
            200);
  CallResult r = get(json::parse(R"({"pk":{"S":"n"}})"));
  EXPECT_EQ(r.body["Item"], json::parse(R"({"pk":{"S":"n"},"a":{"N":"42"},"b":{"N":"150"},
                                            "c":{"N":"0"},"d":{"N":"1.5"},"e":{"NS":["1","2"]}})"));
}

TEST_F(ItemOps, PutReturnsTheOldItemWhenAskedForAllOld) {
  ASSERT_EQ(put(json::parse(R"({"pk":{"S":"u"},"v":{"N":"1"}})")).status, 200);
  CallResult r = h.call("PutItem", R"({"TableName":"users","Item":{"pk":{"S":"u"},"v":{"N":"2"}},
                                       "ReturnValues":"ALL_OLD"})");
  EXPECT_EQ(r.body, json::parse(R"({"Attributes":{"pk":{"S":"u"},"v":{"N":"1"}}})"));
}

TEST_F(ItemOps, PutRejectsAnItemWithoutThePartitionKey) {
  expect_validation(put(json::parse(R"({"other":{"S":"x"}})")),
                    kInvalid + "Missing the key pk in the item");
  expect_validation(put(json::parse(R"({"pk":{"S":"x"}})"), "orders"),
                    kInvalid + "Missing the key sk in the item");
}

TEST_F(ItemOps, PutRejectsAKeyOfTheWrongType) {
  expect_validation(put(json::parse(R"({"pk":{"N":"5"}})")),
                    kInvalid + "Type mismatch for key pk expected: S actual: N");
  expect_validation(put(json::parse(R"({"pk":{"M":{}}})")),
                    kInvalid + "Type mismatch for key pk expected: S actual: M");
}

TEST_F(ItemOps, PutRejectsEmptyKeyValues) {
  expect_validation(put(json::parse(R"({"pk":{"S":""}})")),
                    "One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty string value. Key: pk");
}

TEST_F(ItemOps, PutRejectsAPartitionKeyOver2048Bytes) {
  EXPECT_EQ(put(json{{"pk", {{"S", std::string(2048, 'k')}}}}).status, 200);
  // "of2048" without a space is DynamoDB's text.
  expect_validation(put(json{{"pk", {{"S", std::string(2049, 'k')}}}}),
                    kInvalid + "Size of hashkey has exceeded the maximum size limit of2048 bytes");
}

TEST_F(ItemOps, PutRejectsABinarySortKeyOver1024Bytes) {
  h.create_table("blobs", "sk", "B");
  std::string fits = std::string(1024, 'A');  // 768 bytes
  ASSERT_EQ(put(json{{"pk", {{"S", "a"}}}, {"sk", {{"B", fits}}}}, "blobs").status, 200);
  std::string too_long = std::string(1368, 'A');  // 1026 bytes
  expect_validation(
      put(json{{"pk", {{"S", "a"}}}, {"sk", {{"B", too_long}}}}, "blobs"),
      kInvalid + "Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
}

TEST_F(ItemOps, PutRejectsItemsOver400Kilobytes) {
  // "pk" 2 + "a" 1 + "data" 4 + 409593 = 409600 bytes: exactly the limit.
  EXPECT_EQ(put(json{{"pk", {{"S", "a"}}}, {"data", {{"S", std::string(409593, 'x')}}}}).status,
            200);
  expect_validation(put(json{{"pk", {{"S", "a"}}}, {"data", {{"S", std::string(409594, 'x')}}}}),
                    "Item size has exceeded the maximum allowed size");
  // issue 20: before the table's existence and the item's key.
  expect_validation(
      put(json{{"pk", {{"S", "a"}}}, {"data", {{"S", std::string(409594, 'x')}}}}, "nope"),
      "Item size has exceeded the maximum allowed size");
  expect_validation(put(json{{"data", {{"S", std::string(409600, 'x')}}}}),
                    "Item size has exceeded the maximum allowed size");
  // ... and before Expected's checks: an Expected with no argument for EQ is not reported.
  json request = {{"TableName", "users"},
                  {"Item", {{"pk", {{"S", "a"}}}, {"data", {{"S", std::string(409594, 'x')}}}}},
                  {"Expected", {{"pk", {{"ComparisonOperator", "EQ"}}}}}};
  expect_validation(h.call("PutItem", request), "Item size has exceeded the maximum allowed size");
  request["Item"]["data"]["S"] = "small";
  expect_validation(h.call("PutItem", request),
                    "1 validation error detected: One or more parameter values were invalid: "
                    "Value or AttributeValueList must be used with ComparisonOperator: EQ for "
                    "Attribute: pk");
}

TEST_F(ItemOps, PutWrapsValueErrorsInTheValidationEnvelope) {
  expect_validation(put(json::parse(R"({"pk":{"S":"a"},"n":{"N":"abc"}})")),
                    "1 validation error detected: The parameter cannot be converted to a numeric "
                    "value: abc");
  expect_validation(put(json::parse(R"({"pk":{"S":"a"},"f":{"NULL":false}})")),
                    "1 validation error detected: One or more parameter values were invalid: Null "
                    "attribute value types must have the value of true");
  expect_validation(put(json::parse(R"({"pk":{"S":"a"},"s":{"SS":[]}})")),
                    "1 validation error detected: One or more parameter values were invalid: An "
                    "string set  may not be empty");
}

TEST_F(ItemOps, PutReportsSerializationErrorsUnwrapped) {
  CallResult r = put(json::parse(R"({"pk":{"S":"a"},"n":{"N":5}})"));
  EXPECT_EQ(r.error_type, "SerializationException");
  EXPECT_EQ(r.message, "NUMBER_VALUE cannot be converted to String");
}

TEST_F(ItemOps, PutOnAMissingTableIsResourceNotFound) {
  CallResult r = put(json::parse(R"({"pk":{"S":"a"}})"), "nope");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

TEST_F(ItemOps, PutValidatesTheTableName) {
  expect_validation(h.call("PutItem", R"({"Item":{"pk":{"S":"a"}}})"),
                    "1 validation error detected: Value null at 'tableName' failed to satisfy "
                    "constraint: Member must not be null");
  expect_validation(put(json::parse(R"({"pk":{"S":"a"}})"), "bad table!@#"),
                    "1 validation error detected: Value 'bad table!@#' at 'tableName' failed to "
                    "satisfy constraint: Member must satisfy regular expression pattern: "
                    "[a-zA-Z0-9_.-]+");
}

}  // namespace
}  // namespace ddb::protocol
