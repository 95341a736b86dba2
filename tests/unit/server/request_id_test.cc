#include "server/request_id.h"

#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace ddb::server {
namespace {

bool looks_like_dynamodb_request_id(const std::string& id) {
  if (id.size() != 52) return false;
  for (char c : id) {
    if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z'))) return false;
  }
  return true;
}

TEST(RequestId, IsFiftyTwoUppercaseLettersAndDigits) {
  for (int i = 0; i < 1000; ++i) {
    std::string id = new_request_id();
    EXPECT_TRUE(looks_like_dynamodb_request_id(id)) << id;
  }
}

TEST(RequestId, DoesNotRepeat) {
  std::set<std::string> seen;
  for (int i = 0; i < 10000; ++i) EXPECT_TRUE(seen.insert(new_request_id()).second);
}

TEST(RequestId, UsesTheWholeAlphabet) {
  std::set<char> chars;
  for (int i = 0; i < 200; ++i) {
    for (char c : new_request_id()) chars.insert(c);
  }
  EXPECT_EQ(chars.size(), 36u);
}

TEST(RequestId, ThreadsGetDistinctIds) {
  std::mutex mutex;
  std::set<std::string> seen;
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      std::vector<std::string> mine;
      for (int i = 0; i < 1000; ++i) mine.push_back(new_request_id());
      std::lock_guard lock(mutex);
      seen.insert(mine.begin(), mine.end());
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(seen.size(), 8000u);
}

}  // namespace
}  // namespace ddb::server
