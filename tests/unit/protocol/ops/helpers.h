// Helpers shared by the operation tests in this folder: request pieces for tables, the check of a
// "N validation errors detected" message, and a fixture with two tables for the item operations.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/harness.h"

namespace ddb::test {

using nlohmann::json;

inline const std::string kInvalid = "One or more parameter values were invalid: ";

// Expects "N validation errors detected: " followed by exactly `parts` joined by "; " in any
// order (DynamoDB does not keep the order of constraint violations stable).
inline void expect_violations(const CallResult& r, const std::vector<std::string>& parts) {
  EXPECT_EQ(r.error_type, "ValidationException") << r.body.dump();
  const std::string prefix = std::to_string(parts.size()) + " validation errors detected: ";
  ASSERT_EQ(r.message.substr(0, prefix.size()), prefix) << r.message;
  std::vector<std::string> got;
  std::string rest = r.message.substr(prefix.size());
  for (std::size_t at; (at = rest.find("; ")) != std::string::npos; rest = rest.substr(at + 2)) {
    got.push_back(rest.substr(0, at));
  }
  got.push_back(rest);
  std::vector<std::string> expected = parts;
  std::sort(got.begin(), got.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(got, expected) << r.message;
}

// A KeySchema: `hash` as HASH and, when given, `range` as RANGE.
inline json key_schema(const char* hash, const char* range = nullptr) {
  json schema = json::array({{{"AttributeName", hash}, {"KeyType", "HASH"}}});
  if (range) schema.push_back({{"AttributeName", range}, {"KeyType", "RANGE"}});
  return schema;
}

// AttributeDefinitions from (name, type) pairs.
inline json definitions(std::initializer_list<std::pair<const char*, const char*>> attributes) {
  json list = json::array();
  for (const auto& [name, type] : attributes) {
    list.push_back({{"AttributeName", name}, {"AttributeType", type}});
  }
  return list;
}

// A CreateTable request for an on-demand table `name` keyed pk (S).
inline json create_request(const std::string& name) {
  return {{"TableName", name},
          {"AttributeDefinitions", definitions({{"pk", "S"}})},
          {"KeySchema", key_schema("pk")},
          {"BillingMode", "PAY_PER_REQUEST"}};
}

// Tables "users" (pk S) and "orders" (pk S, sk N), with PutItem and GetItem calls on them.
class ItemOps : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("users");
    h.create_table("orders", "sk", "N");
  }
  CallResult put(const json& item, const char* table = "users") {
    return h.call("PutItem", json{{"TableName", table}, {"Item", item}});
  }
  CallResult get(const json& key, const char* table = "users") {
    return h.call("GetItem", json{{"TableName", table}, {"Key", key}});
  }
  Harness h;
};

}  // namespace ddb::test
