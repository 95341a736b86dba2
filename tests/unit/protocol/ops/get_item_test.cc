// GetItem in-process through the dispatcher: what it returns and how it checks the key, with
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

TEST_F(ItemOps, GetReturnsWhatPutStored) {
  json item =
      json::parse(R"({"pk":{"S":"u1"},"tags":{"SS":["b","a"]},"m":{"M":{"x":{"NULL":true}}}})");
  ASSERT_EQ(put(item).status, 200);
  CallResult r = get(json::parse(R"({"pk":{"S":"u1"}})"));
  EXPECT_EQ(
      r.body,
      json::parse(
          R"({"Item":{"pk":{"S":"u1"},"tags":{"SS":["a","b"]},"m":{"M":{"x":{"NULL":true}}}}})"));
}

TEST_F(ItemOps, GetOfAMissingItemReturnsAnEmptyObject) {
  CallResult r = get(json::parse(R"({"pk":{"S":"nobody"}})"));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, json::object());
}

TEST_F(ItemOps, NumericSortKeysMatchWhateverTheSpelling) {
  ASSERT_EQ(put(json::parse(R"({"pk":{"S":"a"},"sk":{"N":"1.50"}})"), "orders").status, 200);
  CallResult r = get(json::parse(R"({"pk":{"S":"a"},"sk":{"N":"15E-1"}})"), "orders");
  EXPECT_EQ(r.body["Item"], json::parse(R"({"pk":{"S":"a"},"sk":{"N":"1.5"}})"));
}

TEST_F(ItemOps, GetRejectsKeysThatDoNotMatchTheSchema) {
  const std::string message = "The provided key element does not match the schema";
  expect_validation(get(json::parse(R"({"pk":{"N":"1"}})")), message);
  expect_validation(get(json::parse(R"({"id":{"S":"1"}})")), message);
  expect_validation(get(json::parse(R"({"pk":{"S":"1"},"extra":{"S":"x"}})")), message);
  expect_validation(get(json::parse(R"({"pk":{"S":"a"}})"), "orders"), message);
  expect_validation(get(json::parse(R"({"pk":{"S":"a"},"sk":{"S":"1"}})"), "orders"), message);
  expect_validation(get(json::object()), message);
}

TEST_F(ItemOps, GetReportsValueErrorsBare) {
  expect_validation(get(json::parse(R"({"pk":{"NULL":false}})")),
                    kInvalid + "Null attribute value types must have the value of true");
  expect_validation(get(json::parse(R"({"pk":{"S":""}})")),
                    "One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty string value. Key: pk");
}

TEST_F(ItemOps, GetOnAMissingTableIsResourceNotFound) {
  CallResult r = get(json::parse(R"({"pk":{"S":"a"}})"), "nope");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

}  // namespace
}  // namespace ddb::protocol
