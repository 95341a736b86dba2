// A batch share: how many of a batch's requests are left unprocessed, which ones, and that a seed
// picks the same ones every time.

#include "protocol/faults/unprocessed_share.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>
#include <vector>

namespace ddb::protocol {
namespace {

std::size_t count_chosen(const std::vector<bool>& chosen) {
  return static_cast<std::size_t>(std::count(chosen.begin(), chosen.end(), true));
}

TEST(UnprocessedShare, LeavesTheShareOfTheRequestsRoundedUp) {
  const std::vector<std::string_view> five(5, "t");
  EXPECT_EQ(count_chosen(UnprocessedShare(0.5, 1, {}).choose(five)), 3u);
  EXPECT_EQ(count_chosen(UnprocessedShare(0.2, 1, {}).choose(five)), 1u);
  EXPECT_EQ(count_chosen(UnprocessedShare(0.01, 1, {}).choose(five)), 1u);
  EXPECT_EQ(UnprocessedShare(1, 1, {}).choose(five), std::vector<bool>(5, true));
  // 0.7 × 10 is 7.000000000000001 in doubles: still 7.
  EXPECT_EQ(
      count_chosen(UnprocessedShare(0.7, 1, {}).choose(std::vector<std::string_view>(10, "t"))),
      7u);
  EXPECT_TRUE(UnprocessedShare(0.5, 1, {}).choose({}).empty());
}

TEST(UnprocessedShare, ChoosesOnlyRequestsOnItsTables) {
  UnprocessedShare share(1, 9, {"orders"});
  EXPECT_EQ(share.choose({"users", "orders", "arn:aws:dynamodb:us-east-1:000000000000:table/orders",
                          "users"}),
            (std::vector<bool>{false, true, true, false}));
}

TEST(UnprocessedShare, TheSeedDecidesWhichRequests) {
  const std::vector<std::string_view> batch(25, "t");
  std::vector<bool> first = UnprocessedShare(0.4, 123, {}).choose(batch);
  EXPECT_EQ(count_chosen(first), 10u);
  EXPECT_EQ(UnprocessedShare(0.4, 123, {}).choose(batch), first);
  bool another_differs = false;
  for (std::uint64_t seed = 124; seed < 130; ++seed) {
    another_differs |= UnprocessedShare(0.4, seed, {}).choose(batch) != first;
  }
  EXPECT_TRUE(another_differs);
}

}  // namespace
}  // namespace ddb::protocol
