#include "server/seed_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "protocol/admin/seed/seed_items.h"
#include "server/gzip.h"

namespace ddb::server {
namespace {

namespace fs = std::filesystem;

// A fresh directory for one test, removed afterwards.
class SeedFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("ddblocal-seed-files-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  std::string write(const std::string& name, const std::string& bytes) {
    const fs::path path = root_ / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << bytes;
    return path.string();
  }

  protocol::SeedError refusal(const std::vector<std::string>& paths) {
    try {
      read_seed_paths(paths);
    } catch (const protocol::SeedError& error) {
      return error;
    }
    return protocol::SeedError("", "read");
  }

  fs::path root_;
};

TEST_F(SeedFiles, ReadsADocumentAndAnItemFile) {
  const std::string document = write("seed.json", R"({"tables": [{"TableName": "Users"}]})");
  const std::string items = write("Users.jsonl", "{\"pk\": {\"S\": \"u1\"}}\n");
  protocol::Seed seed = read_seed_paths({document, items});
  ASSERT_EQ(seed.size(), 2u);
  EXPECT_EQ(seed[0].source, document);
  EXPECT_EQ(seed[0].tables.size(), 1u);
  EXPECT_EQ(seed[1].source, items);
  ASSERT_EQ(seed[1].items.size(), 1u);
  EXPECT_EQ(seed[1].items[0].table, "Users");
  EXPECT_EQ(seed[1].items[0].items.size(), 1u);
  EXPECT_FALSE(seed[1].space.access_key);
}

TEST_F(SeedFiles, ReadsADirectoryDocumentsFirstEachInNameOrder) {
  write("b.json", R"({"tables": [{"TableName": "B"}]})");
  write("a.json", R"({"tables": [{"TableName": "A"}]})");
  write("Orders.json.gz", gzip_compress("{\"Item\": {\"pk\": {\"S\": \"o1\"}}}\n"));
  write("Events.jsonl.gz", gzip_compress("{\"pk\": {\"S\": \"e1\"}}\n{\"pk\": {\"S\": \"e2\"}}\n"));
  write("Users.jsonl", "{\"pk\": {\"S\": \"u1\"}}\n");
  write("README.md", "not a seed");
  write("nested/C.json", R"({"tables": [{"TableName": "C"}]})");
  protocol::Seed seed = read_seed_paths({root_.string()});
  ASSERT_EQ(seed.size(), 5u);
  EXPECT_EQ(seed[0].tables[0].definition["TableName"], "A");
  EXPECT_EQ(seed[1].tables[0].definition["TableName"], "B");
  EXPECT_EQ(seed[2].items[0].table, "Events");
  EXPECT_EQ(seed[2].items[0].items.size(), 2u);
  EXPECT_EQ(seed[3].items[0].table, "Orders");
  EXPECT_EQ(protocol::item_of(seed[3].items[0].items[0]),
            protocol::Json::parse(R"({"pk": {"S": "o1"}})"));
  EXPECT_EQ(seed[4].items[0].table, "Users");
}

TEST_F(SeedFiles, ReadsAnS3ExportThatADocumentNames) {
  write("export/AWSDynamoDB/0123-abcd/manifest-summary.json", R"({"itemCount": 3})");
  write("export/AWSDynamoDB/0123-abcd/manifest-files.json", R"({"itemCount": 2})");
  write("export/AWSDynamoDB/0123-abcd/_started", "");
  write("export/AWSDynamoDB/0123-abcd/data/b.json.gz",
        gzip_compress("{\"Item\":{\"pk\":{\"S\":\"3\"}}}\n"));
  write("export/AWSDynamoDB/0123-abcd/data/a.json.gz",
        gzip_compress("{\"Item\":{\"pk\":{\"S\":\"1\"}}}\n{\"Item\":{\"pk\":{\"S\":\"2\"}}}\n"));
  const std::string document = write(
      "seed.json", R"({"accessKey": "k", "itemFiles": {"Users": "export/AWSDynamoDB/0123-abcd"}})");
  protocol::Seed seed = read_seed_paths({document});
  ASSERT_EQ(seed.size(), 3u);
  EXPECT_EQ(seed[1].source, (root_ / "export/AWSDynamoDB/0123-abcd/data/a.json.gz").string());
  EXPECT_EQ(seed[1].items[0].table, "Users");
  EXPECT_EQ(seed[1].items[0].items.size(), 2u);
  EXPECT_EQ(seed[1].space.access_key, "k");
  EXPECT_EQ(seed[2].items[0].items.size(), 1u);
}

TEST_F(SeedFiles, NamesTheFileAndLineOfAMalformedItem) {
  const std::string items =
      write("Users.jsonl.gz", gzip_compress("{\"pk\": {\"S\": \"u1\"}}\n{oops\n"));
  protocol::SeedError error = refusal({root_.string()});
  EXPECT_EQ(error.source(), items);
  EXPECT_EQ(error.line(), 2u);
  EXPECT_EQ(std::string(error.what()),
            items +
                ":2: not JSON: syntax error while parsing object key - invalid literal; last "
                "read: '{o'; expected string literal");
}

TEST_F(SeedFiles, RefusesAMissingPathAndAFileOfNoKnownKind) {
  const std::string missing = (root_ / "missing.json").string();
  EXPECT_EQ(std::string(refusal({missing}).what()),
            missing + ": cannot read it: No such file or directory");
  const std::string other = write("notes.txt", "");
  EXPECT_EQ(std::string(refusal({other}).what()),
            other +
                ": not a seed file: expected a seed document (*.json), an item file "
                "(<TableName>.jsonl, .jsonl.gz or .json.gz) or a directory of them");
}

TEST_F(SeedFiles, RefusesAnItemFileADocumentNamesThatIsMissing) {
  const std::string document =
      write("seed.json", "{\n  \"itemFiles\": {\n    \"Users\": \"gone.jsonl\"}}");
  protocol::SeedError error = refusal({document});
  EXPECT_EQ(std::string(error.what()), document +
                                           ":3: itemFiles.Users: no such file or directory: " +
                                           (root_ / "gone.jsonl").string());
}

TEST_F(SeedFiles, RefusesAFileThatIsNotValidGzip) {
  const std::string items = write("Users.json.gz", std::string("\x1f\x8b\x08garbage", 10));
  EXPECT_EQ(std::string(refusal({items}).what()), items + ": not a valid gzip file");
}

}  // namespace
}  // namespace ddb::server
