// The legacy parameters through the dispatcher: each operation hands Expected, AttributeUpdates,
// KeyConditions, QueryFilter, ScanFilter and ConditionalOperator to protocol/legacy and applies
// the result, with the rules the operations share with the expression API (key attributes, the
// filter's key check) and the legacy wording where it differs.

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::Harness;

json eq(const json& value) {
  return {{"ComparisonOperator", "EQ"}, {"AttributeValueList", json::array({value})}};
}

// Items pk=a, sk=0..4, n=sk, odd=true/false.
void fill(Harness& h) {
  h.create_table("tbl", "sk", "N");
  for (int i = 0; i < 5; ++i) {
    std::string n = std::to_string(i);
    h.put("tbl", json{{"pk", {{"S", "a"}}},
                      {"sk", {{"N", n}}},
                      {"n", {{"N", n}}},
                      {"odd", {{"BOOL", i % 2 == 1}}}});
  }
}

std::string sort_keys(const CallResult& r) {
  std::string keys;
  for (const json& item : r.body["Items"]) keys += item["sk"]["N"].get<std::string>();
  return keys;
}

TEST(LegacyOps, ExpectedGuardsPutAndDelete) {
  Harness h;
  h.create_table("tbl");
  json put = {{"TableName", "tbl"},
              {"Item", {{"pk", {{"S", "a"}}}, {"v", {{"N", "1"}}}}},
              {"Expected", {{"pk", {{"Exists", false}}}}}};
  EXPECT_EQ(h.call("PutItem", put).status, 200);
  EXPECT_EQ(h.call("PutItem", put).error_type, "ConditionalCheckFailedException");
  json del = {{"TableName", "tbl"},
              {"Key", {{"pk", {{"S", "a"}}}}},
              {"Expected", {{"v", {{"Value", {{"N", "2"}}}}}, {"w", {{"Exists", false}}}}},
              {"ConditionalOperator", "OR"}};
  EXPECT_EQ(h.call("DeleteItem", del).status, 200);
  EXPECT_EQ(h.call("GetItem", json{{"TableName", "tbl"}, {"Key", {{"pk", {{"S", "a"}}}}}}).body,
            json::object());
}

TEST(LegacyOps, ReportsExpectedErrorsInTheEnvelope) {
  Harness h;
  h.create_table("tbl");
  json put = {{"TableName", "tbl"},
              {"Item", {{"pk", {{"S", "a"}}}}},
              {"Expected", {{"a", {{"Exists", true}}}}}};
  expect_validation(h.call("PutItem", put),
                    "1 validation error detected: One or more parameter values were invalid: Value "
                    "must be provided when Exists is true for Attribute: a");
  put["Expected"] = {{"a", {{"Exists", false}}}};
  put["ConditionalOperator"] = "AND";
  expect_validation(h.call("PutItem", put),
                    "1 validation error detected: ConditionalOperator can only be used when Filter "
                    "or Expected has two or more elements");
  put["ConditionalOperator"] = "XOR";
  expect_validation(h.call("PutItem", put),
                    "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to "
                    "satisfy constraint: Member must satisfy enum value set: [OR, AND]");
}

TEST(LegacyOps, AttributeUpdatesWithExpected) {
  Harness h;
  h.create_table("tbl");
  h.put("tbl", json{{"pk", {{"S", "a"}}}, {"n", {{"N", "1"}}}, {"l", {{"L", json::array()}}}});
  json update = {{"TableName", "tbl"},
                 {"Key", {{"pk", {{"S", "a"}}}}},
                 {"AttributeUpdates",
                  {{"n", {{"Action", "ADD"}, {"Value", {{"N", "2"}}}}},
                   {"l", {{"Action", "ADD"}, {"Value", {{"L", {{{"S", "x"}}}}}}}}}},
                 {"Expected", {{"n", {{"Value", {{"N", "1"}}}}}}},
                 {"ReturnValues", "UPDATED_NEW"}};
  CallResult r = h.call("UpdateItem", update);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["Attributes"], json::parse(R"({"n":{"N":"3"},"l":{"L":[{"S":"x"}]}})"));
  EXPECT_EQ(h.call("UpdateItem", update).error_type, "ConditionalCheckFailedException");
}

TEST(LegacyOps, AttributeUpdatesReportTypeMismatchInTheLegacyWording) {
  Harness h;
  h.create_table("tbl");
  h.put("tbl", json{{"pk", {{"S", "a"}}}, {"s", {{"S", "x"}}}, {"ss", {{"SS", {"x"}}}}});
  auto update = [&](const json& updates) {
    return h.call(
        "UpdateItem",
        json{{"TableName", "tbl"}, {"Key", {{"pk", {{"S", "a"}}}}}, {"AttributeUpdates", updates}});
  };
  expect_validation(update({{"s", {{"Action", "ADD"}, {"Value", {{"N", "1"}}}}}}),
                    "Type mismatch for attribute to update");
  expect_validation(update({{"ss", {{"Action", "DELETE"}, {"Value", {{"NS", {"1"}}}}}}}),
                    "Type mismatch for attribute to update");
  expect_validation(update({{"s", {{"Action", "ADD"}, {"Value", {{"L", json::array()}}}}}}),
                    "Type mismatch for attribute to update");
}

