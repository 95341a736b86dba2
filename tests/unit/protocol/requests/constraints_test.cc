#include "protocol/requests/constraints.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

std::string message_of(const Constraints& constraints) {
  try {
    constraints.check();
  } catch (const engine::Error& e) {
    return e.what();
  }
  return "<no error>";
}

TEST(Constraints, ListsOneViolationInTheSingular) {
  Constraints constraints;
  EXPECT_EQ(message_of(constraints), "<no error>");
  constraints.add("v1");
  EXPECT_EQ(message_of(constraints), "1 validation error detected: v1");
}

// issue 20: DynamoDB's list stops at ten, and so does its count.
TEST(Constraints, ListsAtMostTenViolations) {
  Constraints constraints;
  for (int i = 1; i <= 12; ++i) constraints.add("v" + std::to_string(i));
  EXPECT_EQ(message_of(constraints),
            "10 validation errors detected: v1; v2; v3; v4; v5; v6; v7; v8; v9; v10");
}

}  // namespace
}  // namespace ddb::protocol
