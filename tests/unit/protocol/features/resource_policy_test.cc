#include "protocol/features/resource_policy.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"

namespace ddb::protocol {
namespace {

TEST(ResourcePolicyRules, AcceptsJsonObjectsUpTo20KB) {
  EXPECT_NO_THROW(check_policy_document("{}"));
  EXPECT_NO_THROW(check_policy_document("{" + std::string(kMaxPolicyBytes - 2, '\n') + "}"));
  EXPECT_THROW(check_policy_document("{" + std::string(kMaxPolicyBytes - 1, ' ') + "}"),
               engine::Error);
  for (const char* bad : {"", "[]", "\"text\"", "42", "{", "{} {}"}) {
    EXPECT_THROW(check_policy_document(bad), engine::Error) << bad;
  }
}

TEST(ResourcePolicyRules, RevisionIdsAreDecimalMillisecondsThatOnlyGrow) {
  engine::ResourcePolicy first = new_policy("{}", std::nullopt);
  EXPECT_EQ(first.document, "{}");
  EXPECT_EQ(first.revision_id.size(), 13u) << first.revision_id;  // milliseconds since 2001
  EXPECT_EQ(first.revision_id.find_first_not_of("0123456789"), std::string::npos);
  // A previous revision ahead of the clock is still passed.
  engine::ResourcePolicy ahead{"{}", "99999999999999"};
  EXPECT_EQ(new_policy("{}", ahead).revision_id, "100000000000000");
}

TEST(ResourcePolicyRules, ATableAndEachStreamHoldTheirOwnPolicy) {
  engine::TableDefinition definition;
  TaggedResource table{"arn:aws:dynamodb:us-east-1:000000000000:table/t", "t", false};
  TaggedResource stream{table.arn + "/stream/2026-01-01T00:00:00.000", "t", true};
  set_policy(definition, table, engine::ResourcePolicy{"{\"a\":1}", "1"});
  set_policy(definition, stream, engine::ResourcePolicy{"{\"b\":2}", "2"});
  EXPECT_EQ(policy_of(definition, table)->document, "{\"a\":1}");
  EXPECT_EQ(policy_of(definition, stream)->document, "{\"b\":2}");
  set_policy(definition, stream, std::nullopt);
  EXPECT_FALSE(policy_of(definition, stream).has_value());
  EXPECT_TRUE(policy_of(definition, table).has_value());
  set_policy(definition, table, std::nullopt);
  EXPECT_FALSE(definition.features.resource_policy.has_value());
}

}  // namespace
}  // namespace ddb::protocol