TEST(LegacyOps, AttributeUpdatesMayNotTouchTheKey) {
  Harness h;
  h.create_table("tbl", "sk");
  json request = {
      {"TableName", "tbl"},
      {"Key", {{"pk", {{"S", "a"}}}, {"sk", {{"S", "b"}}}}},
      {"AttributeUpdates", {{"d", {{"Value", {{"N", "1"}}}}}, {"sk", {{"Action", "DELETE"}}}}}};
  expect_validation(h.call("UpdateItem", request),
                    "One or more parameter values were invalid: Cannot update attribute sk. This "
                    "attribute is part of the key");
}

TEST(LegacyOps, KeyConditionsAndQueryFilterSelectItems) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"},
                  {"KeyConditions",
                   {{"pk", eq({{"S", "a"}})},
                    {"sk",
                     {{"ComparisonOperator", "BETWEEN"},
                      {"AttributeValueList", {{{"N", "1"}}, {{"N", "3"}}}}}}}},
                  {"QueryFilter", {{"odd", eq({{"BOOL", true}})}}}};
  CallResult r = h.call("Query", request);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(sort_keys(r), "13");
  EXPECT_EQ(r.body["ScannedCount"], 3);
}

TEST(LegacyOps, KeyConditionsFollowTheKeySchema) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"}, {"KeyConditions", {{"sk", eq({{"N", "1"}})}}}};
  expect_validation(h.call("Query", request), "Query condition missed key schema element: pk");
  request["KeyConditions"] = {{"pk", eq({{"N", "1"}})}};
  expect_validation(h.call("Query", request),
                    "One or more parameter values were invalid: Condition parameter type does not "
                    "match schema type");
  request["KeyConditions"] = json::object();
  expect_validation(h.call("Query", request), "Conditions can be of length 1 or 2 only");
}

TEST(LegacyOps, QueryFilterMayNotNameAKeyAttribute) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"},
                  {"KeyConditions", {{"pk", eq({{"S", "a"}})}}},
                  {"QueryFilter", {{"sk", eq({{"N", "1"}})}}}};
  expect_validation(h.call("Query", request),
                    "QueryFilter can only contain non-primary key attributes: Primary key "
                    "attribute: sk");
}

TEST(LegacyOps, QueryReportsAnUnknownConditionalOperatorFirst) {
  Harness h;
  json request = {
      {"TableName", "absent"},
      {"KeyConditions", {{"pk", eq({{"S", "a"}})}}},
      {"QueryFilter",
       {{"b", {{"ComparisonOperator", "NULL"}}}, {"c", {{"ComparisonOperator", "NULL"}}}}},
      {"ConditionalOperator", "XOR"},
      {"Select", "BOGUS"}};
  expect_validation(h.call("Query", request),
                    "Failed to satisfy constraint: Member must satisfy enum value set: [ALL, OR]");
}

TEST(LegacyOps, ScanFilterWithAttributesToGet) {
  Harness h;
  fill(h);
  json request = {{"TableName", "tbl"},
                  {"ScanFilter",
                   {{"odd", eq({{"BOOL", false}})},
                    {"n", {{"ComparisonOperator", "GT"}, {"AttributeValueList", {{{"N", "2"}}}}}}}},
                  {"ConditionalOperator", "OR"},
                  {"AttributesToGet", {"sk"}}};
  CallResult r = h.call("Scan", request);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  // Even sort keys, or above 2: 0, 2, 3, 4 of 0..4; only sk is returned.
  EXPECT_EQ(r.body["Count"], 4);
  EXPECT_EQ(r.body["ScannedCount"], 5);
  EXPECT_EQ(sort_keys(r), "0234");
  EXPECT_EQ(r.body["Items"][0], json::parse(R"({"sk":{"N":"0"}})"));
}

TEST(LegacyOps, GetItemRejectsDuplicateAttributesToGet) {
  Harness h;
  h.create_table("tbl");
  expect_validation(h.call("GetItem", json{{"TableName", "tbl"},
                                           {"Key", {{"pk", {{"S", "a"}}}}},
                                           {"AttributesToGet", {"a", "a"}}}),
                    "One or more parameter values were invalid: Duplicate value in attribute "
                    "name: a");
}

}  // namespace
}  // namespace ddb::protocol
