#include "engine/durable/log_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "engine/durable/codec.h"
#include "tests/unit/engine/durable/temp_dir.h"

namespace ddb::engine::durable {
namespace {

std::vector<std::string> read_all(const std::string& path, LogReadResult* result = nullptr) {
  std::vector<std::string> records;
  LogReadResult r =
      LogFile::read(path, [&](std::string_view payload) { records.emplace_back(payload); });
  if (result) *result = r;
  return records;
}

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void overwrite(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

TEST(LogCrc32, MatchesTheStandardCheckValue) {
  EXPECT_EQ(crc32("123456789"), 0xCBF43926u);
  EXPECT_EQ(crc32(""), 0u);
}

TEST(LogFile, ReadsBackWhatWasAppendedInOrder) {
  test::TempDir dir;
  std::string path = dir.file("log");
  {
    LogFile log = LogFile::create(path);
    log.append("first");
    log.append("");
    log.append(std::string(100000, 'x'));
    log.sync();
  }
  LogReadResult result;
  auto records = read_all(path, &result);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0], "first");
  EXPECT_EQ(records[1], "");
  EXPECT_EQ(records[2], std::string(100000, 'x'));
  EXPECT_EQ(result.torn_bytes, 0u);
  EXPECT_EQ(result.valid_bytes, std::filesystem::file_size(path));
}

TEST(LogFile, AppendsAfterReopeningAtTheValidEnd) {
  test::TempDir dir;
  std::string path = dir.file("log");
  { LogFile::create(path).append("a"); }
  LogReadResult result;
  read_all(path, &result);
  { LogFile::open(path, result.valid_bytes).append("b"); }
  EXPECT_EQ(read_all(path), (std::vector<std::string>{"a", "b"}));
}

TEST(LogFile, DropsARecordCutShortByACrashAndOnlyThatRecord) {
  test::TempDir dir;
  std::string path = dir.file("log");
  {
    LogFile log = LogFile::create(path);
    log.append("kept");
    log.append("torn record payload");
  }
  std::string full = contents(path);
  std::size_t kept_end = 16 + 12 + 4;
  // Every cut inside the second record (its header or its payload) is a torn tail.
  for (std::size_t cut = kept_end + 1; cut < full.size(); ++cut) {
    overwrite(path, full.substr(0, cut));
    LogReadResult result;
    EXPECT_EQ(read_all(path, &result), (std::vector<std::string>{"kept"})) << cut;
    EXPECT_EQ(result.valid_bytes, kept_end);
    EXPECT_EQ(result.torn_bytes, cut - kept_end);
  }
  // Reopening cuts the torn bytes off, and a new record follows the kept one.
  overwrite(path, full.substr(0, full.size() - 3));
  LogReadResult result;
  read_all(path, &result);
  { LogFile::open(path, result.valid_bytes).append("after"); }
  EXPECT_EQ(read_all(path), (std::vector<std::string>{"kept", "after"}));
}

TEST(LogFile, TreatsAZeroFilledTailAsTorn) {
  test::TempDir dir;
  std::string path = dir.file("log");
  { LogFile::create(path).append("kept"); }
  overwrite(path, contents(path) + std::string(4096, '\0'));
  LogReadResult result;
  EXPECT_EQ(read_all(path, &result), (std::vector<std::string>{"kept"}));
  EXPECT_EQ(result.torn_bytes, 4096u);
}

TEST(LogFile, AFlippedByteInAnyCompleteRecordIsCorruption) {
  test::TempDir dir;
  std::string path = dir.file("log");
  {
    LogFile log = LogFile::create(path);
    log.append("one");
    log.append("two");
  }
  std::string full = contents(path);
  for (std::size_t i = 0; i < full.size(); ++i) {
    std::string damaged = full;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x40);
    overwrite(path, damaged);
    EXPECT_THROW(read_all(path), CorruptData) << "byte " << i;
  }
}

TEST(LogFile, GarbageAfterTheLastRecordIsCorruptionNotATornTail) {
  test::TempDir dir;
  std::string path = dir.file("log");
  { LogFile::create(path).append("kept"); }
  overwrite(path, contents(path) + std::string(64, '\x5a'));
  EXPECT_THROW(read_all(path), CorruptData);
}

TEST(LogFile, AFileThatIsNotALogIsCorruption) {
  test::TempDir dir;
  std::string path = dir.file("log");
  overwrite(path, "this is not a ddblocal log at all");
  try {
    read_all(path);
    FAIL() << "no error";
  } catch (const CorruptData& error) {
    EXPECT_EQ(std::string(error.what()),
              path + " is corrupted at byte 0: not a ddblocal log (bad header)");
  }
}

TEST(LogFile, AMissingFileIsAnError) {
  test::TempDir dir;
  EXPECT_THROW(read_all(dir.file("absent")), CorruptData);
}

}  // namespace
}  // namespace ddb::engine::durable
