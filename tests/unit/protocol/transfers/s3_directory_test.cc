#include "protocol/transfers/s3_directory.h"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/unit/engine/durable/temp_dir.h"

namespace ddb::protocol {
namespace {

TEST(S3Directory, BucketNamesFollowTheApiPattern) {
  EXPECT_TRUE(is_bucket_name("my-bucket.v2_x"));
  EXPECT_TRUE(is_bucket_name("ab"));
  EXPECT_FALSE(is_bucket_name("a"));
  EXPECT_FALSE(is_bucket_name("-bucket"));
  EXPECT_FALSE(is_bucket_name("bucket."));
  EXPECT_FALSE(is_bucket_name("a/b"));
  EXPECT_FALSE(is_bucket_name(".."));
  EXPECT_FALSE(is_bucket_name(std::string(256, 'a')));
}

TEST(S3Directory, LocalKeysHaveNoDotOrEmptySegments) {
  EXPECT_TRUE(is_local_key(""));
  EXPECT_TRUE(is_local_key("exports/2026/"));
  EXPECT_TRUE(is_local_key("a/b.json.gz"));
  EXPECT_TRUE(is_local_key("a/da"));  // a prefix may end inside a name
  EXPECT_FALSE(is_local_key("../etc"));
  EXPECT_FALSE(is_local_key("a/./b"));
  EXPECT_FALSE(is_local_key("a//b"));
  EXPECT_FALSE(is_local_key("/a"));
  EXPECT_FALSE(is_local_key(std::string("a\0b", 3)));
}

TEST(S3Directory, JoinKeyPutsOneSlashBetween) {
  EXPECT_EQ(join_key("", "AWSDynamoDB/x"), "AWSDynamoDB/x");
  EXPECT_EQ(join_key("p", "AWSDynamoDB/x"), "p/AWSDynamoDB/x");
  EXPECT_EQ(join_key("p/", "AWSDynamoDB/x"), "p/AWSDynamoDB/x");
}

TEST(S3Directory, ListsObjectsUnderAPrefixInKeyOrder) {
  test::TempDir root;
  std::filesystem::create_directories(root.file("bucket/data/sub"));
  for (const char* name : {"bucket/data/b.json", "bucket/data/a.json", "bucket/data/sub/c.json",
                           "bucket/other.json"}) {
    std::ofstream(root.file(name)) << "xyz";
  }
  S3Directory s3(root.path());
  EXPECT_TRUE(s3.has_bucket("bucket"));
  EXPECT_FALSE(s3.has_bucket("missing"));
  auto objects = s3.list("bucket", "data/");
  ASSERT_EQ(objects.size(), 3u);
  EXPECT_EQ(objects[0].key, "data/a.json");
  EXPECT_EQ(objects[1].key, "data/b.json");
  EXPECT_EQ(objects[2].key, "data/sub/c.json");
  EXPECT_EQ(objects[0].size, 3u);
  EXPECT_EQ(s3.list("bucket", "").size(), 4u);
  EXPECT_EQ(s3.list("bucket", "data/s").size(), 1u);
  EXPECT_TRUE(s3.list("missing", "").empty());
}

}  // namespace
}  // namespace ddb::protocol
