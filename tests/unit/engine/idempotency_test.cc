#include "engine/idempotency.h"

#include <gtest/gtest.h>

#include <chrono>

#include "engine/error.h"

namespace ddb::engine {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;

// A store on a clock the test moves by hand.
struct ManualClock {
  IdempotencyStore::Clock::time_point now{};
  IdempotencyStore store{[this] { return now; }};
};

ErrorType error_of(IdempotencyStore& store, const std::string& token,
                   const std::string& fingerprint) {
  try {
    store.begin(token, fingerprint);
  } catch (const Error& error) {
    return error.type();
  }
  ADD_FAILURE() << "begin() did not throw";
  return ErrorType::InternalServer;
}

TEST(IdempotencyStore, ANewTokenIsClaimedThenReplaysItsResponse) {
  ManualClock clock;
  EXPECT_EQ(clock.store.begin("t", "request-a"), std::nullopt);
  clock.store.complete("t", "{\"ok\":1}");
  EXPECT_EQ(clock.store.begin("t", "request-a"), "{\"ok\":1}");
}

TEST(IdempotencyStore, AnotherRequestWithAUsedTokenIsAMismatch) {
  ManualClock clock;
  clock.store.begin("t", "request-a");
  clock.store.complete("t", "{}");
  EXPECT_EQ(error_of(clock.store, "t", "request-b"), ErrorType::IdempotentParameterMismatch);
}

TEST(IdempotencyStore, ARetryWhileTheFirstRunsIsInProgress) {
  ManualClock clock;
  clock.store.begin("t", "request-a");
  EXPECT_EQ(error_of(clock.store, "t", "request-a"), ErrorType::TransactionInProgress);
  EXPECT_EQ(error_of(clock.store, "t", "request-b"), ErrorType::IdempotentParameterMismatch);
}

TEST(IdempotencyStore, AnAbandonedTokenIsNewAgain) {
  ManualClock clock;
  clock.store.begin("t", "request-a");
  clock.store.abandon("t");
  EXPECT_EQ(clock.store.begin("t", "request-b"), std::nullopt);
}

TEST(IdempotencyStore, ATokenIsForgottenTenMinutesAfterItsRequestCompleted) {
  ManualClock clock;
  clock.store.begin("t", "request-a");
  clock.now += minutes(5);  // a long-running request: the window starts at completion
  clock.store.complete("t", "{}");
  clock.now += minutes(10) - seconds(1);
  EXPECT_EQ(clock.store.begin("t", "request-a"), "{}");
  EXPECT_EQ(error_of(clock.store, "t", "request-b"), ErrorType::IdempotentParameterMismatch);
  clock.now += seconds(1);
  EXPECT_EQ(clock.store.begin("t", "request-b"), std::nullopt);
}

TEST(IdempotencyStore, ExpiredTokensLeaveMemory) {
  ManualClock clock;
  for (int i = 0; i < 100; ++i) {
    std::string token = "t" + std::to_string(i);
    clock.store.begin(token, "r");
    clock.store.complete(token, "{}");
    clock.now += seconds(10);
  }
  EXPECT_EQ(clock.store.size(), 60u);  // the last 10 minutes
  clock.now += minutes(10);
  clock.store.begin("fresh", "r");
  EXPECT_EQ(clock.store.size(), 1u);
}

TEST(IdempotencyStore, AReclaimedTokenOutlivesItsOldExpiry) {
  ManualClock clock;
  clock.store.begin("t", "request-a");
  clock.store.complete("t", "old");
  clock.now += minutes(10);
  EXPECT_EQ(clock.store.begin("t", "request-b"), std::nullopt);
  clock.store.complete("t", "new");
  clock.now += minutes(1);
  EXPECT_EQ(clock.store.begin("t", "request-b"), "new");
}

}  // namespace
}  // namespace ddb::engine
