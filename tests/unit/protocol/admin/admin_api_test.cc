// The admin API's routing in-process: which path and method reach which operation, the error shape
// of refusals, and query parameters.

#include "protocol/admin/admin_api.h"

#include <gtest/gtest.h>

#include "engine/database.h"
#include "protocol/admin/admin_call.h"
#include "tests/support/admin_call.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

using Answer = test::AdminAnswer;
using test::call_admin;

TEST(AdminApi, RoutesByPathAndMethod) {
  engine::Database database;
  AdminApi api({.database = database});
  EXPECT_EQ(call_admin(api, "GET", "clock").status, 200);
  Answer moved = call_admin(api, "POST", "clock", R"({"advanceSeconds": 60})");
  EXPECT_EQ(moved.status, 200);
  EXPECT_NEAR(moved.body["offsetSeconds"].get<double>(), 60, 1);
  Answer wrong_method = call_admin(api, "DELETE", "clock");
  EXPECT_EQ(wrong_method.status, 405);
  EXPECT_EQ(wrong_method.body["error"], "MethodNotAllowed");
  // A path is matched segment by segment: neither a prefix nor a longer path matches.
  EXPECT_EQ(call_admin(api, "GET", "clock/extra").status, 404);
  EXPECT_EQ(call_admin(api, "GET", "clo").status, 404);
  EXPECT_EQ(call_admin(api, "POST", "ttl").status, 404);
  EXPECT_EQ(call_admin(api, "POST", "ttl/run").body, json({{"deleted", 0}}));
}

TEST(AdminApi, TheRequestLogIsNotFoundWhenOff) {
  engine::Database database;
  AdminApi api({.database = database});
  Answer answer = call_admin(api, "GET", "requests");
  EXPECT_EQ(answer.status, 404);
  EXPECT_EQ(answer.body, json({{"error", "NotFound"}, {"message", "the request log is off"}}));
}

TEST(AdminCall, ReadsQueryParameters) {
  engine::Database database;
  AdminServices services{.database = database};
  AdminCall call{services, {}, "a=1&limit=20&flag&b=", nullptr};
  EXPECT_EQ(call.query_parameter("limit"), "20");
  EXPECT_EQ(call.query_parameter("a"), "1");
  EXPECT_EQ(call.query_parameter("flag"), "");
  EXPECT_EQ(call.query_parameter("b"), "");
  EXPECT_FALSE(call.query_parameter("lim").has_value());
  EXPECT_FALSE(call.query_parameter("c").has_value());
}

}  // namespace
}  // namespace ddb::protocol
