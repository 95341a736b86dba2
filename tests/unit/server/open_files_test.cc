#include "server/open_files.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

namespace ddb::server {
namespace {

TEST(OpenFiles, ConnectionsKeepAReserveForFiles) {
  EXPECT_EQ(connections_for(1024 * 1024), 1024u * 1024u - 256u);
  EXPECT_EQ(connections_for(20000), 19744u);
  EXPECT_EQ(connections_for(1024), 768u);
}

TEST(OpenFiles, FewFilesLeaveHalfForConnections) {
  EXPECT_EQ(connections_for(512), 256u);
  EXPECT_EQ(connections_for(100), 50u);
  EXPECT_EQ(connections_for(1), 1u);
  EXPECT_EQ(connections_for(0), 1u);
}

TEST(OpenFiles, RaisesTheSoftLimitToTheHardOne) {
  std::size_t raised = raise_open_file_limit();
  rlimit limit{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &limit), 0);
  EXPECT_EQ(raised, static_cast<std::size_t>(limit.rlim_cur));
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max <= 1024 * 1024) {
    EXPECT_EQ(limit.rlim_cur, limit.rlim_max);
  }
}

}  // namespace
}  // namespace ddb::server
