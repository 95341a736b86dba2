// PutResourcePolicy, GetResourcePolicy and DeleteResourcePolicy in-process: policies on table and
// stream ARNs, revision IDs, ExpectedRevisionId, the document checks and CreateTable's
// ResourcePolicy. The ResourceArn checks are the tagging operations' (list_tags_of_resource_test).

#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"
#include "tests/unit/protocol/ops/helpers.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

const std::string kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/tab";
const std::string kPolicy =
    R"({"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":"*"},)"
    R"("Action":"dynamodb:GetItem","Resource":")" +
    kArn + R"("}]})";

CallResult put_policy(const Harness& h, const std::string& document, const json& extra = {}) {
  json request = {{"ResourceArn", kArn}, {"Policy", document}};
  if (extra.is_object()) request.update(extra);
  return h.call("PutResourcePolicy", request);
}

CallResult get_policy(const Harness& h, const std::string& arn = kArn) {
  return h.call("GetResourcePolicy", json{{"ResourceArn", arn}});
}

void expect_policy_not_found(const CallResult& r, const std::string& message) {
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["__type"], "com.amazonaws.dynamodb.v20120810#PolicyNotFoundException");
  EXPECT_EQ(r.message, message);
}

TEST(ResourcePolicy, PutGetAndDeleteOnATable) {
  Harness h;
  h.create_table("tab");
  expect_policy_not_found(get_policy(h),
                          "Resource-based policy not found for the provided ResourceArn: " + kArn);
  CallResult put = put_policy(h, kPolicy);
  ASSERT_EQ(put.status, 200) << put.raw_body;
  std::string revision = put.body["RevisionId"];
  EXPECT_EQ(revision.find_first_not_of("0123456789"), std::string::npos) << revision;
  EXPECT_EQ(get_policy(h).body, json({{"Policy", kPolicy}, {"RevisionId", revision}}));

  CallResult deleted = h.call("DeleteResourcePolicy", json{{"ResourceArn", kArn}});
  EXPECT_EQ(deleted.body, json({{"RevisionId", revision}}));
  EXPECT_EQ(get_policy(h).error_type, "PolicyNotFoundException");
  // Deleting again is no error, and answers no RevisionId.
  deleted = h.call("DeleteResourcePolicy", json{{"ResourceArn", kArn}});
  EXPECT_EQ(deleted.status, 200);
  EXPECT_EQ(deleted.raw_body, "{}");
}

TEST(ResourcePolicy, SameDocumentKeepsItsRevisionAndANewOneGetsAGreaterOne) {
  Harness h;
  h.create_table("tab");
  std::string first = put_policy(h, kPolicy).body["RevisionId"];
  EXPECT_EQ(put_policy(h, kPolicy).body["RevisionId"], first);
  std::string second =
      put_policy(h, R"({"Version":"2012-10-17","Statement":[]})").body["RevisionId"];
  EXPECT_GT(std::stoll(second), std::stoll(first));
}

TEST(ResourcePolicy, ExpectedRevisionIdMustMatch) {
  Harness h;
  h.create_table("tab");
  // NO_POLICY: only while the resource has none.
  std::string revision =
      put_policy(h, kPolicy, json{{"ExpectedRevisionId", "NO_POLICY"}}).body["RevisionId"];
  expect_policy_not_found(put_policy(h, "{}", json{{"ExpectedRevisionId", "NO_POLICY"}}),
                          "Resource-based policy not found for the provided ResourceArn: "
                          "Requested update for policy with revision id NO_POLICY, but the policy "
                          "associated to target " +
                              kArn + " has revision id " + revision);
  expect_policy_not_found(put_policy(h, "{}", json{{"ExpectedRevisionId", "123"}}),
                          "Resource-based policy not found for the provided ResourceArn: "
                          "Requested update for policy with revision id 123, but the policy "
                          "associated to target " +
                              kArn + " has revision id " + revision);
  EXPECT_EQ(get_policy(h).body["Policy"], kPolicy);
  std::string next =
      put_policy(h, "{}",
                 json{{"ExpectedRevisionId", revision}, {"ConfirmRemoveSelfResourceAccess", true}})
          .body["RevisionId"];
  EXPECT_NE(next, revision);

  expect_policy_not_found(
      h.call("DeleteResourcePolicy", json{{"ResourceArn", kArn}, {"ExpectedRevisionId", "1"}}),
      "Resource-based policy not found for the provided ResourceArn: Requested update for policy "
      "with revision id 1, but the policy associated to target " +
          kArn + " has revision id " + next);
  EXPECT_EQ(
      h.call("DeleteResourcePolicy", json{{"ResourceArn", kArn}, {"ExpectedRevisionId", next}})
          .body,
      json({{"RevisionId", next}}));
  // With no policy left, an expected revision is a PolicyNotFoundException.
  expect_policy_not_found(
      h.call("DeleteResourcePolicy", json{{"ResourceArn", kArn}, {"ExpectedRevisionId", next}}),
      "Resource-based policy not found for the provided ResourceArn: " + kArn);
  expect_policy_not_found(put_policy(h, "{}", json{{"ExpectedRevisionId", next}}),
                          "Resource-based policy not found for the provided ResourceArn: " + kArn);
}

