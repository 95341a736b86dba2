// DescribeEndpoints answers this server's own address, as the client addressed it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

TEST(DescribeEndpoints, AnswersTheHostHeaderCachedForADay) {
  test::Harness h;
  h.caller().host = "127.0.0.1:8123";
  auto r = h.call("DescribeEndpoints", "{}");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, json::parse(R"({"Endpoints":[{"Address":"127.0.0.1:8123",
                                                  "CachePeriodInMinutes":1440}]})"));
}

TEST(DescribeEndpoints, AnswersLocalhostWithoutAHostHeader) {
  test::Harness h;
  h.caller().host = {};
  auto r = h.call("DescribeEndpoints", "{}");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["Endpoints"][0]["Address"], "localhost");
}

TEST(DescribeEndpoints, IsRefusedWhenAuthenticationFailed) {
  test::Harness h;
  h.caller().auth_failure = engine::Error(engine::ErrorType::UnrecognizedClient,
                                          "The security token included in the request is invalid.");
  auto r = h.call("DescribeEndpoints", "{}");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.error_type, "UnrecognizedClientException");
}

}  // namespace
}  // namespace ddb::protocol
