#include "server/gzip.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::server {
namespace {

// "hello\n" as `printf 'hello\n' | gzip -n` writes it.
const std::string kHelloGzip(
    "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\xc9\xc9\xe7\x02\x00\x20\x30\x3a\x36\x06"
    "\x00\x00\x00",
    26);

TEST(Gzip, DecodesWhatGzipWrites) {
  Inflated inflated = gzip_decompress(kHelloGzip, 100);
  ASSERT_EQ(inflated.status, Inflated::Status::Ok);
  EXPECT_EQ(inflated.data, "hello\n");
}

TEST(Gzip, RoundTripsLargeData) {
  std::string data;
  for (int i = 0; i < 100000; ++i) data += "{\"pk\":{\"S\":\"item" + std::to_string(i) + "\"}},";
  std::string compressed = gzip_compress(data);
  EXPECT_LT(compressed.size(), data.size() / 4);
  EXPECT_EQ(compressed.substr(0, 2), "\x1f\x8b");
  Inflated inflated = gzip_decompress(compressed, data.size());
  ASSERT_EQ(inflated.status, Inflated::Status::Ok);
  EXPECT_EQ(inflated.data, data);
}

TEST(Gzip, StopsAtTheLimit) {
  std::string zeros(1 << 20, '\0');
  std::string compressed = gzip_compress(zeros);
  EXPECT_EQ(gzip_decompress(compressed, zeros.size() - 1).status, Inflated::Status::TooLarge);
  EXPECT_EQ(gzip_decompress(compressed, zeros.size()).status, Inflated::Status::Ok);
}

TEST(Gzip, RejectsWhatIsNotOneWholeGzipMember) {
  EXPECT_EQ(gzip_decompress(R"({"TableName":"t"})", 100).status, Inflated::Status::Invalid);
  EXPECT_EQ(gzip_decompress("", 100).status, Inflated::Status::Invalid);
  EXPECT_EQ(gzip_decompress(kHelloGzip.substr(0, 20), 100).status, Inflated::Status::Invalid);
  EXPECT_EQ(gzip_decompress(kHelloGzip + "junk", 100).status, Inflated::Status::Invalid);
  std::string corrupt = kHelloGzip;
  corrupt[20] = static_cast<char>(corrupt[20] ^ 0x55);  // the CRC32 trailer
  EXPECT_EQ(gzip_decompress(corrupt, 100).status, Inflated::Status::Invalid);
}

TEST(Gzip, ReadsAcceptEncoding) {
  EXPECT_TRUE(accepts_gzip("gzip"));
  EXPECT_TRUE(accepts_gzip("gzip, deflate, br"));
  EXPECT_TRUE(accepts_gzip("br;q=1.0, GZIP;q=0.5"));
  EXPECT_TRUE(accepts_gzip("*"));
  EXPECT_FALSE(accepts_gzip(""));
  EXPECT_FALSE(accepts_gzip("identity"));
  EXPECT_FALSE(accepts_gzip("deflate, br"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("gzip; q=0.000"));
  EXPECT_FALSE(accepts_gzip("x-gzip"));
}

}  // namespace
}  // namespace ddb::server
