#include "server/http_date.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::server {
namespace {

std::string formatted(std::time_t seconds) {
  char out[29];
  format_http_date(seconds, out);
  return {out, sizeof out};
}

TEST(HttpDate, FormatsImfFixdate) {
  EXPECT_EQ(formatted(784111777), "Sun, 06 Nov 1994 08:49:37 GMT");
  EXPECT_EQ(formatted(0), "Thu, 01 Jan 1970 00:00:00 GMT");
  EXPECT_EQ(formatted(1795585435), "Wed, 25 Nov 2026 05:43:55 GMT");
}

TEST(HttpDate, NowIsTwentyNineCharactersEndingInGmt) {
  std::string_view now = http_date_now();
  EXPECT_EQ(now.size(), 29u);
  EXPECT_TRUE(now.ends_with(" GMT")) << now;
  EXPECT_EQ(now[3], ',');
}

}  // namespace
}  // namespace ddb::server
