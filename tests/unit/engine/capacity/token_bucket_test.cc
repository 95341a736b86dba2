#include "engine/capacity/token_bucket.h"

#include <gtest/gtest.h>

namespace ddb::engine {
namespace {

constexpr int64_t kSecond = 1'000'000;

TEST(TokenBucketTest, StartsWithOneSecondOfCapacityAndNothingBanked) {
  TokenBucket bucket(5, 300);
  EXPECT_DOUBLE_EQ(bucket.balance(0), 5);
  EXPECT_TRUE(bucket.holds(5, 0));
  EXPECT_FALSE(bucket.holds(5.5, 0));
}

TEST(TokenBucketTest, RefillsAtItsRateFromItsFirstUse) {
  TokenBucket bucket(5, 300);
  bucket.spend(5, 100 * kSecond);  // first use at t=100 s: nothing accrued before it
  EXPECT_DOUBLE_EQ(bucket.balance(100 * kSecond), 0);
  EXPECT_DOUBLE_EQ(bucket.balance(100 * kSecond + kSecond / 5), 1);
  EXPECT_DOUBLE_EQ(bucket.balance(102 * kSecond), 10);
}

TEST(TokenBucketTest, BanksAtMostItsBurstSeconds) {
  TokenBucket bucket(5, 300);
  bucket.spend(0, 0);
  EXPECT_DOUBLE_EQ(bucket.balance(1000 * kSecond), 1500);
  bucket.spend(1500, 1000 * kSecond);
  EXPECT_FALSE(bucket.holds(1, 1000 * kSecond));
}

TEST(TokenBucketTest, SpendingMayGoIntoDebtThatRefillRepays) {
  TokenBucket bucket(10, 1);
  bucket.spend(25, 0);
  EXPECT_DOUBLE_EQ(bucket.balance(0), -15);
  EXPECT_FALSE(bucket.holds(0.5, kSecond));
  EXPECT_DOUBLE_EQ(bucket.balance(2 * kSecond), 5);
}

TEST(TokenBucketTest, AClockMovedBackRefillsNothing) {
  TokenBucket bucket(10, 1);
  bucket.spend(10, 5 * kSecond);
  EXPECT_DOUBLE_EQ(bucket.balance(kSecond), 0);
  EXPECT_DOUBLE_EQ(bucket.balance(5 * kSecond + kSecond / 2), 5);
}

TEST(TokenBucketTest, ANewRateKeepsTheBalanceWithinTheNewCeiling) {
  TokenBucket bucket(100, 1);
  EXPECT_DOUBLE_EQ(bucket.balance(0), 100);
  bucket.set_rate(10, 1);
  EXPECT_DOUBLE_EQ(bucket.balance(0), 10);
  EXPECT_TRUE(bucket.full(0));
  bucket.set_rate(50, 1);
  EXPECT_DOUBLE_EQ(bucket.balance(0), 10);
  EXPECT_FALSE(bucket.full(0));
}

}  // namespace
}  // namespace ddb::engine
