// The admin API's reset and snapshot operations: paths, bodies, answers and refusals.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "protocol/admin/admin_api.h"
#include "tests/support/admin_call.h"
#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

using Answer = test::AdminAnswer;

Answer admin(const AdminApi& api, std::string_view method, std::string_view path,
             std::string_view body = "") {
  return test::call_admin(api, method, path, body);
}

class AdminSnapshots : public ::testing::Test {
 protected:
  AdminApi api_for(Namespaces namespaces) { return AdminApi({h.database(), namespaces}); }

  test::Harness h;
  AdminApi api{{h.database(), Namespaces::PerAccessKey}};
};

TEST_F(AdminSnapshots, SaveListRestoreDelete) {
  h.create_table("tbl");
  h.put("tbl", {{"pk", {{"S", "a"}}}});
  Answer saved = admin(api, "PUT", "snapshots/base-1.v_2");
  ASSERT_EQ(saved.status, 200) << saved.body;
  EXPECT_EQ(saved.body["name"], "base-1.v_2");
  EXPECT_EQ(saved.body["tables"], 1);
  EXPECT_EQ(saved.body["items"], 1);
  EXPECT_EQ(saved.body["namespace"], nullptr);
  EXPECT_TRUE(saved.body["createdEpochSeconds"].is_number());

  Answer list = admin(api, "GET", "snapshots");
  ASSERT_EQ(list.body["snapshots"].size(), 1u);
  EXPECT_EQ(list.body["snapshots"][0], saved.body);

  h.put("tbl", {{"pk", {{"S", "b"}}}});
  Answer restored = admin(api, "POST", "snapshots/base-1.v_2/restore");
  ASSERT_EQ(restored.status, 200) << restored.body;
  EXPECT_EQ(restored.body["tablesRestored"], 1);
  EXPECT_EQ(h.call("Scan", R"({"TableName": "tbl"})").body["Count"], 1);

  EXPECT_EQ(admin(api, "DELETE", "snapshots/base-1.v_2").body,
            json::parse(R"({"name": "base-1.v_2", "deleted": true})"));
  EXPECT_EQ(admin(api, "GET", "snapshots").body, json::parse(R"({"snapshots": []})"));
}

TEST_F(AdminSnapshots, UnknownSnapshotIsNotFound) {
  const json expected =
      json::parse(R"({"error": "NotFound", "message": "no snapshot named nope"})");
  for (auto [method, path] :
       {std::pair{"POST", "snapshots/nope/restore"}, std::pair{"DELETE", "snapshots/nope"}}) {
    Answer answer = admin(api, method, path);
    EXPECT_EQ(answer.status, 404) << path;
    EXPECT_EQ(answer.body, expected) << path;
  }
}

TEST_F(AdminSnapshots, BadNamesAreRefused) {
  const json expected = json::parse(
      R"({"error": "BadRequest",
          "message": "a snapshot name is 1 to 255 characters of A-Z, a-z, 0-9, '.', '_' and '-'"})");
  for (const std::string& name : {std::string("with space"), std::string("a%2Fb"),
                                  std::string("ünïcode"), std::string(256, 'a')}) {
    Answer answer = admin(api, "PUT", "snapshots/" + name);
    EXPECT_EQ(answer.status, 400) << name;
    EXPECT_EQ(answer.body, expected) << name;
  }
  EXPECT_EQ(admin(api, "PUT", "snapshots/" + std::string(255, 'a')).status, 200);
}

TEST_F(AdminSnapshots, ResetAnswersHowManyTablesItDropped) {
  h.create_table("one");
  h.create_table("two");
  EXPECT_EQ(admin(api, "POST", "reset").body,
            json::parse(R"({"tablesDeleted": 2, "backupsDeleted": 0, "namespace": null})"));
  EXPECT_EQ(admin(api, "POST", "reset", "{}").body,
            json::parse(R"({"tablesDeleted": 0, "backupsDeleted": 0, "namespace": null})"));
}

TEST_F(AdminSnapshots, ANamespaceIsAnAccessKeyAndARegionByDefault) {
  h.create_table("one");
  Answer answer =
      admin(api, "POST", "reset", R"({"region": "us-east-1", "accessKey": "AKIDEXAMPLE"})");
  EXPECT_EQ(
      answer.body,
      json::parse(
          R"({"tablesDeleted": 1, "backupsDeleted": 0, "namespace": "AKIDEXAMPLE/us-east-1"})"));
  for (const char* body : {R"({"region": "us-east-1"})", R"({"accessKey": "AKIDEXAMPLE"})"}) {
    Answer refused = admin(api, "POST", "reset", body);
    EXPECT_EQ(refused.status, 400);
    EXPECT_EQ(refused.body["message"],
              "tables are kept per access key and region: give both region and accessKey");
  }
}

TEST_F(AdminSnapshots, PerRegionNeedsTheRegionOnlyAndSharedNeedsNothing) {
  AdminApi per_region = api_for(Namespaces::PerRegion);
  EXPECT_EQ(admin(per_region, "PUT", "snapshots/s", R"({"region": "eu-west-1", "accessKey": "x"})")
                .body["namespace"],
            "eu-west-1");
  EXPECT_EQ(admin(per_region, "POST", "reset", R"({"accessKey": "x"})").status, 400);
  AdminApi shared = api_for(Namespaces::Shared);
  EXPECT_EQ(admin(shared, "POST", "reset", R"({"region": "eu-west-1", "accessKey": "x"})")
                .body["namespace"],
            "");
}

TEST_F(AdminSnapshots, MalformedScopesAreRefused) {
  for (const char* body : {R"([1])", R"({"region": 5, "accessKey": "k"})",
                           R"({"region": "", "accessKey": "k"})", R"({"regoin": "us-east-1"})"}) {
    Answer answer = admin(api, "POST", "reset", body);
    EXPECT_EQ(answer.status, 400) << body;
    EXPECT_EQ(answer.body["error"], "BadRequest") << body;
  }
  EXPECT_EQ(admin(api, "GET", "snapshots/x/restore").status, 405);
}

}  // namespace
}  // namespace ddb::protocol