TEST(ResourcePolicy, RefusesADocumentThatIsNotAJsonObjectOrOver20KB) {
  Harness h;
  h.create_table("tab");
  expect_validation(put_policy(h, "{not json"),
                    "Resource-based policy document is not a valid JSON object");
  expect_validation(put_policy(h, "[]"),
                    "Resource-based policy document is not a valid JSON object");
  // 20 KB, whitespace included, is the most.
  std::string at_limit = "{" + std::string(20 * 1024 - 2, ' ') + "}";
  EXPECT_EQ(put_policy(h, at_limit).status, 200);
  expect_validation(put_policy(h, at_limit + " "),
                    "Resource-based policy document size 20481 bytes exceeds the maximum allowed "
                    "size of 20 KB (20480 bytes)");
}

TEST(ResourcePolicy, ModelConstraints) {
  Harness h;
  h.create_table("tab");
  test::expect_violations(
      h.call("PutResourcePolicy", json{{"ExpectedRevisionId", ""}}),
      {"Value null at 'resourceArn' failed to satisfy constraint: Member must not be null",
       "Value null at 'policy' failed to satisfy constraint: Member must not be null",
       "Value '' at 'expectedRevisionId' failed to satisfy constraint: Member must have length "
       "greater than or equal to 1"});
  expect_validation(h.call("GetResourcePolicy", json::object()),
                    "1 validation error detected: Value null at 'resourceArn' failed to satisfy "
                    "constraint: Member must not be null");
  expect_validation(h.call("DeleteResourcePolicy", json{{"ResourceArn", "tab"}}),
                    "One or more parameter values were invalid: ARNs must start with 'arn:': tab");
}

TEST(ResourcePolicy, AMissingTableOrStreamIsResourceNotFound) {
  Harness h;
  h.create_table("tab");
  const std::string other = "arn:aws:dynamodb:us-east-1:000000000000:table/other";
  CallResult r = get_policy(h, other);
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: ResourceArn: " + other + " not found");
  const std::string stream = kArn + "/stream/2026-01-01T00:00:00.000";
  r = h.call("PutResourcePolicy", json{{"ResourceArn", stream}, {"Policy", "{}"}});
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found: ResourceArn: " + stream + " not found");
}

TEST(ResourcePolicy, AStreamHasAPolicyOfItsOwn) {
  Harness h;
  json request = test::create_request("tab");
  request["StreamSpecification"] = {{"StreamEnabled", true}, {"StreamViewType", "KEYS_ONLY"}};
  std::string stream = h.call("CreateTable", request).body["TableDescription"]["LatestStreamArn"];
  CallResult put = h.call("PutResourcePolicy", json{{"ResourceArn", stream}, {"Policy", "{}"}});
  ASSERT_EQ(put.status, 200) << put.raw_body;
  EXPECT_EQ(get_policy(h, stream).body["Policy"], "{}");
  EXPECT_EQ(get_policy(h).error_type, "PolicyNotFoundException");
  EXPECT_EQ(h.call("DeleteResourcePolicy", json{{"ResourceArn", stream}}).body["RevisionId"],
            put.body["RevisionId"]);
}

TEST(ResourcePolicy, CreateTableStoresItsResourcePolicyAndDeleteTableDropsIt) {
  Harness h;
  json request = test::create_request("tab");
  request["ResourcePolicy"] = "{ }";
  ASSERT_EQ(h.call("CreateTable", request).status, 200);
  CallResult r = get_policy(h);
  EXPECT_EQ(r.body["Policy"], "{ }");
  EXPECT_TRUE(r.body["RevisionId"].is_string());
  ASSERT_EQ(h.call("DeleteTable", json{{"TableName", "tab"}}).status, 200);
  ASSERT_EQ(h.call("CreateTable", test::create_request("tab")).status, 200);
  EXPECT_EQ(get_policy(h).error_type, "PolicyNotFoundException");
}

TEST(ResourcePolicy, CreateTableRefusesABadPolicyAndCreatesNothing) {
  Harness h;
  json request = test::create_request("tab");
  request["ResourcePolicy"] = "nope";
  expect_validation(h.call("CreateTable", request),
                    "Resource-based policy document is not a valid JSON object");
  EXPECT_EQ(h.call("DescribeTable", json{{"TableName", "tab"}}).error_type,
            "ResourceNotFoundException");
}

}  // namespace
}  // namespace ddb::protocol
