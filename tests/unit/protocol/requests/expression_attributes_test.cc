// ExpressionAttributeNames and ExpressionAttributeValues as read from a request: the rules on the
// names each placeholder stands for.

#include "protocol/requests/expression_attributes.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

std::string error_of(const Json& request, bool enveloped = false) {
  try {
    ExpressionAttributes::from_request(request, enveloped);
  } catch (const engine::Error& error) {
    EXPECT_EQ(error.type(), engine::ErrorType::Validation);
    return error.message();
  }
  return "";
}

// A name is 1 to 65,535 bytes; the message names the placeholder, bare even for the operations
// that put value errors in an envelope (a live UpdateItem answered "ExpressionAttributeNames
// contains invalid value: Empty attribute name for key #DE").
TEST(ExpressionAttributes, RejectsEmptyAndOversizedNames) {
  EXPECT_EQ(error_of(Json::parse(R"({"ExpressionAttributeNames":{"#a":"a","#b":""}})")),
            "ExpressionAttributeNames contains invalid value: Empty attribute name for key #b");
  EXPECT_EQ(error_of(Json::parse(R"({"ExpressionAttributeNames":{"#DE":""}})"), true),
            "ExpressionAttributeNames contains invalid value: Empty attribute name for key #DE");
  EXPECT_EQ(error_of(Json{{"ExpressionAttributeNames", {{"#n", std::string(65536, 'x')}}}}),
            "ExpressionAttributeNames contains invalid value: Attribute name is too large, must be "
            "less than 65536 bytes for key #n");
  EXPECT_EQ(error_of(Json{{"ExpressionAttributeNames", {{"#n", std::string(65535, 'x')}}}}), "");
}

// The values are decoded first, as DynamoDB Local does: a bad value wins over a bad name.
TEST(ExpressionAttributes, ChecksTheValuesBeforeTheNames) {
  EXPECT_EQ(error_of(Json::parse(R"({"ExpressionAttributeNames":{"#a":""},
                                     "ExpressionAttributeValues":{":v":{"N":"x"}}})")),
            "The parameter cannot be converted to a numeric value: x");
}

}  // namespace
}  // namespace ddb::protocol
