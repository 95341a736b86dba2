// DeleteItem in-process through the dispatcher, with DynamoDB's exact error types and messages
// (dynalite's tests recorded against AWS, paritysuite captures from 2026, AWS responses quoted in
// GitHub issues).

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

TEST_F(ItemOps, DeleteRemovesTheItemAndCanReturnIt) {
  ASSERT_EQ(put(json::parse(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"x"}})"), "orders").status,
            200);
  CallResult r =
      h.call("DeleteItem", R"({"TableName":"orders","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
                                          "ReturnValues":"ALL_OLD"})");
  EXPECT_EQ(r.body, json::parse(R"({"Attributes":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"x"}}})"));
  EXPECT_EQ(get(json::parse(R"({"pk":{"S":"a"},"sk":{"N":"1"}})"), "orders").body, json::object());
  CallResult again =
      h.call("DeleteItem", R"({"TableName":"orders","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
                                              "ReturnValues":"ALL_OLD"})");
  EXPECT_EQ(again.body, json::object());
}

TEST_F(ItemOps, DeleteRejectsAKeyWithoutTheSortKey) {
  expect_validation(h.call("DeleteItem", R"({"TableName":"orders","Key":{"pk":{"S":"a"}}})"),
                    "The provided key element does not match the schema");
}

TEST_F(ItemOps, DeleteAcceptsOnlyAllOldOrNoneAsReturnValues) {
  expect_validation(h.call("DeleteItem", R"({"TableName":"users","Key":{"pk":{"S":"x"}},
                                             "ReturnValues":"ALL_NEW"})"),
                    "1 validation error detected: ReturnValues can only be ALL_OLD or NONE");
}

}  // namespace
}  // namespace ddb::protocol
