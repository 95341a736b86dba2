// DescribeLimits answers DynamoDB's default throughput quotas of a new account.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

TEST(DescribeLimits, AnswersTheDefaultAccountAndTableQuotas) {
  test::Harness h;
  auto r = h.call("DescribeLimits", "{}");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"AccountMaxReadCapacityUnits":80000,
                                    "AccountMaxWriteCapacityUnits":80000,
                                    "TableMaxReadCapacityUnits":40000,
                                    "TableMaxWriteCapacityUnits":40000})"));
}

}  // namespace
}  // namespace ddb::protocol
