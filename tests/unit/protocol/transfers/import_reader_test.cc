#include "protocol/transfers/import_reader.h"

#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <fstream>

#include "tests/unit/engine/durable/temp_dir.h"

namespace ddb::protocol {
namespace {

std::vector<std::string> all_lines(const std::string& path, Compression compression) {
  ObjectLines lines(path, compression);
  std::vector<std::string> out;
  std::string line;
  while (lines.next(line)) out.push_back(line);
  return out;
}

void write_plain(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

void write_gzip(const std::string& path, const std::string& text) {
  gzFile file = gzopen(path.c_str(), "wb");
  gzwrite(file, text.data(), static_cast<unsigned>(text.size()));
  gzclose(file);
}

void write_zstd(const std::string& path, const std::string& text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  out.resize(ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3));
  write_plain(path, out);
}

TEST(ObjectLines, CutsLinesWithAndWithoutCarriageReturns) {
  test::TempDir dir;
  write_plain(dir.file("a"), "one\r\ntwo\n\nthree");
  EXPECT_EQ(all_lines(dir.file("a"), Compression::None),
            (std::vector<std::string>{"one", "two", "", "three"}));
}

TEST(ObjectLines, ReadsGzipAndZstdAcrossManyBuffers) {
  test::TempDir dir;
  std::string text;
  for (int i = 0; i < 50000; ++i)
    text += "line " + std::to_string(i) + " " + std::string(20, 'x') + "\n";
  write_gzip(dir.file("g"), text);
  write_zstd(dir.file("z"), text);
  for (auto [name, compression] : {std::pair{"g", Compression::Gzip}, {"z", Compression::Zstd}}) {
    auto lines = all_lines(dir.file(name), compression);
    ASSERT_EQ(lines.size(), 50000u) << name;
    EXPECT_EQ(lines.back(), "line 49999 " + std::string(20, 'x'));
  }
}

TEST(ObjectLines, RefusesDataItsCompressionCannotDecode) {
  test::TempDir dir;
  write_plain(dir.file("plain"), "{\"Item\":{}}\n");
  EXPECT_THROW(all_lines(dir.file("plain"), Compression::Gzip), ImportReadError);
  EXPECT_THROW(all_lines(dir.file("plain"), Compression::Zstd), ImportReadError);
  std::string text = "abc\n";
  write_zstd(dir.file("z"), text);
  std::ifstream in(dir.file("z"), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  write_plain(dir.file("cut"), bytes.substr(0, bytes.size() - 3));
  EXPECT_THROW(all_lines(dir.file("cut"), Compression::Zstd), ImportReadError);
}

TEST(DynamoDbJsonItem, UnwrapsExportLines) {
  EXPECT_EQ(dynamodb_json_item(R"({"Item":{"pk":{"S":"a"}}})"),
            nlohmann::json::parse(R"({"pk":{"S":"a"}})"));
  try {
    dynamodb_json_item("{\"Item\":");
    FAIL();
  } catch (const std::invalid_argument& error) {
    EXPECT_TRUE(std::string(error.what()).starts_with("not JSON: ")) << error.what();
  }
  EXPECT_THROW(dynamodb_json_item("[1]"), std::invalid_argument);
}

TEST(CsvFields, SplitsQuotedFields) {
  EXPECT_EQ(csv_fields("a,\"b,c\",\"say \"\"hi\"\"\",", ','),
            (std::vector<std::string>{"a", "b,c", "say \"hi\"", ""}));
  EXPECT_EQ(csv_fields("a|b", '|'), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(csv_fields("", ','), (std::vector<std::string>{""}));
  EXPECT_THROW(csv_fields("\"open", ','), std::invalid_argument);
  EXPECT_THROW(csv_fields("\"a\"b,c", ','), std::invalid_argument);
}

TEST(CsvItem, TypesDefinedAttributesAndSkipsEmptyFields) {
  std::map<std::string, std::string, std::less<>> types = {{"pk", "S"}, {"n", "N"}};
  EXPECT_EQ(csv_item({"pk", "n", "name", "empty"}, {"k1", "42", "Ann", ""}, types),
            nlohmann::json::parse(R"({"pk":{"S":"k1"},"n":{"N":"42"},"name":{"S":"Ann"}})"));
  EXPECT_THROW(csv_item({"pk"}, {"a", "b"}, types), std::invalid_argument);
  EXPECT_THROW(csv_item({"pk", "name"}, {"a"}, types), std::invalid_argument);
}

}  // namespace
}  // namespace ddb::protocol
