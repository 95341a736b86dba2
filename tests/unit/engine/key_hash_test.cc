#include "engine/key_hash.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::engine {
namespace {

AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }

// Scan order, parallel-scan segments and the LastEvaluatedKeys clients hold depend on these
// values; they were recorded once and must never change between builds or releases.
TEST(PartitionHash, IsPinnedToRecordedValues) {
  EXPECT_EQ(partition_hash(AttributeValue::string("USER#123")), 11046781334612010034ull);
  EXPECT_EQ(partition_hash(AttributeValue::string("")), 13260575359127036241ull);
  EXPECT_EQ(partition_hash(n("42")), 5231813486405827505ull);
  EXPECT_EQ(partition_hash(n("-1.5")), 12052677054278023757ull);
  EXPECT_EQ(partition_hash(AttributeValue::binary(std::string("\x00\xff", 2))),
            624852118309532914ull);
}

TEST(PartitionHash, EqualNumbersHashEquallyWhateverTheirSpelling) {
  EXPECT_EQ(partition_hash(n("42")), partition_hash(n("4.2E1")));
  EXPECT_EQ(partition_hash(n("42")), partition_hash(n("042.00")));
}

TEST(PartitionHash, TheTypeIsPartOfTheHash) {
  EXPECT_NE(partition_hash(AttributeValue::string("42")), partition_hash(n("42")));
  EXPECT_NE(partition_hash(AttributeValue::string("ab")),
            partition_hash(AttributeValue::binary("ab")));
}

}  // namespace
}  // namespace ddb::engine
